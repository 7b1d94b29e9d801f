import { VmEnergyError, VmValidationError } from '../errors';

/**
 * Energy limits and billing as pure functions (java-tron
 * `VMActuator.getAccountEnergyLimitWithFixRatio`, `getTotalEnergyLimitWithFixRatio`,
 * `ReceiptCapsule.payEnergyBill`). All amounts are bigint: energy units and sun.
 */

/** `VMConstant.SUN_PER_ENERGY`, used only when the chain's energy fee is 0. */
export const FALLBACK_SUN_PER_ENERGY = 100n;
/** `vm.maxEnergyLimitForConstant` default, and the floor java-tron enforces on configured values. */
export const DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT = 100_000_000n;
export const MIN_MAX_ENERGY_LIMIT_FOR_CONSTANT = 3_000_000n;

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function nonNegative(name: string, value: bigint): void {
  if (value < 0n)
    throw new VmEnergyError('ENERGY_INPUT_NEGATIVE', `${name} cannot be negative (got ${value}).`, { [name]: value });
}

export function sunPerEnergy(energyFee: bigint): bigint {
  return energyFee > 0n ? energyFee : FALLBACK_SUN_PER_ENERGY;
}

/** Refuses a fee limit outside 0..maxFeeLimit with java-tron's message (VMActuator create/call). */
export function checkFeeLimit(feeLimit: bigint, maxFeeLimit: bigint): void {
  if (feeLimit < 0n || feeLimit > maxFeeLimit) {
    throw new VmValidationError('FEE_LIMIT_OUT_OF_RANGE', `feeLimit must be >= 0 and <= ${maxFeeLimit}`, {
      feeLimit,
      maxFeeLimit,
    });
  }
}

export interface AccountEnergyInputs {
  /** Energy still available from the account's stake (`getAccountLeftEnergyFromFreeze`). */
  readonly energyLeftFromFreeze: bigint;
  /** TRX balance in sun. */
  readonly balance: bigint;
  /** TRX the transaction sends along (it cannot also buy energy). */
  readonly callValue: bigint;
  readonly feeLimit: bigint;
  /** `getEnergyFee`, sun per energy. */
  readonly energyFee: bigint;
}

/** `min(leftFrozen + max(balance − callValue, 0)/price, feeLimit/price)`. */
export function accountEnergyLimit(input: AccountEnergyInputs): bigint {
  nonNegative('energyLeftFromFreeze', input.energyLeftFromFreeze);
  nonNegative('feeLimit', input.feeLimit);
  const price = sunPerEnergy(input.energyFee);
  const spendable = input.balance - input.callValue;
  const fromBalance = (spendable > 0n ? spendable : 0n) / price;
  return min(input.energyLeftFromFreeze + fromBalance, input.feeLimit / price);
}

export interface CreatorEnergyInputs {
  /** The caller's own limit (`accountEnergyLimit`). */
  readonly callerLimit: bigint;
  /** 0..100: the share the caller pays. */
  readonly consumeUserResourcePercent: bigint;
  readonly originEnergyLimit: bigint;
  /** Energy the origin can still use from its stake (read only when percent < 100). */
  readonly originEnergyLeft: bigint;
}

/**
 * The deployer's share of a trigger's limit: 0 at percent 100; `min(originLeft, originEnergyLimit)`
 * at percent 0; otherwise also capped by `callerLimit·(100−p)/p`.
 */
export function creatorEnergyLimit(input: CreatorEnergyInputs): bigint {
  const percent = clampPercent(input.consumeUserResourcePercent);
  if (input.originEnergyLimit < 0n)
    throw new VmValidationError('ORIGIN_ENERGY_LIMIT_NEGATIVE', "originEnergyLimit can't be < 0");
  if (percent >= 100n) return 0n;
  const originCap = min(input.originEnergyLeft, input.originEnergyLimit);
  if (percent <= 0n) return originCap;
  return min((input.callerLimit * (100n - percent)) / percent, originCap);
}

/** `ContractCapsule.getConsumeUserResourcePercent`: stored values are clamped to 0..100. */
export function clampPercent(percent: bigint): bigint {
  if (percent < 0n) return 0n;
  return percent > 100n ? 100n : percent;
}

/** `Constant.CREATOR_DEFAULT_ENERGY_LIMIT`: what an unset (0) origin_energy_limit reads as. */
export const CREATOR_DEFAULT_ENERGY_LIMIT = 10_000_000n;

/** `ContractCapsule.getOriginEnergyLimit`: 0 (the protobuf default) means 10 000 000. */
export function effectiveOriginEnergyLimit(stored: bigint): bigint {
  return stored === 0n ? CREATOR_DEFAULT_ENERGY_LIMIT : stored;
}

