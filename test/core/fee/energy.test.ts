import { describe, expect, it } from 'vitest';
import { FeeError } from '../../../src-core/errors';
import { DEFAULT_CHAIN_PARAMETERS } from '../../../src-core/chain/parameters';
import { energyCharge } from '../../../src-core/fee';
import { expectWalletError } from '../../fixtures/expect-error';

const price = DEFAULT_CHAIN_PARAMETERS.getEnergyFee;

describe('energyCharge', () => {
  it('burns energy × price when nothing is staked', () => {
    expect(energyCharge({ energy: 65_000n })).toEqual({
      energy: 65_000n,
      fromOrigin: 0n,
      fromStake: 0n,
      burnedEnergy: 65_000n,
      burnedSun: 65_000n * price,
    });
    expect(price).toBe(210n);
  });

  it('uses staked energy first and burns only the rest', () => {
    expect(energyCharge({ energy: 65_000n, account: { energyLimit: 50_000n, energyUsed: 10_000n } })).toMatchObject({
      fromStake: 40_000n,
      burnedEnergy: 25_000n,
      burnedSun: 25_000n * price,
    });
    expect(energyCharge({ energy: 30_000n, account: { energyLimit: 50_000n } }).burnedSun).toBe(0n);
  });

  it('lets the deployer cover its share from its own stake, capped by what it has and origin_energy_limit', () => {
    const share = { consumeUserResourcePercent: 30, originEnergyAvailable: 1_000_000n, originEnergyLimit: 10_000_000n };
    expect(energyCharge({ energy: 10_000n, contractShare: share })).toMatchObject({
      fromOrigin: 7_000n,
      burnedEnergy: 3_000n,
    });
    expect(
      energyCharge({ energy: 10_000n, contractShare: { ...share, originEnergyAvailable: 2_000n } }).fromOrigin,
    ).toBe(2_000n);
    expect(energyCharge({ energy: 10_000n, contractShare: { ...share, originEnergyLimit: 500n } }).fromOrigin).toBe(
      500n,
    );
    expect(
      energyCharge({ energy: 10_000n, contractShare: { ...share, consumeUserResourcePercent: 100 } }).fromOrigin,
    ).toBe(0n);
  });

  it('uses the energy price of the chain parameters', () => {
    expect(energyCharge({ energy: 1_000n, parameters: { getEnergyFee: 100n } }).burnedSun).toBe(100_000n);
  });

  it('refuses a caller share outside 0..100 and negative energy', () => {
    for (const consumeUserResourcePercent of [-1, 101, 2.5]) {
      expectWalletError(
        () =>
          energyCharge({
            energy: 1n,
            contractShare: { consumeUserResourcePercent, originEnergyAvailable: 0n, originEnergyLimit: 0n },
          }),
        FeeError,
        'FEE_BAD_PERCENT',
      );
    }
    expectWalletError(() => energyCharge({ energy: -1n }), FeeError, 'FEE_NEGATIVE_INPUT');
  });
});
