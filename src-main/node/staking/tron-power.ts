import type { AccountRecord } from '../state/account';
import { frozenV2Of, RESOURCE } from '../state/account';
import type { StateView } from '../state/view';
import { supportNewResourceModel } from './rules';

/**
 * TRON power (votes) in sun, java-tron AccountCapsule.getTronPower / getAllTronPower: staked TRX
 * for bandwidth and energy, including what the account delegated to others. With the new resource
 * model (off on mainnet) only TRON_POWER stake counts once `old_tron_power` is settled.
 */
export function tronPowerOf(account: AccountRecord): bigint {
  return (
    frozenV2Of(account, RESOURCE.Bandwidth) +
    frozenV2Of(account, RESOURCE.Energy) +
    account.delegatedFrozenV2Bandwidth +
    account.delegatedFrozenV2Energy
  );
}

export function allTronPowerOf(account: AccountRecord): bigint {
  const tronPowerStake = frozenV2Of(account, RESOURCE.TronPower);
  if (account.oldTronPower === -1n) return tronPowerStake;
  if (account.oldTronPower === 0n) return tronPowerOf(account) + tronPowerStake;
  return account.oldTronPower + tronPowerStake;
}

/** The TRON power votes are checked against, in sun. */
export function votingPowerOf(view: StateView, account: AccountRecord): bigint {
  return supportNewResourceModel(view.props.parameters) ? allTronPowerOf(account) : tronPowerOf(account);
}

/** Σ vote counts (tronPowerUsed, whole TRX). */
export function tronPowerUsedOf(account: AccountRecord): bigint {
  let total = 0n;
  for (const v of account.votes) total += v.count;
  return total;
}

/** initializeOldTronPower when the new resource model is on and it was never set. */
export function settleOldTronPower(view: StateView, account: AccountRecord): void {
  if (!supportNewResourceModel(view.props.parameters) || account.oldTronPower !== 0n) return;
  const value = tronPowerOf(account);
  account.oldTronPower = value === 0n ? -1n : value;
}