export interface TriggerEnergyInputs {
  readonly caller: AccountEnergyInputs;
  /** The contract's origin (deployer) still exists; otherwise the caller pays alone. */
  readonly originExists: boolean;
  readonly callerIsOrigin: boolean;
  readonly consumeUserResourcePercent: bigint;
  readonly originEnergyLimit: bigint;
  readonly originEnergyLeft: bigint;
}

export interface TriggerEnergyLimit {
  readonly total: bigint;
  readonly callerLimit: bigint;
  readonly creatorLimit: bigint;
}

/**
 * TriggerSmartContract energy limit = caller's limit + deployer's share (VMActuator.getTotalEnergyLimitWithFixRatio).
 */
export function triggerEnergyLimit(input: TriggerEnergyInputs): TriggerEnergyLimit {
  const callerLimit = accountEnergyLimit(input.caller);
  if (!input.originExists || input.callerIsOrigin) return { total: callerLimit, callerLimit, creatorLimit: 0n };
  const creatorLimit = creatorEnergyLimit({
    callerLimit,
    consumeUserResourcePercent: input.consumeUserResourcePercent,
    originEnergyLimit: input.originEnergyLimit,
    originEnergyLeft: input.originEnergyLeft,
  });
  return { total: callerLimit + creatorLimit, callerLimit, creatorLimit };
}

/** Constant calls: `vm.maxEnergyLimitForConstant`, further capped by `feeLimit/energyFee` when set. */
export function constantEnergyLimit(maxEnergyLimitForConstant: bigint, feeLimit: bigint, energyFee: bigint): bigint {
  const cap =
    maxEnergyLimitForConstant < MIN_MAX_ENERGY_LIMIT_FOR_CONSTANT
      ? MIN_MAX_ENERGY_LIMIT_FOR_CONSTANT
      : maxEnergyLimitForConstant;
  if (feeLimit > 0n) return min(cap, feeLimit / sunPerEnergy(energyFee));
  return cap;
}

export interface BillInputs {
  /** Energy the execution consumed (including the dynamic-energy penalty). */
  readonly energyUsageTotal: bigint;
  /** True for CreateSmartContract and for a deployer calling its own contract. */
  readonly callerIsOrigin: boolean;
  readonly originExists: boolean;
  readonly consumeUserResourcePercent: bigint;
  readonly originEnergyLimit: bigint;
  /** Origin's stake energy left, as read when the limit was computed. */
  readonly originEnergyLeft: bigint;
  /** Caller's stake energy left, as read when the limit was computed. */
  readonly callerEnergyLeft: bigint;
  readonly energyFee: bigint;
}

/** `ResourceReceipt` energy fields. */
export interface EnergyBill {
  readonly energyUsageTotal: bigint;
  /** Energy taken from the origin's stake. */
  readonly originEnergyUsage: bigint;
  /** Energy taken from the caller's stake (`receipt.energy_usage`). */
  readonly energyUsage: bigint;
  /** Sun burned from the caller for the rest (`receipt.energy_fee`). */
  readonly energyFee: bigint;
}

/**
 * Who pays what after execution: the origin pays `min(U·(100−p)/100, originLeft, originEnergyLimit)`
 * from stake only; the caller pays the rest from stake first, then burns TRX at the energy price.
 */
export function splitEnergyBill(input: BillInputs): EnergyBill {
  nonNegative('energyUsageTotal', input.energyUsageTotal);
  const total = input.energyUsageTotal;
  if (total === 0n) return { energyUsageTotal: 0n, originEnergyUsage: 0n, energyUsage: 0n, energyFee: 0n };
  let originUsage = 0n;
  if (input.originExists && !input.callerIsOrigin) {
    const originPercent = 100n - clampPercent(input.consumeUserResourcePercent);
    originUsage = min((total * originPercent) / 100n, min(input.originEnergyLeft, input.originEnergyLimit));
    if (originUsage < 0n) originUsage = 0n;
  }
  const callerUsage = total - originUsage;
  if (input.callerEnergyLeft >= callerUsage) {
    return { energyUsageTotal: total, originEnergyUsage: originUsage, energyUsage: callerUsage, energyFee: 0n };
  }
  const fromStake = input.callerEnergyLeft > 0n ? input.callerEnergyLeft : 0n;
  return {
    energyUsageTotal: total,
    originEnergyUsage: originUsage,
    energyUsage: fromStake,
    energyFee: (callerUsage - fromStake) * sunPerEnergy(input.energyFee),
  };
}
