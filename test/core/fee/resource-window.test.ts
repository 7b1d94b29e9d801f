import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FeeError } from '../../../src-core/errors';
import {
  accumulateUsageInWindow,
  mergeReturnedUsage,
  recoveredUsageInWindow,
  windowSlotsOf,
  windowThousandthsOf,
} from '../../../src-core/fee';
import { expectWalletError } from '../../fixtures/expect-error';

/** ResourceProcessor.increaseV2 written with doubles and longs, as java-tron has it, for cross-checking. */
function javaIncreaseV2(
  lastUsage: number,
  usage: number,
  lastTime: number,
  now: number,
  rawWindow: number,
  optimized: boolean,
): { usage: number; window: number } {
  const W = 28_800;
  const oldWs = rawWindow === 0 ? W : optimized ? (rawWindow < 1000 ? W : Math.floor(rawWindow / 1000)) : rawWindow;
  const oldWsV2 = rawWindow === 0 ? W * 1000 : optimized ? rawWindow : rawWindow * 1000;
  let averageLast = Math.ceil((lastUsage * 1e6) / oldWs);
  const averageUsage = Math.ceil((usage * 1e6) / W);
  if (lastTime !== now)
    averageLast = lastTime + oldWs > now ? Math.round(averageLast * ((oldWs - (now - lastTime)) / oldWs)) : 0;
  const newUsage = Math.floor((averageLast * oldWs + averageUsage * W) / 1e6);
  const remain = Math.floor((averageLast * oldWs) / 1e6);
  if (remain === 0) return { usage: newUsage, window: W * 1000 };
  const remainWs = oldWsV2 - (now - lastTime) * 1000;
  return { usage: newUsage, window: Math.min(Math.ceil((remain * remainWs + usage * W * 1000) / newUsage), W * 1000) };
}

const fresh = { windowSize: 0n, optimized: false };

describe('per-account recovery windows (Stake 2.0)', () => {
  it('reads the stored window field as java-tron does', () => {
    expect(windowSlotsOf(fresh)).toBe(28_800n);
    expect(windowThousandthsOf(fresh)).toBe(28_800_000n);
    expect(windowSlotsOf({ windowSize: 24_000_000n, optimized: true })).toBe(24_000n);
    expect(windowSlotsOf({ windowSize: 999n, optimized: true })).toBe(28_800n);
    expect(windowSlotsOf({ windowSize: 14_400n, optimized: false })).toBe(14_400n);
    expect(windowThousandthsOf({ windowSize: 14_400n, optimized: false })).toBe(14_400_000n);
  });

  it('shrinks the window when new usage lands on half-recovered usage', () => {
    // 300 at slot 0: average ceil(300e6/28800) = 10417, usage 10417·28800/1e6 = 300; nothing left over → full window.
    const first = accumulateUsageInWindow({ lastUsage: 0n, lastSlot: 0n, nowSlot: 0n, usage: 300n, window: fresh });
    expect(first).toEqual({ usage: 300n, window: { windowSize: 28_800_000n, optimized: true } });
    // 300 more at slot 14,400: the old average decays to round(10417/2) = 5209 (150 left, 14,400 slots to go);
    // usage (5209 + 10417)·28800/1e6 = 450; window ceil((150·14,400,000 + 300·28,800,000)/450) = 24,000,000.
    const second = accumulateUsageInWindow({
      lastUsage: 300n,
      lastSlot: 0n,
      nowSlot: 14_400n,
      usage: 300n,
      window: first.window,
    });
    expect(second).toEqual({ usage: 450n, window: { windowSize: 24_000_000n, optimized: true } });
    // Recovery then runs over 24,000 slots: after 12,000 of them half is left.
    expect(
      recoveredUsageInWindow({ lastUsage: 450n, lastSlot: 14_400n, nowSlot: 26_400n, window: second.window }),
    ).toBe(225n);
  });

  it('merges usage handed back by a receiver, weighting the two windows', () => {
    const merged = mergeReturnedUsage({
      ownerUsage: 100n,
      ownerWindow: fresh,
      transferUsage: 300n,
      receiverWindow: { windowSize: 8_000_000n, optimized: true },
    });
    // ceil((100·28,800,000 + 300·8,000,000)/400) = 13,200,000
    expect(merged).toEqual({ usage: 400n, window: { windowSize: 13_200_000n, optimized: true } });
    expect(
      mergeReturnedUsage({ ownerUsage: 0n, ownerWindow: fresh, transferUsage: 0n, receiverWindow: fresh }),
    ).toEqual({ usage: 0n, window: { windowSize: 28_800_000n, optimized: true } });
  });

  it('agrees with the double-based java-tron increaseV2 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 1_000, max: 28_800_000 }),
        (lastUsage, usage, elapsed, window) => {
          const ours = accumulateUsageInWindow({
            lastUsage: BigInt(lastUsage),
            usage: BigInt(usage),
            lastSlot: 500n,
            nowSlot: BigInt(500 + elapsed),
            window: { windowSize: BigInt(window), optimized: true },
          });
          const java = javaIncreaseV2(lastUsage, usage, 500, 500 + elapsed, window, true);
          expect({ usage: Number(ours.usage), window: Number(ours.window.windowSize) }).toEqual(java);
        },
      ),
      { numRuns: 2000, seed: 11 },
    );
  });

  it('refuses time going backwards and negative usage', () => {
    expectWalletError(
      () => accumulateUsageInWindow({ lastUsage: 1n, lastSlot: 10n, nowSlot: 9n, window: fresh }),
      FeeError,
      'FEE_TIME_BACKWARDS',
    );
    expectWalletError(
      () => accumulateUsageInWindow({ lastUsage: 1n, lastSlot: 0n, nowSlot: 1n, usage: -1n, window: fresh }),
      FeeError,
      'FEE_NEGATIVE_INPUT',
    );
    expectWalletError(
      () => mergeReturnedUsage({ ownerUsage: -1n, ownerWindow: fresh, transferUsage: 0n, receiverWindow: fresh }),
      FeeError,
      'FEE_NEGATIVE_INPUT',
    );
  });
});
