import { FeeError } from '../errors';
import { PROTOCOL_CONSTANTS } from '../chain/parameters';
import { ceilDiv, chainParameters, nonNegative, type FeeParameters } from './parameters';

/**
 * Resource formulas as pure functions, so the embedded node and the UI compute the same numbers
 * (java-tron-http.md §6.1–6.3). java-tron uses doubles in places; these use exact integer
 * arithmetic with the same rounding, which can differ from the double result only where a double
 * cannot represent the value exactly.
 */

/** java-tron's PRECISION for averaged usage. */
export const USAGE_PRECISION = 1_000_000n;
export const WINDOW_SIZE_SLOTS = BigInt(PROTOCOL_CONSTANTS.WINDOW_SIZE_SLOTS);

/** Head-slot number of a block time: (timestamp − genesis timestamp) / 3 s. */
export function slotOf(timestampMs: bigint, genesisTimestampMs = 0n): bigint {
  const t = nonNegative(timestampMs, 'timestamp');
  const genesis = nonNegative(genesisTimestampMs, 'genesis timestamp');
  if (t < genesis) throw new FeeError('FEE_TIME_BEFORE_GENESIS', 'The timestamp is before the genesis block.');
  return (t - genesis) / BigInt(PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS);
}

export interface UsageInput {
  /** Usage recorded at `lastSlot` (e.g. net_usage, free_net_usage, energy_usage). */
  readonly lastUsage: bigint;
  readonly lastSlot: bigint;
  readonly nowSlot: bigint;
  /** Usage added now (0 to only read the recovered value). */
  readonly usage?: bigint;
  /** Recovery window in slots (default 28,800 = 24 h). */
  readonly windowSlots?: bigint;
}

/**
 * ResourceProcessor.increase (§6.2): the old usage decays linearly to zero over the window, then
 * the new usage is added. Averages are kept ×1e6 and rounded as java-tron does.
 */
export function accumulateUsage(input: UsageInput): bigint {
  const window = nonNegative(input.windowSlots, 'window', WINDOW_SIZE_SLOTS);
  if (window === 0n) throw new FeeError('FEE_ZERO_WINDOW', 'The usage window must be at least one slot.');
  const lastUsage = nonNegative(input.lastUsage, 'last usage');
  const usage = nonNegative(input.usage, 'new usage');
  const lastSlot = nonNegative(input.lastSlot, 'last slot');
  const nowSlot = nonNegative(input.nowSlot, 'current slot');
  if (nowSlot < lastSlot) throw new FeeError('FEE_TIME_BACKWARDS', 'The current slot is before the slot of the last usage.', { lastSlot, nowSlot });
  let averageLast = ceilDiv(lastUsage * USAGE_PRECISION, window);
  const averageNew = ceilDiv(usage * USAGE_PRECISION, window);
  if (nowSlot !== lastSlot) {
    const elapsed = nowSlot - lastSlot;
    // Math.round(a × (W − Δ) / W), i.e. floor(x + 1/2), in exact integers.
    averageLast = elapsed < window ? (2n * averageLast * (window - elapsed) + window) / (2n * window) : 0n;
  }
  return ((averageLast + averageNew) * window) / USAGE_PRECISION;
}

/** The usage left at `nowSlot` after recovery, with nothing new consumed. */
export function decayedUsage(input: Omit<UsageInput, 'usage'>): bigint {
  return accumulateUsage({ ...input, usage: 0n });
}

function limitFromStake(frozenSun: bigint, totalLimit: bigint, totalWeight: bigint): bigint {
  if (totalWeight === 0n) return 0n;
  return (frozenSun * totalLimit) / (PROTOCOL_CONSTANTS.SUN_PER_TRX * totalWeight);
}

/**
 * NetLimit (§6.1, Stake 2.0): floor(frozen TRX × TotalNetLimit / TotalNetWeight). `frozenSun` is
 * all bandwidth stake counted for the account (own V1+V2 plus delegated to it); `totalNetWeight`
 * is the chain's TotalNetWeight in whole TRX.
 */
export function netLimitFromStake(input: { frozenSun: bigint; totalNetWeight: bigint; parameters?: FeeParameters }): bigint {
  const frozen = nonNegative(input.frozenSun, 'staked amount');
  const weight = nonNegative(input.totalNetWeight, 'TotalNetWeight');
  return limitFromStake(frozen, chainParameters(input.parameters).getTotalNetLimit, weight);
}

/** EnergyLimit (§6.3): floor(frozen TRX × TotalEnergyCurrentLimit / TotalEnergyWeight). */
export function energyLimitFromStake(input: { frozenSun: bigint; totalEnergyWeight: bigint; parameters?: FeeParameters }): bigint {
  const frozen = nonNegative(input.frozenSun, 'staked amount');
  const weight = nonNegative(input.totalEnergyWeight, 'TotalEnergyWeight');
  return limitFromStake(frozen, chainParameters(input.parameters).getTotalEnergyCurrentLimit, weight);
}
