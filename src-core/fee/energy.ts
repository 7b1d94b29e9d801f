import { FeeError } from '../errors';
import { chainParameters, max0, nonNegative, type FeeParameters } from './parameters';

/**
 * Energy billing after execution (java-tron ReceiptCapsule.payEnergyBill): the contract's deployer may cover a
 * share from its own staked energy; the caller pays the rest from staked energy first, then
 * burns TRX at getEnergyFee per unit.
 */
export interface EnergyAccount {
  /** EnergyLimit and EnergyUsed from getaccountresource (usage decayed to now). */
  readonly energyLimit?: bigint;
  readonly energyUsed?: bigint;
}

export interface ContractEnergyShare {
  /** consume_user_resource_percent of the contract, 0..100: the caller's share. */
  readonly consumeUserResourcePercent: number;
  /** Staked energy the deployer has left. */
  readonly originEnergyAvailable: bigint;
  /** The contract's origin_energy_limit per transaction. */
  readonly originEnergyLimit: bigint;
}

export interface EnergyCharge {
  readonly energy: bigint;
  /** Covered by the contract's deployer (never burns the deployer's TRX). */
  readonly fromOrigin: bigint;
  /** The caller's staked energy used. */
  readonly fromStake: bigint;
  readonly burnedEnergy: bigint;
  readonly burnedSun: bigint;
}

export interface EnergyChargeInput {
  readonly energy: bigint;
  readonly account?: EnergyAccount;
  /** Omit when the caller is the deployer or the contract makes callers pay everything. */
  readonly contractShare?: ContractEnergyShare;
  readonly parameters?: FeeParameters;
}

export function energyCharge(input: EnergyChargeInput): EnergyCharge {
  const p = chainParameters(input.parameters);
  const energy = nonNegative(input.energy, 'energy');
  let fromOrigin = 0n;
  if (input.contractShare) {
    const percent = input.contractShare.consumeUserResourcePercent;
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw new FeeError('FEE_BAD_PERCENT', 'consume_user_resource_percent must be a whole number from 0 to 100.', {
        percent,
      });
    }
    const originShare = (energy * BigInt(100 - percent)) / 100n;
    const originAvailable = nonNegative(input.contractShare.originEnergyAvailable, "deployer's available energy");
    const originLimit = nonNegative(input.contractShare.originEnergyLimit, 'origin energy limit');
    fromOrigin = [originShare, originAvailable, originLimit].reduce((a, b) => (a < b ? a : b));
  }
  const callerPart = energy - fromOrigin;
  const stakedLeft = max0(
    nonNegative(input.account?.energyLimit, 'energy limit') - nonNegative(input.account?.energyUsed, 'energy used'),
  );
  const fromStake = callerPart < stakedLeft ? callerPart : stakedLeft;
  const burnedEnergy = callerPart - fromStake;
  return { energy, fromOrigin, fromStake, burnedEnergy, burnedSun: burnedEnergy * p.getEnergyFee };
}
