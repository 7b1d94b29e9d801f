import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { StateView } from '../state/view';
import { headSlotOf } from '../resources/account-usage';

/**
 * Switches and constants the Stake 2.0, vote and reward rules read (java-tron
 * DynamicPropertiesStore.support*, Parameter.ChainConstant).
 */
export const TRX = 1_000_000n;
/** FROZEN_PERIOD: one day in ms (unfreeze delay and withdraw interval are counted in days). */
export const DAY_MS = 86_400_000;
export const SLOT_MS = 3_000;
/** DELEGATE_PERIOD / BLOCK_PRODUCED_INTERVAL: the default lock of a delegation, in blocks (3 days). */
export const DEFAULT_LOCK_BLOCKS = 86_400n;
export const UNFREEZE_MAX_TIMES = 32;
export const MAX_VOTE_NUMBER = 30;
export const INT64_MAX = 2n ** 63n - 1n;
/** DelegationStore.DEFAULT_BROKERAGE: the share (percent) a representative keeps. */
export const DEFAULT_BROKERAGE = 20;
/** TransactionUtil.estimateConsumeBandWidthSize base: a DelegateResource transaction's own bandwidth. */
export const DELEGATE_COST_BASE_SIZE = 275n;

export const RESOURCE_NAMES = ['BANDWIDTH', 'ENERGY', 'TRON_POWER'] as const;

export function supportUnfreezeDelay(p: ChainParameters): boolean {
  return p.getUnfreezeDelayDays > 0n;
}

export function supportNewResourceModel(p: ChainParameters): boolean {
  return p.getAllowNewResourceModel === 1n;
}

export function supportCancelAllUnfreezeV2(p: ChainParameters): boolean {
  return p.getAllowCancelAllUnfreezeV2 === 1n && supportUnfreezeDelay(p);
}

export function supportMaxDelegateLockPeriod(p: ChainParameters): boolean {
  return p.getMaxDelegateLockPeriod > DEFAULT_LOCK_BLOCKS && supportUnfreezeDelay(p);
}

export function allowChangeDelegation(p: ChainParameters): boolean {
  return p.getChangeDelegation === 1n;
}

/** latestBlockHeaderTimestamp: the time every staking rule runs at (the head block's). */
export function nowMs(view: StateView): number {
  return view.props.headTimestamp;
}

export function nowSlot(view: StateView): number {
  return headSlotOf(view.props);
}

/** Guava LongMath.checkedAdd's message when a balance would overflow. */
export function checkedAddMessage(a: bigint, b: bigint): string | undefined {
  return a + b > INT64_MAX ? `overflow: checkedAdd(${a}, ${b})` : undefined;
}
