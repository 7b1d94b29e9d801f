import { describe, expect, it } from 'vitest';
import {
  accountEnergyLimit,
  checkFeeLimit,
  constantEnergyLimit,
  creatorEnergyLimit,
  effectiveOriginEnergyLimit,
  splitEnergyBill,
  triggerEnergyLimit,
} from '@main/node/vm/index';
import { VmEnergyError, VmValidationError } from '@main/node/errors';

describe('energy limit', () => {
  it('buys energy with stake plus balance, capped by the fee limit', () => {
    // stake 1 000 + (50 TRX − 10 TRX call value)/210 = 1 000 + 190 476 = 191 476; fee limit 30 TRX/210 = 142 857
    expect(
      accountEnergyLimit({
        energyLeftFromFreeze: 1_000n,
        balance: 50_000_000n,
        callValue: 10_000_000n,
        feeLimit: 30_000_000n,
        energyFee: 210n,
      }),
    ).toBe(142_857n);
    // a small balance is the cap: 1 000 + 2 100 000/210 = 11 000
    expect(
      accountEnergyLimit({
        energyLeftFromFreeze: 1_000n,
        balance: 2_100_000n,
        callValue: 0n,
        feeLimit: 30_000_000n,
        energyFee: 210n,
      }),
    ).toBe(11_000n);
    // call value above the balance leaves only the stake
    expect(
      accountEnergyLimit({
        energyLeftFromFreeze: 7n,
        balance: 5n,
        callValue: 10n,
        feeLimit: 30_000_000n,
        energyFee: 210n,
      }),
    ).toBe(7n);
    // an energy fee of 0 falls back to 100 sun per energy
    expect(
      accountEnergyLimit({ energyLeftFromFreeze: 0n, balance: 1_000n, callValue: 0n, feeLimit: 1_000n, energyFee: 0n }),
    ).toBe(10n);
  });

  it("adds the deployer's share for a trigger: callerLimit·(100−p)/p capped by its stake and origin_energy_limit", () => {
    const caller = {
      energyLeftFromFreeze: 0n,
      balance: 2_100_000_000n,
      callValue: 0n,
      feeLimit: 210_000_000n,
      energyFee: 210n,
    };
    // caller: min(2 100 000 000/210, 210 000 000/210) = min(10 000 000, 1 000 000) = 1 000 000
    // creator at p = 40: min(1 000 000·60/40 = 1 500 000, min(origin left 800 000, origin_energy_limit 900 000)) = 800 000
    const limit = triggerEnergyLimit({
      caller,
      originExists: true,
      callerIsOrigin: false,
      consumeUserResourcePercent: 40n,
      originEnergyLimit: 900_000n,
      originEnergyLeft: 800_000n,
    });
    expect(limit).toEqual({ total: 1_800_000n, callerLimit: 1_000_000n, creatorLimit: 800_000n });
    expect(
      triggerEnergyLimit({
        caller,
        originExists: true,
        callerIsOrigin: true,
        consumeUserResourcePercent: 40n,
        originEnergyLimit: 900_000n,
        originEnergyLeft: 800_000n,
      }).total,
    ).toBe(1_000_000n);
    expect(
      triggerEnergyLimit({
        caller,
        originExists: false,
        callerIsOrigin: false,
        consumeUserResourcePercent: 0n,
        originEnergyLimit: 900_000n,
        originEnergyLeft: 800_000n,
      }).creatorLimit,
    ).toBe(0n);
    expect(
      creatorEnergyLimit({
        callerLimit: 5n,
        consumeUserResourcePercent: 0n,
        originEnergyLimit: 900n,
        originEnergyLeft: 1_000n,
      }),
    ).toBe(900n);
    expect(
      creatorEnergyLimit({
        callerLimit: 5n,
        consumeUserResourcePercent: 100n,
        originEnergyLimit: 900n,
        originEnergyLeft: 1_000n,
      }),
    ).toBe(0n);
    // stored percents outside 0..100 are clamped (ContractCapsule)
    expect(
      creatorEnergyLimit({
        callerLimit: 5n,
        consumeUserResourcePercent: 150n,
        originEnergyLimit: 900n,
        originEnergyLeft: 1_000n,
      }),
    ).toBe(0n);
    expect(effectiveOriginEnergyLimit(0n)).toBe(10_000_000n);
  });

  it('refuses a fee limit outside 0..max with java-tron’s message', () => {
    expect(() => checkFeeLimit(15_000_000_001n, 15_000_000_000n)).toThrowError(VmValidationError);
    expect(() => checkFeeLimit(15_000_000_001n, 15_000_000_000n)).toThrowError(
      expect.objectContaining({ code: 'FEE_LIMIT_OUT_OF_RANGE', message: 'feeLimit must be >= 0 and <= 15000000000' }),
    );
    expect(() => checkFeeLimit(-1n, 15_000_000_000n)).toThrowError('feeLimit must be >= 0 and <= 15000000000');
    expect(() => checkFeeLimit(15_000_000_000n, 15_000_000_000n)).not.toThrow();
    expect(() =>
      creatorEnergyLimit({
        callerLimit: 1n,
        consumeUserResourcePercent: 50n,
        originEnergyLimit: -1n,
        originEnergyLeft: 0n,
      }),
    ).toThrowError("originEnergyLimit can't be < 0");
    expect(() =>
      accountEnergyLimit({ energyLeftFromFreeze: -1n, balance: 0n, callValue: 0n, feeLimit: 0n, energyFee: 1n }),
    ).toThrowError(VmEnergyError);
  });

  it('caps constant calls at vm.maxEnergyLimitForConstant and feeLimit/energyFee', () => {
    expect(constantEnergyLimit(100_000_000n, 0n, 210n)).toBe(100_000_000n);
    expect(constantEnergyLimit(1_000n, 0n, 210n)).toBe(3_000_000n);
    expect(constantEnergyLimit(100_000_000n, 15_000_000_000n, 210n)).toBe(71_428_571n);
  });
});

