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

export interface ComparedCase {
  readonly name: string;
  readonly ours: () => unknown;
  readonly reference: () => unknown;
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

/** Measures each case against its reference in the same run and prints the ratios. */
export function compareCases(title: string, referenceName: string, cases: readonly ComparedCase[]): ComparedResult[] {
  const results = cases.map((c) => {
    const ours = opsPerSecond(c.ours);
    const reference = opsPerSecond(c.reference);
    const ratio = ours / reference;
    return { name: c.name, ours, reference, ratio, target: c.target, met: ratio >= c.target };
  });
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
