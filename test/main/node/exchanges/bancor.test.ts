import { describe, expect, it } from 'vitest';
import { bancorExchange, javaLong } from '@main/node/exchanges/bancor';

/**
 * The Bancor price against java-tron: the first vectors are java-tron's own
 * (framework/src/test/java/org/tron/core/capsule/utils/ExchangeProcessorTest.java); the others
 * were computed with java-tron's ExchangeProcessor formula on OpenJDK 17 with StrictMath.pow
 * (ALLOW_STRICT_MATH), which gave the same values as Math.pow for each of them.
 */
const JAVA_VECTORS: readonly [bigint, bigint, bigint, bigint][] = [
  // sell balance, buy balance, sold, bought
  [100_000_000_000_000n, 128n * 1024n * 1024n * 1024n, 2_000_000_000_000n, 2_694_881_440n],
  [100_000_000_000_000n, 128n * 1024n * 1024n * 1024n, 1_000_000_000_000n, 1_360_781_717n],
  [1_000_000_000_000n, 10_000_000n, 10_000_000n, 99n],
  [4_732_214n, 2_202_692_725_330n, 29_218n, 13_516_579_895n],
  [10_000_000_000n, 1_000_000n, 100_000_000n, 9_900n],
  [1_000_000n, 1_000_000_000n, 12_345n, 12_194_459n],
  [5_000_000_000n, 5_000_000_000n, 1n, 0n],
  [777_777_777n, 3_333_333n, 999_999n, 4_280n],
  [1_000_000_000_000_000n, 1_000_000_000_000_000n, 1_000_000_000_000_000n, 500_000_000_000_172n],
  [1_100_000_000n, 1_100_000_000n, 10_000_000n, 9_909_909n],
  [1_089_108_911n, 1_110_000_000n, 5_000_000n, 5_072_621n],
];

describe('Bancor exchange math (java-tron ExchangeProcessor)', () => {
  it.each(JAVA_VECTORS)('selling into %s / %s: %s buys what java-tron computes', (sell, buy, quant, bought) => {
    expect(bancorExchange(sell, buy, quant)).toBe(bought);
  });

  it('narrows a double to long as Java does: toward zero, NaN to 0, saturating', () => {
    expect([javaLong(2.9), javaLong(-2.9), javaLong(Number.NaN)]).toEqual([2n, -2n, 0n]);
    expect(javaLong(1e300)).toBe(2n ** 63n - 1n);
    expect(javaLong(-1e300)).toBe(-(2n ** 63n));
  });
});
