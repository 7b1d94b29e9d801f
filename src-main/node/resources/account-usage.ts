import {
  accumulateUsage,
  accumulateUsageInWindow,
  decayedUsage,
  energyLimitFromStake,
  netLimitFromStake,
  recoveredUsageInWindow,
} from '../../../src-core/fee/resource-math';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { AccountRecord } from '../state/account';
import { frozenV2Of, RESOURCE } from '../state/account';
import type { DynamicProperties } from '../state/dynamic';

/**
 * The account side of java-tron's ResourceProcessor (BandwidthProcessor, EnergyProcessor), over the pure
 * formulas of src-core/fee: staked bandwidth and energy limits from stake, recovery in the account's
 * own window, and consumption that updates usage, window and last slot together. Free bandwidth
 * keeps the fixed 24 h window.
 */
const PRECISION = 1_000_000n;

export interface StakeTotals {
  readonly totalNetWeight: bigint;
  readonly totalEnergyWeight: bigint;
}

/** Head slot of the chain: (head block time − genesis time) / 3 s. */
export function headSlotOf(props: Pick<DynamicProperties, 'headTimestamp' | 'genesisTimestamp'>): number {
  return Math.floor((props.headTimestamp - props.genesisTimestamp) / 3000);
}

/** getAllFrozenBalanceForBandwidth (Stake 2.0 part): own stake plus what others delegated to it. */
export function bandwidthStakeOf(account: AccountRecord): bigint {
  return frozenV2Of(account, RESOURCE.Bandwidth) + account.acquiredDelegatedFrozenV2Bandwidth;
}

/** getAllFrozenBalanceForEnergy (Stake 2.0 part). */
export function energyStakeOf(account: AccountRecord): bigint {
  return frozenV2Of(account, RESOURCE.Energy) + account.acquiredDelegatedFrozenV2Energy;
}

/** NetLimit: calculateGlobalNetLimitV2. */
export function netLimitOf(account: AccountRecord, parameters: ChainParameters, totals: StakeTotals): bigint {
  return netLimitFromStake({ frozenSun: bandwidthStakeOf(account), totalNetWeight: totals.totalNetWeight, parameters });
}

/** EnergyLimit: calculateGlobalEnergyLimitV2. */
export function energyLimitOf(account: AccountRecord, parameters: ChainParameters, totals: StakeTotals): bigint {
  return energyLimitFromStake({
    frozenSun: energyStakeOf(account),
    totalEnergyWeight: totals.totalEnergyWeight,
    parameters,
  });
}

const netWindow = (a: AccountRecord) => ({ windowSize: a.netWindowSize, optimized: a.netWindowOptimized });
const energyWindow = (a: AccountRecord) => ({ windowSize: a.energyWindowSize, optimized: a.energyWindowOptimized });

/** Staked bandwidth used, recovered to `nowSlot` in the account's window (no write). */
export function netUsageAt(account: AccountRecord, nowSlot: number): bigint {
  return recoveredUsageInWindow({
    lastUsage: account.netUsage,
    lastSlot: BigInt(account.latestConsumeTime),
    nowSlot: BigInt(nowSlot),
    window: netWindow(account),
  });
}

/** Staked energy used, recovered to `nowSlot` in the account's window (no write). */
export function energyUsageAt(account: AccountRecord, nowSlot: number): bigint {
  return recoveredUsageInWindow({
    lastUsage: account.energyUsage,
    lastSlot: BigInt(account.latestConsumeTimeForEnergy),
    nowSlot: BigInt(nowSlot),
    window: energyWindow(account),
  });
}

/** Free bandwidth used, recovered to `nowSlot` (fixed window). */
export function freeNetUsageAt(account: AccountRecord, nowSlot: number): bigint {
  return decayedUsage({
    lastUsage: account.freeNetUsage,
    lastSlot: BigInt(account.latestConsumeFreeTime),
    nowSlot: BigInt(nowSlot),
  });
}

/** Any fixed-window usage (public pool, TRC-10 free bandwidth): ResourceProcessor.increase. */
export function increaseFixed(lastUsage: bigint, usage: bigint, lastSlot: number, nowSlot: number): bigint {
  return accumulateUsage({ lastUsage, usage, lastSlot: BigInt(lastSlot), nowSlot: BigInt(nowSlot) });
}

/**
 * Adds staked bandwidth usage (increaseV2) and moves the last-consume slot: the account must be a
 * private copy. `bytes` 0 only brings usage and window up to date (updateUsageForDelegated).
 */
export function addNetUsage(account: AccountRecord, bytes: bigint, nowSlot: number): void {
  const next = accumulateUsageInWindow({
    lastUsage: account.netUsage,
    lastSlot: BigInt(account.latestConsumeTime),
    nowSlot: BigInt(nowSlot),
    usage: bytes,
    window: netWindow(account),
  });
  account.netUsage = next.usage;
  account.netWindowSize = next.window.windowSize;
  account.netWindowOptimized = next.window.optimized;
}

/** Same for staked energy. */
export function addEnergyUsage(account: AccountRecord, energy: bigint, nowSlot: number): void {
  const next = accumulateUsageInWindow({
    lastUsage: account.energyUsage,
    lastSlot: BigInt(account.latestConsumeTimeForEnergy),
    nowSlot: BigInt(nowSlot),
    usage: energy,
    window: energyWindow(account),
  });
  account.energyUsage = next.usage;
  account.energyWindowSize = next.window.windowSize;
  account.energyWindowOptimized = next.window.optimized;
}

/** Usage expressed back in sun of stake: usage × TotalWeight / TotalLimit × 1e6 (DelegateResourceActuator). */
export function usageAsStake(usage: bigint, totalWeight: bigint, totalLimit: bigint): bigint {
  if (totalLimit <= 0n) return 0n;
  return (usage * PRECISION * totalWeight) / totalLimit;
}
