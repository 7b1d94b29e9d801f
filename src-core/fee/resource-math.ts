import { FeeError } from '../errors';
import { PROTOCOL_CONSTANTS } from '../chain/parameters';
import { ceilDiv, nonNegative, parameterOf, type FeeParameters } from './parameters';

/**
 * Resource formulas as pure functions, so the embedded node and the UI compute the same numbers
 * (java-tron BandwidthProcessor, ResourceProcessor, EnergyProcessor). java-tron uses doubles in places; these use exact
 * integer arithmetic with the same rounding, which can differ from the double result only where a double
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
 * ResourceProcessor.increase: the old usage decays linearly to zero over the window, then
 * the new usage is added. Averages are kept ×1e6 and rounded as java-tron does.
 */
export function accumulateUsage(input: UsageInput): bigint {
  return increase(input.lastUsage, input.usage, input.lastSlot, input.nowSlot, input.windowSlots);
}

/** The usage left at `nowSlot` after recovery, with nothing new consumed. */
export function decayedUsage(input: Omit<UsageInput, 'usage'>): bigint {
  return increase(input.lastUsage, 0n, input.lastSlot, input.nowSlot, input.windowSlots);
}

/** accumulateUsage over plain arguments: every transaction's bandwidth runs it, so no input object is copied. */
function increase(
  lastUsageInput: bigint,
  usageInput: bigint | undefined,
  lastSlotInput: bigint,
  nowSlotInput: bigint,
  windowInput: bigint | undefined,
): bigint {
  const window = nonNegative(windowInput, 'window', WINDOW_SIZE_SLOTS);
  if (window === 0n) throw new FeeError('FEE_ZERO_WINDOW', 'The usage window must be at least one slot.');
  const lastUsage = nonNegative(lastUsageInput, 'last usage');
  const usage = nonNegative(usageInput, 'new usage');
  const lastSlot = nonNegative(lastSlotInput, 'last slot');
  const nowSlot = nonNegative(nowSlotInput, 'current slot');
  if (nowSlot < lastSlot)
    throw new FeeError('FEE_TIME_BACKWARDS', 'The current slot is before the slot of the last usage.', {
      lastSlot,
      nowSlot,
    });
  let averageLast = ceilDiv(lastUsage * USAGE_PRECISION, window);
  const averageNew = ceilDiv(usage * USAGE_PRECISION, window);
  if (nowSlot !== lastSlot) {
    const elapsed = nowSlot - lastSlot;
    // Math.round(a × (W − Δ) / W), i.e. floor(x + 1/2), in exact integers.
    averageLast = elapsed < window ? (2n * averageLast * (window - elapsed) + window) / (2n * window) : 0n;
  }
  return ((averageLast + averageNew) * window) / USAGE_PRECISION;
}

function limitFromStake(frozenSun: bigint, totalLimit: bigint, totalWeight: bigint): bigint {
  if (totalWeight === 0n) return 0n;
  return (frozenSun * totalLimit) / (PROTOCOL_CONSTANTS.SUN_PER_TRX * totalWeight);
}

/**
 * NetLimit (BandwidthProcessor.calculateGlobalNetLimit, Stake 2.0):
 * floor(frozen TRX × TotalNetLimit / TotalNetWeight). `frozenSun` is all bandwidth stake counted for
 * the account (own V1+V2 plus delegated to it); `totalNetWeight` is the chain's TotalNetWeight in
 * whole TRX.
 */
export function netLimitFromStake(input: {
  frozenSun: bigint;
  totalNetWeight: bigint;
  parameters?: FeeParameters;
}): bigint {
  const frozen = nonNegative(input.frozenSun, 'staked amount');
  const weight = nonNegative(input.totalNetWeight, 'TotalNetWeight');
  return limitFromStake(frozen, parameterOf(input.parameters, 'getTotalNetLimit'), weight);
}

/**
 * EnergyLimit (EnergyProcessor.calculateGlobalEnergyLimit): floor(frozen TRX × TotalEnergyCurrentLimit /
 * TotalEnergyWeight).
 */
export function energyLimitFromStake(input: {
  frozenSun: bigint;
  totalEnergyWeight: bigint;
  parameters?: FeeParameters;
}): bigint {
  const frozen = nonNegative(input.frozenSun, 'staked amount');
  const weight = nonNegative(input.totalEnergyWeight, 'TotalEnergyWeight');
  return limitFromStake(frozen, parameterOf(input.parameters, 'getTotalEnergyCurrentLimit'), weight);
}

/**
 * Stake 2.0 keeps a recovery window per account and resource (java-tron
 * `AccountCapsule.getWindowSize/getWindowSizeV2`, `ResourceProcessor.increaseV2`): new usage
 * recovers over the full 24 h, usage left over from before recovers over what remained of its own
 * window, and the account's window becomes the usage-weighted mean of the two. The stored field
 * (`net_window_size`, `account_resource.energy_window_size`) is in slots, or in thousandths of a
 * slot once `*_window_optimized` is set; 0 means the default window.
 */
export const WINDOW_SIZE_PRECISION = 1_000n;

