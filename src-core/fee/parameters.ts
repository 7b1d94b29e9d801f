import { FeeError } from '../errors';
import { DEFAULT_CHAIN_PARAMETERS, type ChainParameters } from '../chain/parameters';

/**
 * Every rate comes from chain parameters; callers pass the live ones, src-core/chain/parameters.ts
 * holds the defaults.
 */
export type FeeParameters = Partial<ChainParameters>;

export function chainParameters(overrides: FeeParameters | undefined): ChainParameters {
  return { ...DEFAULT_CHAIN_PARAMETERS, ...overrides };
}

/** One parameter, live or its default, without copying the whole set (per-transaction formulas). */
export function parameterOf<K extends keyof ChainParameters>(
  overrides: FeeParameters | undefined,
  name: K,
): ChainParameters[K] {
  return overrides && name in overrides ? (overrides[name] as ChainParameters[K]) : DEFAULT_CHAIN_PARAMETERS[name];
}

/** Refuses a negative or non-bigint quantity with the field's name in the message. */
export function nonNegative(value: bigint | undefined, what: string, fallback = 0n): bigint {
  if (value === undefined) return fallback;
  if (typeof value !== 'bigint') throw new FeeError('FEE_NOT_BIGINT', `The ${what} must be a bigint.`, { what });
  if (value < 0n)
    throw new FeeError('FEE_NEGATIVE_INPUT', `The ${what} cannot be negative (got ${value}).`, { what, value });
  return value;
}

export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

export function max0(value: bigint): bigint {
  return value < 0n ? 0n : value;
}
