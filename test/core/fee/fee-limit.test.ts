import { describe, expect, it } from 'vitest';
import { FeeError } from '../../../src-core/errors';
import { DEFAULT_CHAIN_PARAMETERS } from '../../../src-core/chain/parameters';
import {
  assertFeeLimit,
  baseEnergyOf,
  feeLimitFromEnergyFactor,
  feeLimitFromEstimate,
  feeLimitFromMaxFactor,
} from '../../../src-core/fee';
import { expectWalletError } from '../../fixtures/expect-error';

describe('fee_limit strategies', () => {
  it('1. adds the margin to a per-transaction estimate', () => {
    const result = feeLimitFromEstimate({ energyRequired: 100_000n });
    expect(result).toMatchObject({ strategy: 'estimate', energy: 100_000n, marginBps: 2_000n, feeLimit: 25_200_000n });
    expect(result.explanation).toBe('100000 estimated energy × 210 sun per energy + 20.00 % margin.');
    expect(feeLimitFromEstimate({ energyRequired: 100_000n, marginBps: 0n }).feeLimit).toBe(21_000_000n);
  });

  it("2. applies the contract's energy_factor to the base energy", () => {
    expect(feeLimitFromEnergyFactor({ baseEnergy: 50_000n, energyFactor: 10_000n, marginBps: 0n })).toMatchObject({
      energy: 100_000n,
      feeLimit: 21_000_000n,
    });
    expect(feeLimitFromEnergyFactor({ baseEnergy: 3n, energyFactor: 1n, marginBps: 0n }).energy).toBe(4n);
  });

  it("3. applies the chain's maximum factor, always above the real cost", () => {
    const result = feeLimitFromMaxFactor({ baseEnergy: 50_000n, marginBps: 0n });
    const factor = DEFAULT_CHAIN_PARAMETERS.getDynamicEnergyMaxFactor;
    expect(result.energy).toBe((50_000n * (10_000n + factor)) / 10_000n);
    expect(result.feeLimit).toBe(result.energy * 210n);
    expect(result.feeLimit).toBeGreaterThan(
      feeLimitFromEnergyFactor({ baseEnergy: 50_000n, energyFactor: 5_000n, marginBps: 0n }).feeLimit,
    );
  });

  it('rounds the margin up to the next sun', () => {
    expect(feeLimitFromEstimate({ energyRequired: 1n, marginBps: 1n }).feeLimit).toBe(211n);
  });

  it('uses live chain parameters', () => {
    expect(
      feeLimitFromEstimate({ energyRequired: 1_000n, marginBps: 0n, parameters: { getEnergyFee: 100n } }).feeLimit,
    ).toBe(100_000n);
    expect(
      feeLimitFromMaxFactor({ baseEnergy: 1_000n, marginBps: 0n, parameters: { getDynamicEnergyMaxFactor: 0n } })
        .energy,
    ).toBe(1_000n);
  });

  it('refuses a limit above the 15,000 TRX maximum', () => {
    const error = expectWalletError(
      () => feeLimitFromEstimate({ energyRequired: 60_000_000n, marginBps: 2_000n }),
      FeeError,
      'FEE_LIMIT_TOO_HIGH',
    );
    expect(error.message).toContain('15000 TRX');
    expectWalletError(() => feeLimitFromMaxFactor({ baseEnergy: 20_000_000n }), FeeError, 'FEE_LIMIT_TOO_HIGH');
    expectWalletError(
      () => feeLimitFromEstimate({ energyRequired: 1_000n, parameters: { getMaxFeeLimit: 1n } }),
      FeeError,
      'FEE_LIMIT_TOO_HIGH',
    );
  });

  it('refuses negative inputs', () => {
    expectWalletError(() => feeLimitFromEstimate({ energyRequired: -1n }), FeeError, 'FEE_NEGATIVE_INPUT');
    expectWalletError(
      () => feeLimitFromEnergyFactor({ baseEnergy: 1n, energyFactor: -1n }),
      FeeError,
      'FEE_NEGATIVE_INPUT',
    );
    expectWalletError(
      () => feeLimitFromEstimate({ energyRequired: 1n, marginBps: -5n }),
      FeeError,
      'FEE_NEGATIVE_INPUT',
    );
  });

  it('checks a fee_limit against 0 and the maximum', () => {
    expect(() => assertFeeLimit(15_000_000_000n)).not.toThrow();
    expect(() => assertFeeLimit(0n)).not.toThrow();
    expectWalletError(() => assertFeeLimit(15_000_000_001n), FeeError, 'FEE_LIMIT_TOO_HIGH');
    expectWalletError(() => assertFeeLimit(-1n), FeeError, 'FEE_LIMIT_NEGATIVE');
    expectWalletError(() => assertFeeLimit(5 as unknown as bigint), FeeError, 'FEE_NOT_BIGINT');
  });

  it('takes the base energy as energy_used minus energy_penalty', () => {
    expect(baseEnergyOf({ energyUsed: 64_285n, energyPenalty: 49_631n })).toBe(14_654n);
    expect(baseEnergyOf({ energyUsed: 935n })).toBe(935n);
    expectWalletError(() => baseEnergyOf({ energyUsed: 1n, energyPenalty: 2n }), FeeError, 'FEE_PENALTY_ABOVE_USAGE');
  });
});
