import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Raw public-key recovery rates of the two secp256k1 libraries, the ceiling of the node's
 * admission: each rate is parse + recover one public key (no address hashing), as the library's
 * own API does it. Measured in worker threads so the main thread's JIT state and the node sharing
 * it do not colour the numbers; `threads` workers run at once.
 */
export interface RecoverySample {
  readonly digest: Uint8Array;
  /** r ‖ s ‖ v with v = 27 or 28. */
  readonly sig: Uint8Array;
}

export const RECOVERY_LIBRARIES = ['libsecp256k1', 'noble'] as const;
export type RecoveryLibrary = (typeof RECOVERY_LIBRARIES)[number];

const require = createRequire(import.meta.url);

const SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const { samples, ms, library, module } = workerData;
const loaded = library === 'libsecp256k1'
  ? Promise.resolve(require(module)).then((lib) => (s) => lib.ecdsaRecover(s.sig.subarray(0, 64), s.sig[64] - 27, s.digest, false))
  : import(pathToFileURL(module).href).then(({ secp256k1 }) => (s) =>
      secp256k1.Signature.fromBytes(s.sig.subarray(0, 64), 'compact').addRecoveryBit(s.sig[64] - 27).recoverPublicKey(s.digest));
// This thread's CPU ms (Linux: utime + stime in 10 ms ticks), NaN elsewhere.
const cpuMs = () => {
  try {
    const stat = require('node:fs').readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch { return NaN; }
};
loaded.then((recover) => {
  for (let i = 0; i < 50; i++) recover(samples[i % samples.length]);
  let n = 0;
  const cpu = cpuMs();
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 10; i++) recover(samples[n++ % samples.length]);
  }
  const elapsed = performance.now() - start;
  parentPort.postMessage({ perSecond: (n * 1000) / elapsed, cpuMicros: ((cpuMs() - cpu) * 1000) / n });
});`;

function modulePath(library: RecoveryLibrary): string {
  return require.resolve(library === 'libsecp256k1' ? 'secp256k1/bindings' : '@noble/curves/secp256k1.js');
}

export interface RecoveryRate {
  /** Recoveries per second, summed over the threads. */
  readonly perSecond: number;
  /** CPU µs per recovery (mean over the threads): what it costs on a core of its own. NaN without /proc. */
  readonly cpuMicros: number;
}

/** `threads` workers recovering at once for `ms`. */
export async function recoveryRate(
  library: RecoveryLibrary,
  samples: readonly RecoverySample[],
  threads = 1,
  ms = 1200,
): Promise<RecoveryRate> {
  const workerData = { samples, ms, library, module: modulePath(library) };
  const rates = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<RecoveryRate>((resolve, reject) => {
          const worker = new Worker(SOURCE, { eval: true, workerData });
          worker.once('message', (rate: RecoveryRate) => {
            resolve(rate);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
  return {
    perSecond: rates.reduce((sum, r) => sum + r.perSecond, 0),
    cpuMicros: rates.reduce((sum, r) => sum + r.cpuMicros, 0) / rates.length,
  };
}
