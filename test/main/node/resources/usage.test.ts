import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { increaseUsage, recoveredUsage } from '../../../../src-main/node/resources/usage';
import { accumulateUsage } from '../../../../src-core/fee/resource-math';

/** java-tron ResourceProcessor.increase (java-tron-http.md §6.2): linear recovery over 28,800 slots. */
describe('bandwidth usage window', () => {
  it('adds usage in the same slot without decay', () => {
    expect(increaseUsage(0n, 267n, 0, 0)).toBe(267n);
    expect(increaseUsage(267n, 267n, 5, 5)).toBe(534n);
  });

  it('recovers linearly: half after 12 h (14,400 slots), nothing left after 24 h', () => {
    // avg = ceil(600e6 / 28800) = 20834; × 14400/28800 = 10417; × 28800 / 1e6 = 300.0096 → 300
    expect(recoveredUsage(600n, 100, 100 + 14_400)).toBe(300n);
    expect(recoveredUsage(600n, 100, 100 + 28_800)).toBe(0n);
    expect(recoveredUsage(600n, 100, 100 + 40_000)).toBe(0n);
  });

  it('rounds like Java Math.round on the decayed average', () => {
    // avg = ceil(267e6/28800) = 9271; decay over 1 slot: 9271 × 28799/28800 = 9270.678… → 9271; → 267 (integer division)
    expect(increaseUsage(267n, 0n, 10, 11)).toBe(267n);
    // then adding 300 bytes: ceil(300e6/28800) = 10417; (9271 + 10417) × 28800 / 1e6 = 567.0144 → 567
    expect(increaseUsage(267n, 300n, 10, 11)).toBe(567n);
  });
});


describe('agreement with src-core/fee (written separately, exact integers instead of doubles)', () => {
  it('gives the same usage for realistic values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000n }), fc.bigInt({ min: 0n, max: 100_000n }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 40_000 }), (last, usage, lastSlot, elapsed) => {
        const ours = increaseUsage(last, usage, lastSlot, lastSlot + elapsed);
        const core = accumulateUsage({ lastUsage: last, usage, lastSlot: BigInt(lastSlot), nowSlot: BigInt(lastSlot + elapsed) });
        expect(ours).toBe(core);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
