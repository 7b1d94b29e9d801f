import { FeeError } from '../errors';
import { PROTOCOL_CONSTANTS } from '../chain/parameters';
import { ceilDiv, chainParameters, nonNegative, type FeeParameters } from './parameters';

/**
 * The three ways to choose fee_limit (a fixed amount, a multiple of an estimate, or java-tron's estimateenergy), each
 * with a safety margin in basis points, and the chain's bounds: 0 ≤ fee_limit ≤ getMaxFeeLimit.
 */
export type FeeLimitStrategy = 'estimate' | 'energy-factor' | 'max-factor';

/** 20 %: the dynamic energy factor can move between estimating and the last signature. */
export const DEFAULT_FEE_LIMIT_MARGIN_BPS = 2_000n;
const BPS = 10_000n;

export interface FeeLimitResult {
  readonly strategy: FeeLimitStrategy;
  /** Energy the strategy expects the call to use, before the margin. */
  readonly energy: bigint;
  readonly marginBps: bigint;
  /** The fee_limit to put on the transaction, in sun. */
  readonly feeLimit: bigint;
  readonly explanation: string;
}

interface Common {
  /** Safety margin in basis points (100 = 1 %); default 2,000. */
  readonly marginBps?: bigint;
  readonly parameters?: FeeParameters;
}

/** Refuses a fee_limit outside what java-tron accepts (`feeLimit must be >= 0 and <= …`). */
export function assertFeeLimit(feeLimit: bigint, parameters?: FeeParameters): void {
  const max = chainParameters(parameters).getMaxFeeLimit;
  if (typeof feeLimit !== 'bigint')
    throw new FeeError('FEE_NOT_BIGINT', 'The fee_limit must be a bigint amount of sun.');
  if (feeLimit < 0n) throw new FeeError('FEE_LIMIT_NEGATIVE', 'The fee_limit cannot be negative.', { feeLimit });
  if (feeLimit > max) {
    throw new FeeError(
      'FEE_LIMIT_TOO_HIGH',
      `The fee_limit would be ${feeLimit} sun, above the chain's maximum of ${max} sun ` +
        `(${max / PROTOCOL_CONSTANTS.SUN_PER_TRX} TRX); stake energy or split the work.`,
      {
        feeLimit,
        max,
      },
    );
  }
}

function finish(strategy: FeeLimitStrategy, energy: bigint, common: Common, why: string): FeeLimitResult {
  const marginBps = nonNegative(common.marginBps, 'safety margin', DEFAULT_FEE_LIMIT_MARGIN_BPS);
  const price = chainParameters(common.parameters).getEnergyFee;
  const feeLimit = ceilDiv(energy * price * (BPS + marginBps), BPS);
  assertFeeLimit(feeLimit, common.parameters);
  return {
    strategy,
    energy,
    marginBps,
    feeLimit,
    explanation:
      `${why} × ${price} sun per energy + ` +
      `${marginBps / 100n}.${(marginBps % 100n).toString().padStart(2, '0')} % margin.`,
  };
}

/** Base energy of a constant call: energy_used minus energy_penalty (the dynamic-model surcharge). */
export function baseEnergyOf(result: { energyUsed: bigint; energyPenalty?: bigint }): bigint {
  const used = nonNegative(result.energyUsed, 'energy_used');
  const penalty = nonNegative(result.energyPenalty, 'energy_penalty');
  if (penalty > used)
    throw new FeeError('FEE_PENALTY_ABOVE_USAGE', 'energy_penalty cannot exceed energy_used.', { used, penalty });
  return used - penalty;
}

/** 1. An estimate for this very transaction (estimateenergy's energy_required, penalty included). */
export function feeLimitFromEstimate(input: Common & { energyRequired: bigint }): FeeLimitResult {
  const energy = nonNegative(input.energyRequired, 'estimated energy');
  return finish('estimate', energy, input, `${energy} estimated energy`);
}

/**
 * 2. The contract's energy_factor (ContractState, read once per maintenance period), applied to
 * the base energy: energy = base × (10,000 + factor) / 10,000.
 */
export function feeLimitFromEnergyFactor(input: Common & { baseEnergy: bigint; energyFactor: bigint }): FeeLimitResult {
  const base = nonNegative(input.baseEnergy, 'base energy');
  const factor = nonNegative(input.energyFactor, 'energy factor');
  const energy = ceilDiv(
    base * (PROTOCOL_CONSTANTS.DYNAMIC_ENERGY_FACTOR_DECIMAL + factor),
    PROTOCOL_CONSTANTS.DYNAMIC_ENERGY_FACTOR_DECIMAL,
  );
  return finish('energy-factor', energy, input, `${base} base energy × (1 + ${factor}/10000 contract factor)`);
}

/**
 * 3. The chain's getDynamicEnergyMaxFactor, the worst penalty any contract can have: simplest,
 * and always above the real cost.
 */
export function feeLimitFromMaxFactor(input: Common & { baseEnergy: bigint }): FeeLimitResult {
  const base = nonNegative(input.baseEnergy, 'base energy');
  const maxFactor = chainParameters(input.parameters).getDynamicEnergyMaxFactor;
  const energy = ceilDiv(
    base * (PROTOCOL_CONSTANTS.DYNAMIC_ENERGY_FACTOR_DECIMAL + maxFactor),
    PROTOCOL_CONSTANTS.DYNAMIC_ENERGY_FACTOR_DECIMAL,
  );
  return finish('max-factor', energy, input, `${base} base energy × (1 + ${maxFactor}/10000 maximum factor)`);
}
