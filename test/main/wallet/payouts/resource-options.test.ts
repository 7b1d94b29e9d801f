import { describe, expect, it } from 'vitest';
import { withChainParameters } from '@core/chain/parameters';
import { energyLimitFromStake } from '@core/fee';
import { stakeForEnergy, unlockOf } from '@main/wallet/payouts/resource-options';

describe('stakeForEnergy', () => {
  const L = 180_000_000_000n;
  const energyOf = (stakeSun: bigint, weight: bigint) =>
    energyLimitFromStake({
      frozenSun: stakeSun,
      // The stake joins the chain's total weight (whole TRX).
      totalEnergyWeight: weight + stakeSun / 1_000_000n,
      parameters: withChainParameters({ getTotalEnergyCurrentLimit: L }),
    });

  it('is the least whole TRX whose energy, counted in the new total weight, covers the amount', () => {
    for (const [energy, weight] of [
      [64_285n, 19_000_000_000n],
      [1_000_000n, 19_000_000_000n],
      [13_000n * 250n, 7_345_678_901n],
    ] as const) {
      const stake = stakeForEnergy(energy, L, weight)!;
      expect(stake % 1_000_000n).toBe(0n);
      expect(energyOf(stake, weight)).toBeGreaterThanOrEqual(energy);
      expect(energyOf(stake - 1_000_000n, weight)).toBeLessThan(energy);
    }
  });

  it('asks at least 1 TRX, nothing for no energy, and null for more energy than the chain gives in a day', () => {
    expect(stakeForEnergy(5n, L, 0n)).toBe(1_000_000n);
    expect(stakeForEnergy(0n, L, 10n)).toBe(0n);
    expect(stakeForEnergy(L, L, 10n)).toBeNull();
  });
});

describe('unlockOf', () => {
  it('is the unfreeze delay after the head time', () => {
    const parameters = withChainParameters({ getUnfreezeDelayDays: 14n });
    expect(unlockOf(parameters, 1_000)).toEqual({ unlockDays: 14, unlocksAt: 1_000 + 14 * 86_400_000 });
  });
});
