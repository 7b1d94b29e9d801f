import os from 'node:os';
import { createNode, type TronNode } from '../../../src-main/node';
import * as b from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { signDigest, privateKeyFromHex } from '../../../src-core/keys/keys';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { splitBlock } from '../../../src-main/node/http/format';
import type { ClientThread } from './client-thread';
import { cpuBetween, cpuPerThread, threadCpuMs } from './thread-cpu';

/**
 * The bench's load: signed transfers between the funded accounts, broadcast over keep-alive HTTP
 * with many requests in flight while blocks are produced, as wallets would send them.
 */
/** A manual-mining node with 20 funded accounts, a recovery worker per core and room for every transfer. */
export function startBenchNode(log?: (line: string) => void): Promise<TronNode> {
  return createNode({
    port: 0,
    blockTimeMs: 0,
    accounts: 20,
    signatureWorkers: os.availableParallelism(),
    maxPendingTransactions: 100_000,
    log,
  });
}

export interface Signed {
  readonly id: string;
  readonly body: string;
}

/** What presigning reads of a node: its head, and the funded accounts' keys (hex). */
export interface PresignSource {
  head(): { readonly number: number; readonly id: string; readonly timestamp: number };
  readonly accounts: readonly { readonly hex: string; readonly privateKey: string }[];
}

export async function presign(node: PresignSource, count: number, firstAmount: number): Promise<Signed[]> {
  const head = node.head();
  const header = transactionHeader({
    refBlock: { number: BigInt(head.number), blockId: head.id },
    headTimestamp: head.timestamp,
    expirationMs: 3_600_000,
  });
  const keys = node.accounts.map((a) => ({ hex: a.hex, key: privateKeyFromHex(a.privateKey) }));
  const out: Signed[] = [];
  for (let i = 0; i < count; i++) {
    const from = keys[i % keys.length]!;
    const to = keys[(i + 1) % keys.length]!;
    const tx = b.buildTransaction(
      b.transferContract({ owner: from.hex, to: to.hex, amount: BigInt(firstAmount + i) }),
      { header },
    );
    const signature = bytesToHex(signDigest(hexToBytes(tx.txID), from.key));
    out.push({ id: tx.txID, body: JSON.stringify({ ...tx, signature: [signature] }) });
  }
  return out;
}

async function countPacked(node: TronNode, fromBlock: number): Promise<number> {
  let n = 0;
  for (let i = fromBlock; i <= node.head().number; i++)
    n += splitBlock((await node.chain.blockBytes(i))!).transactions.length;
  return n;
}

export interface Throughput {
  /** Accepted-and-packed transfers per second, from the first request to the closing block. */
  readonly tps: number;
  readonly packed: number;
  readonly accepted: number;
  /** The first refusal's reply, empty when none. */
  readonly refused: string;
  /** CPU µs per packed transfer of the main thread (the node's event loop) and of the node's other threads. */
  readonly cpuMain: number;
  readonly cpuOthers: number;
  /** CPU µs per packed transfer of the client, a thread left out of the two above or another process. */
  readonly cpuClient: number;
  /** CPU µs per packed transfer of each of this process's threads but the client's, busiest first. */
  readonly byThread?: readonly { readonly thread: string; readonly micros: number }[];
}

/** What a client reports of one batch: replies counted, and its own CPU when it is measured on its side. */
export interface Sent {
  readonly accepted: number;
  readonly refused: string;
  /** The client's CPU ms while it sent, when it runs in another process. */
  readonly clientCpuMs?: number;
}

/**
 * Broadcasts `signed` from the client thread while blocks are produced: accepted-and-packed
 * transfers per second, from the first request to the closing block.
 */
export async function throughput(node: TronNode, signed: readonly Signed[], client: ClientThread): Promise<Throughput> {
  // The client thread holds the batch before the clock starts: copying thousands of bodies to it
  // would take the node's main thread, which a wallet in another process never does.
  const batch = await client.keep(signed.map((s) => s.body));
  return admission(node, () => client.sendKept(batch), client.taskId);
}

/**
 * Runs `send` (a client posting a batch it holds already) while blocks are produced: accepted-and-
 * packed transfers per second, from the first request to the closing block, and the CPU per packed
 * transfer of this process's threads; `clientTask` is a thread of this process left out of them.
 */
export async function admission(node: TronNode, send: () => Promise<Sent>, clientTask?: number): Promise<Throughput> {
  const startHead = node.head().number;
  let sending = true;
  let wake: () => void = () => {};
  // Blocks keep coming every 250 ms while transactions arrive, as the producer would make them;
  // once the last reply is in, the closing block is produced at once.
  const start = performance.now();
  const cpuBefore = threadCpuMs();
  const mining = (async () => {
    while (sending || node.pool.size > 0) {
      await new Promise<void>((r) => {
        const timer = setTimeout(r, 250);
        wake = () => {
          clearTimeout(timer);
          r();
        };
      });
      await node.mine(1);
    }
  })();
  const { accepted, refused, clientCpuMs } = await send();
  sending = false;
  wake();
  await mining;
  const seconds = (performance.now() - start) / 1000;
  const cpuAfter = threadCpuMs();
  const cpu = cpuBetween(cpuBefore, cpuAfter, [clientTask]);
  const clientMs =
    clientCpuMs ?? (clientTask === undefined ? 0 : (cpuAfter.get(clientTask) ?? 0) - (cpuBefore.get(clientTask) ?? 0));
  const packed = await countPacked(node, startHead + 1);
  // The node renders block texts on a thread of its own once a block is written, or once admission
  // has nothing in hand; reading each block of the round waits for (or makes) its text, so that work
  // is done before the references are measured again. The head alone may be a small block rendered
  // with its write while larger ones before it are still being rendered.
  for (let n = startHead + 1; n <= node.head().number; n++)
    await fetch(`${node.url}/wallet/getblockbynum`, { method: 'POST', body: `{"num":${n}}` }).then((r) =>
      r.arrayBuffer(),
    );
  const perTx = (ms: number) => (packed ? (ms * 1000) / packed : 0);
  return {
    tps: packed / seconds,
    packed,
    accepted,
    refused,
    cpuMain: perTx(cpu.main),
    cpuOthers: perTx(cpu.others),
    cpuClient: perTx(clientMs),
    byThread: cpuPerThread(cpuBefore, cpuAfter, packed, [clientTask]),
  };
}