export interface AccountWindow {
  /** The stored window field (0 = default). */
  readonly windowSize: bigint;
  readonly optimized: boolean;
}

/** The window in whole slots that recovery uses (getWindowSize). */
export function windowSlotsOf(window: AccountWindow): bigint {
  const size = nonNegative(window.windowSize, 'window size');
  if (size === 0n) return WINDOW_SIZE_SLOTS;
  if (!window.optimized) return size;
  return size < WINDOW_SIZE_PRECISION ? WINDOW_SIZE_SLOTS : size / WINDOW_SIZE_PRECISION;
}

/** The window in thousandths of a slot (getWindowSizeV2). */
export function windowThousandthsOf(window: AccountWindow): bigint {
  const size = nonNegative(window.windowSize, 'window size');
  if (size === 0n) return WINDOW_SIZE_SLOTS * WINDOW_SIZE_PRECISION;
  return window.optimized ? size : size * WINDOW_SIZE_PRECISION;
}

export interface WindowedUsageInput {
  readonly lastUsage: bigint;
  readonly lastSlot: bigint;
  readonly nowSlot: bigint;
  /** Usage added now (0 brings the usage and the window up to date). */
  readonly usage?: bigint;
  readonly window: AccountWindow;
}

export interface WindowedUsage {
  readonly usage: bigint;
  /** The new window, always stored optimized (thousandths of a slot). */
  readonly window: AccountWindow;
}

const FULL_WINDOW_THOUSANDTHS = WINDOW_SIZE_SLOTS * WINDOW_SIZE_PRECISION;

/** Usage left at `nowSlot` when the account's own window applies (ResourceProcessor.recovery). */
export function recoveredUsageInWindow(input: Omit<WindowedUsageInput, 'usage'>): bigint {
  return decayedUsage({
    lastUsage: input.lastUsage,
    lastSlot: input.lastSlot,
    nowSlot: input.nowSlot,
    windowSlots: windowSlotsOf(input.window),
  });
}

/** ResourceProcessor.increaseV2: staked bandwidth and energy consumption under Stake 2.0. */
export function accumulateUsageInWindow(input: WindowedUsageInput): WindowedUsage {
  const lastUsage = nonNegative(input.lastUsage, 'last usage');
  const usage = nonNegative(input.usage, 'new usage');
  const lastSlot = nonNegative(input.lastSlot, 'last slot');
  const nowSlot = nonNegative(input.nowSlot, 'current slot');
  if (nowSlot < lastSlot)
    throw new FeeError('FEE_TIME_BACKWARDS', 'The current slot is before the slot of the last usage.', {
      lastSlot,
      nowSlot,
    });
  const oldSlots = windowSlotsOf(input.window);
  const oldThousandths = windowThousandthsOf(input.window);
  let averageLast = ceilDiv(lastUsage * USAGE_PRECISION, oldSlots);
  const averageNew = ceilDiv(usage * USAGE_PRECISION, WINDOW_SIZE_SLOTS);
  const elapsed = nowSlot - lastSlot;
  if (elapsed > 0n)
    averageLast = elapsed < oldSlots ? (2n * averageLast * (oldSlots - elapsed) + oldSlots) / (2n * oldSlots) : 0n;
  const newUsage = (averageLast * oldSlots + averageNew * WINDOW_SIZE_SLOTS) / USAGE_PRECISION;
  const remaining = (averageLast * oldSlots) / USAGE_PRECISION;
  if (remaining === 0n) return { usage: newUsage, window: { windowSize: FULL_WINDOW_THOUSANDTHS, optimized: true } };
  const remainingWindow = oldThousandths - elapsed * WINDOW_SIZE_PRECISION;
  const mixed = ceilDiv(remaining * remainingWindow + usage * FULL_WINDOW_THOUSANDTHS, newUsage);
  return {
    usage: newUsage,
    window: { windowSize: mixed < FULL_WINDOW_THOUSANDTHS ? mixed : FULL_WINDOW_THOUSANDTHS, optimized: true },
  };
}

/**
 * ResourceProcessor.unDelegateIncreaseV2: the owner takes back `transferUsage` of the receiver's
 * usage when a delegation ends. `ownerUsage` and `ownerWindow` must already be brought up to
 * `nowSlot` (accumulateUsageInWindow with no new usage).
 */
export function mergeReturnedUsage(input: {
  ownerUsage: bigint;
  ownerWindow: AccountWindow;
  transferUsage: bigint;
  receiverWindow: AccountWindow;
}): WindowedUsage {
  const ownerUsage = nonNegative(input.ownerUsage, 'owner usage');
  const transfer = nonNegative(input.transferUsage, 'returned usage');
  const total = ownerUsage + transfer;
  if (total === 0n) return { usage: 0n, window: { windowSize: FULL_WINDOW_THOUSANDTHS, optimized: true } };
  const mixed = ceilDiv(
    ownerUsage * windowThousandthsOf(input.ownerWindow) + transfer * windowThousandthsOf(input.receiverWindow),
    total,
  );
  return {
    usage: total,
    window: { windowSize: mixed < FULL_WINDOW_THOUSANDTHS ? mixed : FULL_WINDOW_THOUSANDTHS, optimized: true },
  };
}