describe('energy bill', () => {
  it('lets the origin pay its share from stake only and the caller the rest, stake first', () => {
    // U = 100 000, p = 30 → origin share 100 000·70/100 = 70 000, capped by origin left 50 000 → 50 000
    // caller: 50 000 − 20 000 staked = 30 000 burned × 210 sun = 6 300 000 sun
    const bill = splitEnergyBill({
      energyUsageTotal: 100_000n,
      callerIsOrigin: false,
      originExists: true,
      consumeUserResourcePercent: 30n,
      originEnergyLimit: 60_000n,
      originEnergyLeft: 50_000n,
      callerEnergyLeft: 20_000n,
      energyFee: 210n,
    });
    expect(bill).toEqual({
      energyUsageTotal: 100_000n,
      originEnergyUsage: 50_000n,
      energyUsage: 20_000n,
      energyFee: 6_300_000n,
    });
  });

  it('charges the caller alone when it is the origin or the origin is gone', () => {
    const base = {
      energyUsageTotal: 10_000n,
      consumeUserResourcePercent: 0n,
      originEnergyLimit: 1_000_000n,
      originEnergyLeft: 1_000_000n,
      callerEnergyLeft: 0n,
      energyFee: 100n,
    };
    expect(splitEnergyBill({ ...base, callerIsOrigin: true, originExists: true })).toEqual({
      energyUsageTotal: 10_000n,
      originEnergyUsage: 0n,
      energyUsage: 0n,
      energyFee: 1_000_000n,
    });
    expect(splitEnergyBill({ ...base, callerIsOrigin: false, originExists: false }).originEnergyUsage).toBe(0n);
    expect(splitEnergyBill({ ...base, callerIsOrigin: false, originExists: true }).originEnergyUsage).toBe(10_000n);
    expect(
      splitEnergyBill({ ...base, energyUsageTotal: 0n, callerIsOrigin: false, originExists: true }).energyFee,
    ).toBe(0n);
  });
});
