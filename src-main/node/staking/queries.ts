import { RESOURCE } from '../state/account';
import type { StateView } from '../state/view';
import { delegatableStake, estimateDelegateBandwidth } from './delegation';
import { maturedUnfreeze, unfreezingCount } from './freeze';
import { frozenV2Of } from '../state/account';
import { nowMs, TRX, UNFREEZE_MAX_TIMES } from './rules';

/**
 * Read-only Stake 2.0 figures (java-tron Wallet.getCanDelegatedMaxSize, getAvailableUnfreezeCount,
 * getCanWithdrawUnfreezeAmount), for the HTTP API and the VM's query precompiles.
 */

/** Most stake the account can delegate now (0 below 1 TRX); counts the DelegateResource's own bandwidth. */
export function canDelegatedMaxSize(view: StateView, hex: string, type: number): bigint {
  const account = view.getAccount(hex);
  if (!account || (type !== RESOURCE.Bandwidth && type !== RESOURCE.Energy)) return 0n;
  const extra =
    type === RESOURCE.Bandwidth ? estimateDelegateBandwidth(view, frozenV2Of(account, RESOURCE.Bandwidth)) : 0n;
  let size = delegatableStake(view, account, type, extra);
  if (size < 0n) size = 0n;
  return size < TRX ? 0n : size;
}

/** UNFREEZE_MAX_TIMES minus the unfreezes still pending; undefined for an unknown account. */
export function availableUnfreezeCount(view: StateView, hex: string): number | undefined {
  const account = view.getAccount(hex);
  return account ? UNFREEZE_MAX_TIMES - unfreezingCount(account, nowMs(view)) : undefined;
}

/**
 * Unfreezes matured at `timestampMs` (0 = the head block time); undefined for an unknown account or a negative time.
 */
export function canWithdrawUnfreezeAmount(view: StateView, hex: string, timestampMs: number): bigint | undefined {
  if (timestampMs < 0) return undefined;
  const account = view.getAccount(hex);
  if (!account) return undefined;
  return maturedUnfreeze(account, timestampMs === 0 ? nowMs(view) : timestampMs);
}
