import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FeeError } from '../../../src-core/errors';
import { accumulateUsage, decayedUsage, energyLimitFromStake, netLimitFromStake, slotOf } from '../../../src-core/fee';
import { expectWalletError } from '../../fixtures/expect-error';

const W = 28_800;

/** ResourceProcessor.increase written with doubles, as java-tron has it, for cross-checking. */
function javaIncrease(lastUsage: number, usage: number, lastTime: number, now: number, window = W): number {
  let averageLast = Math.ceil((lastUsage * 1e6) / window);
  const averageNew = Math.ceil((usage * 1e6) / window);
  if (lastTime !== now)
    averageLast = lastTime + window > now ? Math.round(averageLast * ((window - (now - lastTime)) / window)) : 0;
  return Math.floor(((averageLast + averageNew) * window) / 1e6);
}

describe('usage decay', () => {
  it('recovers linearly: half the window, half the usage', () => {
    expect(decayedUsage({ lastUsage: 28_800n, lastSlot: 0n, nowSlot: 14_400n })).toBe(14_400n);
    expect(decayedUsage({ lastUsage: 28_800n, lastSlot: 0n, nowSlot: 28_800n })).toBe(0n);
    expect(decayedUsage({ lastUsage: 28_800n, lastSlot: 100n, nowSlot: 100n })).toBe(28_800n);
  });

  it('adds new usage on top of the decayed old usage', () => {
    expect(accumulateUsage({ lastUsage: 267n, lastSlot: 5n, nowSlot: 5n, usage: 267n })).toBe(534n);
    expect(accumulateUsage({ lastUsage: 1_000n, lastSlot: 0n, nowSlot: 30_000n, usage: 267n })).toBe(267n);
  });

  it('honours a custom window', () => {
    expect(decayedUsage({ lastUsage: 1_000n, lastSlot: 0n, nowSlot: 50n, windowSlots: 100n })).toBe(500n);
  });

  it('agrees with the double-based java-tron formula (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        (lastUsage, usage, elapsed) => {
          const ours = accumulateUsage({
            lastUsage: BigInt(lastUsage),
            usage: BigInt(usage),
            lastSlot: 1_000n,
            nowSlot: BigInt(1_000 + elapsed),
          });
          expect(Number(ours)).toBe(javaIncrease(lastUsage, usage, 1_000, 1_000 + elapsed));
        },
      ),
    );
  });

  it('never grows while nothing new is used (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 30_000n }),
        fc.bigInt({ min: 0n, max: 30_000n }),
        (lastUsage, a, b) => {
          const [early, late] = a <= b ? [a, b] : [b, a];
          const first = decayedUsage({ lastUsage, lastSlot: 0n, nowSlot: early });
          const second = decayedUsage({ lastUsage, lastSlot: 0n, nowSlot: late });
          expect(second <= first && first <= lastUsage).toBe(true);
        },
      ),
    );
  });

  it('refuses time going backwards, a zero window and negative usage', () => {
    expectWalletError(
      () => decayedUsage({ lastUsage: 1n, lastSlot: 10n, nowSlot: 9n }),
      FeeError,
      'FEE_TIME_BACKWARDS',
    );
    expectWalletError(
      () => decayedUsage({ lastUsage: 1n, lastSlot: 0n, nowSlot: 1n, windowSlots: 0n }),
      FeeError,
      'FEE_ZERO_WINDOW',
    );
    expectWalletError(
      () => accumulateUsage({ lastUsage: 1n, lastSlot: 0n, nowSlot: 1n, usage: -1n }),
      FeeError,
      'FEE_NEGATIVE_INPUT',
    );
  });

  it('turns block times into slots', () => {
    expect(slotOf(1_700_000_000_000n, 1_699_999_997_000n)).toBe(1n);
    expect(slotOf(9_000n)).toBe(3n);
    expectWalletError(() => slotOf(1n, 2n), FeeError, 'FEE_TIME_BEFORE_GENESIS');
  });
});

describe('limits from stake', () => {
  it('gives bandwidth in proportion to the stake share of TotalNetLimit', () => {
    expect(netLimitFromStake({ frozenSun: 1_000_000_000n, totalNetWeight: 10_000_000_000n })).toBe(4_320n);
    expect(netLimitFromStake({ frozenSun: 1_500_000n, totalNetWeight: 1n, parameters: { getTotalNetLimit: 3n } })).toBe(
      4n,
    );
  });

  it('gives energy in proportion to the stake share of TotalEnergyCurrentLimit', () => {
    expect(energyLimitFromStake({ frozenSun: 10_000_000n, totalEnergyWeight: 18_000_000_000n })).toBe(100n);
  });

  it('gives nothing while nobody has staked', () => {
    expect(netLimitFromStake({ frozenSun: 1_000_000n, totalNetWeight: 0n })).toBe(0n);
    expect(energyLimitFromStake({ frozenSun: 1_000_000n, totalEnergyWeight: 0n })).toBe(0n);
  });

  it('refuses negative stake', () => {
    expectWalletError(() => netLimitFromStake({ frozenSun: -1n, totalNetWeight: 1n }), FeeError, 'FEE_NEGATIVE_INPUT');
  });
});
