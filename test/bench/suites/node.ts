import os from 'node:os';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { transactionFromJson } from '../../../src-main/node/java-json/tx-input';
import { parseTxJson } from '../node/parse';
import { presign, startBenchNode, throughput, type Signed, type Throughput } from '../node/broadcast';
import { ClientThread } from '../node/client-thread';
import { recoveryRate, type RecoverySample } from '../node/recovery-rates';

/**
 * `npm run bench -- node`: accepted-and-packed transfers per second through the HTTP API (the
 * client on its own thread), against the machine's signature-recovery limit measured in the same
 * run — libsecp256k1's single-thread recovery rate × cores (the target) and noble's (the node's
 * fallback) — and the time to apply and persist a 2,000-transfer block. `npm run bench:profile`
 * shows where the node's CPU goes during the broadcast.
 */
const ROUNDS = 5;
const PER_ROUND = 1500;
const WARM_UP = 3000;
const CONCURRENCY = 128;
const BLOCK_TXS = 2000;
const TARGET_OF_LIBSECP_LIMIT = 0.15;
const BLOCK_TARGET_MS = 500;

interface Rates {
  libsecp: number;
  noble: number;
  /** CPU µs per libsecp256k1 recovery (lowest seen): its cost on a core of its own. */
  libsecpCpuMicros: number;
  /** For information: each library in `cores` threads at once, i.e. the parallel CPU really there. */
  libsecpParallel: number;
  nobleParallel: number;
}

async function measureRates(samples: readonly RecoverySample[], cores: number, best: Rates): Promise<void> {
  const libsecp = await recoveryRate('libsecp256k1', samples);
  best.libsecp = Math.max(best.libsecp, libsecp.perSecond);
  best.libsecpCpuMicros = Math.min(best.libsecpCpuMicros, libsecp.cpuMicros);
  best.noble = Math.max(best.noble, (await recoveryRate('noble', samples)).perSecond);
  best.libsecpParallel = Math.max(
    best.libsecpParallel,
    (await recoveryRate('libsecp256k1', samples, cores, 800)).perSecond,
  );
  best.nobleParallel = Math.max(best.nobleParallel, (await recoveryRate('noble', samples, cores, 800)).perSecond);
}

