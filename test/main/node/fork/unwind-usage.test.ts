import { describe, expect, it } from 'vitest';
import { accumulateUsageInWindow, decayedUsage } from '../../../../src-core/fee/resource-math';
import { unwindFixedUsage, unwindWindowedUsage } from '../../../../src-main/node/fork/unwind-usage';

const printedFree = (usage: bigint, last: number, now: number): bigint =>
  decayedUsage({ lastUsage: usage, lastSlot: BigInt(last), nowSlot: BigInt(now) });

describe('unwinding the usage java-tron prints back to the usage it stored', () => {
  it('finds a free-bandwidth usage that recovers as the stored one at every later slot while less than a unit had recovered', () => {
    for (const [stored, last, read] of [
      [426n, 10, 40],
      [5_000n, 0, 5],
      [1n, 100, 101],
      [28_000n, 7, 8],
    ] as const) {
      const unwound = unwindFixedUsage(printedFree(stored, last, read), last, read);
      for (const later of [read, read + 1, read + 500, last + 28_799])
        expect([stored, later, printedFree(unwound!, last, later)]).toEqual([
          stored,
          later,
          printedFree(stored, last, later),
        ]);
    }
  });

  it('stays within one unit of the stored usage at every later slot once more had recovered', () => {
    for (const [stored, last, read] of [
      [5_000n, 0, 14_000],
      [987_654n, 7, 28_000],
      [60_000n, 3, 900],
    ] as const) {
      const unwound = unwindFixedUsage(printedFree(stored, last, read), last, read);
      expect(printedFree(unwound!, last, read)).toBe(printedFree(stored, last, read));
      for (const later of [read + 1, read + 50, last + 28_799]) {
        const gap = printedFree(unwound!, last, later) - printedFree(stored, last, later);
        expect([later, gap <= 1n && gap >= -1n]).toEqual([later, true]);
      }
    }
  });

  it('keeps a zero or not yet recovered usage as printed, and gives up once the window has passed', () => {
    expect(unwindFixedUsage(0n, 5, 9)).toBe(0n);
    expect(unwindFixedUsage(300n, 9, 9)).toBe(300n);
    expect(unwindFixedUsage(300n, 0, 28_800)).toBeUndefined();
  });

  it('finds the staked usage and window that recover to the printed pair', () => {
    const window = { windowSize: 20_000_000n, optimized: true };
    const [stored, last, read] = [70_000n, 50, 3_050];
    const printed = accumulateUsageInWindow({
      lastUsage: stored,
      lastSlot: BigInt(last),
      nowSlot: BigInt(read),
      window,
    });
    const unwound = unwindWindowedUsage(printed, last, read);
    expect(unwound?.window).toEqual(window);
    for (const later of [read, read + 100, read + 10_000]) {
      const at = (usage: bigint) =>
        accumulateUsageInWindow({ lastUsage: usage, lastSlot: BigInt(last), nowSlot: BigInt(later), window }).usage;
      expect(at(unwound!.usage)).toBe(at(stored));
    }
  });
});
