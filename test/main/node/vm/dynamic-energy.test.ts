import { describe, expect, it } from 'vitest';
import { catchUpToCycle, effectiveFactor, energyPenalty, newContractState } from '@main/node/vm/index';

const MAINNET = { threshold: 5_000_000_000n, increaseFactor: 2_000n, maxFactor: 34_000n };

describe('dynamic energy model', () => {
  it('leaves a state alone within its cycle and resets an uninitialised or future one', () => {
    const state = { energyUsage: 7n, energyFactor: 300n, updateCycle: 10n };
    expect(catchUpToCycle(state, 10n, MAINNET)).toBe(state);
    expect(catchUpToCycle({ ...state, updateCycle: 0n }, 10n, MAINNET)).toEqual(newContractState(10n));
    expect(catchUpToCycle({ ...state, updateCycle: 12n }, 10n, MAINNET)).toEqual(newContractState(10n));
  });

  it('raises the factor by 20 % after a busy cycle and caps it', () => {
    // (0 + 10 000)·1.2 − 10 000 = 2 000
    expect(catchUpToCycle({ energyUsage: 6_000_000_000n, energyFactor: 0n, updateCycle: 9n }, 10n, MAINNET)).toEqual({
      energyUsage: 0n,
      energyFactor: 2_000n,
      updateCycle: 10n,
    });
    // (34 000 + 10 000)·1.2 − 10 000 = 42 800 → capped at 34 000
    expect(
      catchUpToCycle({ energyUsage: 6_000_000_000n, energyFactor: 34_000n, updateCycle: 9n }, 10n, MAINNET)
        .energyFactor,
    ).toBe(34_000n);
  });

  it('decays by increase/4 per idle cycle', () => {
    // busy cycle 9 → 2 000 at cycle 10; two more idle cycles: (12 000)·0.95² − 10 000 = 830
    expect(catchUpToCycle({ energyUsage: 6_000_000_000n, energyFactor: 0n, updateCycle: 9n }, 12n, MAINNET)).toEqual({
      energyUsage: 0n,
      energyFactor: 830n,
      updateCycle: 12n,
    });
    // idle from 2 000: (12 000)·0.95 − 10 000 = 1 400
    expect(catchUpToCycle({ energyUsage: 0n, energyFactor: 2_000n, updateCycle: 9n }, 10n, MAINNET).energyFactor).toBe(
      1_400n,
    );
    expect(catchUpToCycle({ energyUsage: 0n, energyFactor: 100n, updateCycle: 1n }, 100n, MAINNET).energyFactor).toBe(
      0n,
    );
  });

  it('computes the per-op penalty from the total factor', () => {
    expect(effectiveFactor({ energyUsage: 0n, energyFactor: 2_000n, updateCycle: 1n })).toBe(12_000n);
    expect(energyPenalty(20_000n, 12_000n)).toBe(4_000n);
    expect(energyPenalty(3n, 12_000n)).toBe(0n);
    expect(energyPenalty(5n, 12_000n)).toBe(1n);
    expect(energyPenalty(5n, 10_000n)).toBe(0n);
  });
});
