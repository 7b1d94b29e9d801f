import { randomBytes } from 'node:crypto';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { privateKeyFromHex, signDigest } from '../../../src-core/keys/keys';
import { hexToBytes } from '../../../src-core/bytes/hex';
import * as b from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { createNode, type TronNode } from '../../../src-main/node';
import { post } from '../hardening/http-post';
import { ClientThread } from '../node/client-thread';

/**
 * `npm run bench -- hardening`: how long `/wallet/getnowblock` takes while four clients keep sending
 * `/wallet/getsignweight` bodies of 28,000 signatures (a transfer whose owner has one key), against
 * the same requests with no such load, measured in the same run. The target: under that load every
 * getnowblock is answered within 200 ms (the longest one is compared). The heavy clients run on a
 * thread of their own, so that only the node's work shares the node's thread.
 */
const SIGNATURES = 28_000;
const LOADERS = 4;
/** How long each round asks for getnowblock, one request after the other. */
const ROUND_MS = 8_000;
const TARGET_MS = 200;

interface Latencies {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly count: number;
}

/** A transfer signed by its owner, followed by `SIGNATURES - 1` random 65-byte signatures. */
function heavyBody(node: TronNode): string {
  const owner = node.accounts[0]!;
  const head = node.head();
  const header = transactionHeader({
    refBlock: { number: BigInt(head.number), blockId: head.id },
    headTimestamp: head.timestamp,
    expirationMs: 3_600_000,
  });
  const tx = b.buildTransaction(b.transferContract({ owner: owner.hex, to: node.accounts[1]!.hex, amount: 1n }), {
    header,
  });
  const signatures: string[] = [bytesToHex(signDigest(hexToBytes(tx.txID), privateKeyFromHex(owner.privateKey)))];
  for (let i = 1; i < SIGNATURES; i++) signatures.push(randomBytes(65).toString('hex'));
  return JSON.stringify({ ...tx, signature: signatures });
}

async function sampleNowBlock(port: number): Promise<Latencies> {
  const times: number[] = [];
  const end = performance.now() + ROUND_MS;
  while (performance.now() < end) {
    const start = performance.now();
    await post(port, '/wallet/getnowblock', '');
    times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1]!, count: times.length };
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;

export async function run(): Promise<boolean> {
  const node = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 1 });
  const port = Number(new URL(node.url).port);
  const load = await ClientThread.start(port, LOADERS, new URL('../hardening/load-worker.ts', import.meta.url));
  try {
    const body = heavyBody(node);
    const refused = JSON.parse(await post(port, '/wallet/getsignweight', body)) as { result?: { message?: string } };
    const idle = await sampleNowBlock(port);
    await load.request({ start: { path: '/wallet/getsignweight', body } });
    const loaded = await sampleNowBlock(port);
    const { answered: heavyRequests } = await load.request<{ answered: number }>({ stop: true });
    const met = loaded.max <= TARGET_MS;
    console.log(`\nhardening: getnowblock beside ${LOADERS} parallel getsignweight of ${SIGNATURES} signatures`);
    console.log(
      `  getsignweight body: ${(body.length / 1e6).toFixed(1)} MB, answer: ${refused.result?.message ?? '?'}`,
    );
    console.log(`  heavy requests answered during the loaded round: ${heavyRequests}`);
    console.log('  case       getnowblocks  p50        p99        max');
    for (const [name, l] of [
      ['no load', idle],
      ['loaded', loaded],
    ] as const)
      console.log(
        `  ${name.padEnd(9)}  ${String(l.count).padEnd(12)}  ${ms(l.p50).padEnd(9)}  ${ms(l.p99).padEnd(9)}  ${ms(l.max)}`,
      );
    console.log(
      `  loaded / no load: p50 ${(loaded.p50 / idle.p50).toFixed(1)}x, p99 ${(loaded.p99 / idle.p99).toFixed(1)}x, max ${(loaded.max / idle.max).toFixed(1)}x`,
    );
    console.log(`  target: every getnowblock within ${TARGET_MS} ms under load: ${met ? 'met' : 'NOT met'}`);
    // The no-load round's longest request shows what the machine alone adds (other processes, GC).
    console.log(
      `  (99% within ${TARGET_MS} ms: ${loaded.p99 <= TARGET_MS ? 'yes' : 'no'}; longest with no load: ${ms(idle.max)})`,
    );
    return met;
  } finally {
    await load.close();
    await node.stop();
  }
}
