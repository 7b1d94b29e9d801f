import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { createNode } from '../../../src-main/node';
import { deriveKeys, FUNDED_PATH } from '../../../src-main/node/genesis';
import { embeddedNodeFactory } from '../../../src-main/wallet/node-host/create-embedded';
import type { EmbeddedNodeFactory } from '../../../src-main/wallet/node-host/embedded-node';
import type { NodeOverrides } from '../../../src-main/wallet/node-host/node-worker/protocol';
import { mineOverHttp, onDemandChain, sourceWorkerNodeFactory } from '../../fixtures/worker-node';
import { presign, type PresignSource } from '../node/broadcast';
import { ClientThread } from '../node/client-thread';
import { IpcProbe, percentile } from '../node/ipc-probe';

/**
 * `npm run bench -- ipc`: how long an IPC request waits for the main thread while the embedded
 * node takes 2,000-transfer blocks (broadcast over HTTP from another thread, then packed by
 * /admin/mine), with the node on the main thread's event loop (in process, as before) and in a
 * worker thread (as the app runs it). A probe thread plays the renderer: a request every 2 ms to a
 * handler on the main thread that reads the node's head, as the Node screen's status does; the
 * round trip is timed on the probe's clock. Rounds alternate the two so that other load on the
 * machine falls on both.
 */
const ROUNDS = 3;
const BLOCKS = 3;
const BLOCK_TXS = 2000;
const ACCOUNTS = 20;
const CONCURRENCY = 64;
/** The worker's p99 must be at most this share of the in-process one. */
const TARGET_RATIO = 2;

interface Side {
  readonly name: string;
  readonly factory: EmbeddedNodeFactory;
  readonly times: number[];
  readonly idle: number[];
  wallMs: number;
  packed: number;
}

async function round(side: Side, r: number): Promise<void> {
  const datadir = await mkdtemp(join(os.tmpdir(), 'bench-ipc-'));
  const node = await side.factory(onDemandChain(datadir));
  const probe = IpcProbe.start(() => ({ state: 'running', headBlock: node.head().number }));
  const client = await ClientThread.start(node.port, CONCURRENCY);
  try {
    const source: PresignSource = {
      head: () => node.head(),
      accounts: deriveKeys(node.devMnemonic!, FUNDED_PATH, ACCOUNTS).map((k) => ({
        hex: k.hex,
        privateKey: bytesToHex(k.privateKey),
      })),
    };
    // Signed and handed to the client thread before timing starts: the main thread only asks it to send.
    const batches: number[] = [];
    for (let b = 0; b < BLOCKS; b++) {
      const signed = await presign(source, BLOCK_TXS, 1 + (r * BLOCKS + b) * BLOCK_TXS);
      batches.push(await client.keep(signed.map((s) => s.body)));
    }
    side.idle.push(...(await probe.measure(() => new Promise((resolve) => setTimeout(resolve, 500)))));
    const before = node.head().number;
    const start = performance.now();
    side.times.push(
      ...(await probe.measure(async () => {
        for (const batch of batches) {
          const { accepted, refused } = await client.sendKept(batch);
          if (accepted !== BLOCK_TXS) throw new Error(`only ${accepted} of ${BLOCK_TXS} accepted: ${refused}`);
          await mineOverHttp(node);
        }
        // The worker pushes its head after the block: wait for it, as the Node screen would.
        while (node.head().number < before + BLOCKS) await new Promise((resolve) => setTimeout(resolve, 5));
      })),
    );
    side.wallMs += performance.now() - start;
    side.packed += BLOCKS * BLOCK_TXS;
  } finally {
    await client.close();
    await probe.close();
    await node.stop();
    await rm(datadir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

export async function run(): Promise<boolean> {
  const overrides: NodeOverrides = {
    signatureWorkers: os.availableParallelism(),
    accounts: ACCOUNTS,
    maxPendingTransactions: 100_000,
  };
  const sides: Side[] = [
    {
      name: 'in process (main event loop)',
      factory: embeddedNodeFactory((input) => createNode({ ...input, ...overrides })),
      times: [],
      idle: [],
      wallMs: 0,
      packed: 0,
    },
    {
      name: 'worker thread',
      factory: sourceWorkerNodeFactory({ nodeOverrides: overrides }),
      times: [],
      idle: [],
      wallMs: 0,
      packed: 0,
    },
  ];
  for (let r = 0; r < ROUNDS; r++) for (const side of sides) await round(side, r);

  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `\nipc: main-thread request round trip while the node packs ${BLOCKS} blocks of ${BLOCK_TXS} transfers, ${ROUNDS} rounds each`,
  );
  console.log(`load average (1, 5, 15 min): ${load.join(', ')} on ${os.availableParallelism()} cores`);
  const rows = sides.map((side) => {
    const sorted = [...side.times].sort((x, y) => x - y);
    const idle = [...side.idle].sort((x, y) => x - y);
    return {
      node: side.name,
      requests: sorted.length,
      p50: ms(percentile(sorted, 50)),
      p99: ms(percentile(sorted, 99)),
      max: ms(sorted.at(-1) ?? NaN),
      'idle p99': ms(percentile(idle, 99)),
      'transfers/s packed': Math.round((side.packed * 1000) / side.wallMs),
      p99value: percentile(sorted, 99),
    };
  });
  console.table(rows.map(({ p99value: _, ...row }) => row));
  const ratio = rows[0]!.p99value / rows[1]!.p99value;
  console.log(`p99 in process / p99 worker: ${ratio.toFixed(1)}× (target ≥ ${TARGET_RATIO}×)`);
  return ratio >= TARGET_RATIO;
}