export async function run(): Promise<boolean> {
  const cores = os.availableParallelism();
  const lines: string[] = [];
  const node = await startBenchNode((line) => lines.push(line));
  try {
    // --- throughput over HTTP, in rounds alternating with the references -----------------------
    // Other processes on a shared machine slow both sides alike; each side keeps its best round
    // (as measure.ts does).
    const rounds: Signed[][] = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await presign(node, PER_ROUND, 1 + r * PER_ROUND));
    // The target is the steady state: one round first, not counted, lets V8 compile the admission
    // path (on a busy machine its optimizing compiler otherwise takes CPU during the first rounds).
    const warmUp = await presign(node, WARM_UP, 1 + ROUNDS * PER_ROUND);
    const warmClient = await ClientThread.start(node.port, CONCURRENCY);
    try {
      await throughput(node, warmUp, warmClient);
    } finally {
      await warmClient.close();
    }
    const samples = rounds[0]!.slice(0, 200).map((s) => {
      const tx = parseTxJson(s.body);
      return { digest: hexToBytes(tx.txID), sig: hexToBytes(tx.signature[0]!) };
    });
    const rates: Rates = { libsecp: 0, noble: 0, libsecpCpuMicros: Infinity, libsecpParallel: 0, nobleParallel: 0 };
    let best: Throughput = { tps: 0, packed: 0, accepted: 0, refused: '', cpuMain: 0, cpuOthers: 0, cpuClient: 0 };
    let allPacked = true;
    for (const batch of rounds) {
      await measureRates(samples, cores, rates);
      // Fresh connections each round: the node closes keep-alive connections idle for 30 s.
      const client = await ClientThread.start(node.port, CONCURRENCY);
      try {
        const result = await throughput(node, batch, client);
        allPacked &&= result.packed === batch.length && result.accepted === batch.length;
        if (result.tps > best.tps) best = result;
      } finally {
        await client.close();
      }
    }
    const libsecpLimit = rates.libsecp * cores;
    const nobleLimit = rates.noble * cores;
    const ratio = best.tps / libsecpLimit;
    // On a machine shared with other processes the node's threads get less CPU than the one-thread
    // rate measurement did. In CPU time the comparison does not depend on that: the node is bound
    // by its main thread on one core and by all its threads on all cores; the limit is cores over
    // libsecp256k1's CPU time per recovery.
    const cpuBound = Math.min(1e6 / best.cpuMain, (cores * 1e6) / (best.cpuMain + best.cpuOthers));
    const cpuRatio = cpuBound / ((cores * 1e6) / rates.libsecpCpuMicros);

    // --- one 2,000-transfer block: apply + persist ---------------------------------------------
    const batch = await presign(node, BLOCK_TXS, 10_000_000);
    await Promise.all(batch.map((s) => node.pool.submit(transactionFromJson(s.body, false))));
    const poolSize = node.pool.size;
    const t0 = performance.now();
    const [result] = await node.producer.produce(1);
    const blockMs = performance.now() - t0;

    const recoveryLine = lines.find((line) => line.startsWith('signature recovery')) ?? '(not logged)';
    console.log(`\nnode: broadcast → packed over HTTP, and block apply + persist (best of ${ROUNDS} rounds)`);
    console.log(recoveryLine);
    console.table([
      { measure: 'libsecp256k1 recovery rate (1 thread)', value: `${Math.round(rates.libsecp)} /s` },
      { measure: 'noble recovery rate (1 thread)', value: `${Math.round(rates.noble)} /s` },
      { measure: `limit_libsecp = libsecp256k1 × ${cores} cores`, value: `${Math.round(libsecpLimit)} /s` },
      { measure: `limit_noble = noble × ${cores} cores`, value: `${Math.round(nobleLimit)} /s` },
      {
        measure: `node: accepted and packed (${PER_ROUND} per round, concurrency ${CONCURRENCY})`,
        value: `${Math.round(best.tps)} tx/s`,
      },
      { measure: 'node / limit_libsecp', value: `${ratio.toFixed(3)} (target ≥ ${TARGET_OF_LIBSECP_LIMIT})` },
      { measure: 'node / limit_noble', value: (best.tps / nobleLimit).toFixed(3) },
      {
        measure: '(info) CPU per packed transfer in that round: main thread, other threads',
        value: `${Math.round(best.cpuMain)} µs, ${Math.round(best.cpuOthers)} µs`,
      },
      {
        // The client signs ahead of time, keeps its connections alive and runs on a thread of its
        // own; its CPU is what a wallet process would take from the same cores.
        measure: '(info) CPU per packed transfer of the bench client thread (not counted above)',
        value: `${Math.round(best.cpuClient)} µs`,
      },
      {
        measure: '(info) the same ratio in CPU time, as on an otherwise idle machine',
        value: `${cpuRatio.toFixed(3)} (node ${Math.round(cpuBound)} /s, libsecp256k1 ${Math.round(rates.libsecpCpuMicros)} µs CPU per recovery)`,
      },
      {
        measure: `(info) ${cores} threads at once: libsecp256k1, noble`,
        value: `${Math.round(rates.libsecpParallel)} /s, ${Math.round(rates.nobleParallel)} /s`,
      },
      {
        measure: `apply + persist a block of ${result.packed.length} transfers (pool ${poolSize})`,
        value: `${Math.round(blockMs)} ms (target < ${BLOCK_TARGET_MS})`,
      },
    ]);
    if (best.refused) console.log(`first refusal: ${best.refused.trim()}`);
    return (
      ratio >= TARGET_OF_LIBSECP_LIMIT && blockMs < BLOCK_TARGET_MS && allPacked && result.packed.length === BLOCK_TXS
    );
  } finally {
    await node.stop();
  }
}
