/** Operations per second of `fn`, after a warm-up, over at least `minTimeMs` of wall time. */
export function opsPerSecond(fn: () => unknown, minTimeMs = 1500): number {
  for (let i = 0; i < 200; i++) fn();
  let iterations = 0;
  let batch = 64;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minTimeMs) {
    for (let i = 0; i < batch; i++) fn();
    iterations += batch;
    elapsed = performance.now() - start;
    if (elapsed < minTimeMs / 10) batch *= 2;
  }
  return (iterations * 1000) / elapsed;
}

/** The same for an API that returns a promise: each call is awaited before the next starts. */
export async function opsPerSecondAsync(fn: () => Promise<unknown>, minTimeMs = 1500): Promise<number> {
  for (let i = 0; i < 50; i++) await fn();
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minTimeMs) {
    for (let i = 0; i < 16; i++) await fn();
    iterations += 16;
    elapsed = performance.now() - start;
  }
  return (iterations * 1000) / elapsed;
}

export interface ComparedCase {
  readonly name: string;
  readonly ours: () => unknown;
  /** The reference doing the same job through its public API; may be async. */
  readonly reference: () => unknown;
  readonly referenceIsAsync?: boolean;
  /** Minimum ours/reference ratio this case must reach. */
  readonly target: number;
}

export interface ComparedResult {
  readonly name: string;
  readonly ours: number;
  readonly reference: number;
  readonly ratio: number;
  readonly target: number;
  readonly met: boolean;
}

const ROUNDS = 5;
const ROUND_MS = 400;

/** Measures each case against its reference in the same run and prints the ratios. */
export async function compareCases(
  title: string,
  referenceName: string,
  cases: readonly ComparedCase[],
): Promise<ComparedResult[]> {
  const results: ComparedResult[] = [];
  for (const c of cases) {
    // Alternate short rounds of ours and the reference and keep each side's best round, so that
    // load from other processes on a shared machine hits both sides alike.
    let ours = 0;
    let reference = 0;
    for (let round = 0; round < ROUNDS; round++) {
      ours = Math.max(ours, opsPerSecond(c.ours, ROUND_MS));
      const ref = c.referenceIsAsync
        ? await opsPerSecondAsync(c.reference as () => Promise<unknown>, ROUND_MS)
        : opsPerSecond(c.reference, ROUND_MS);
      reference = Math.max(reference, ref);
    }
    const ratio = ours / reference;
    results.push({ name: c.name, ours, reference, ratio, target: c.target, met: ratio >= c.target });
  }
  console.log(`\n${title}`);
  console.table(
    results.map((r) => ({
      case: r.name,
      'ours ops/s': Math.round(r.ours),
      [`${referenceName} ops/s`]: Math.round(r.reference),
      ratio: `${r.ratio.toFixed(2)}×`,
      target: `≥ ${r.target}×`,
      met: r.met ? 'yes' : 'NO',
    })),
  );
  return results;
}
