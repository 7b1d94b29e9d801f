import { bytesToHex } from '../../../src-core/bytes/hex';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { addressValid } from '../model/validation';
import type { AccountRecord } from '../state/account';
import { addFrozenV2, frozenV2Of, RESOURCE } from '../state/account';
import type { StateView } from '../state/view';
import type { TxMutableProperties } from '../state/dynamic';
import {
  checkedAddMessage,
  DAY_MS,
  nowMs,
  supportCancelAllUnfreezeV2,
  supportNewResourceModel,
  supportUnfreezeDelay,
  TRX,
  UNFREEZE_MAX_TIMES,
} from './rules';
import { settleOldTronPower } from './tron-power';
import { reduceVotesToPower } from './votes';
import { withdrawVoteReward } from './rewards';
import { ContractValidateError } from '../errors';

/**
 * Stake 2.0 freezing (TIP-467; java-tron FreezeBalanceV2, UnfreezeBalanceV2,
 * WithdrawExpireUnfreeze and CancelAllUnfreezeV2 actuators): validation with java-tron's exact
 * messages, and execution that keeps TotalNetWeight / TotalEnergyWeight / TotalTronPowerWeight
 * (whole TRX of each account's stake, delegated-out included) in step.
 */
export interface CanceledUnfreeze {
  readonly BANDWIDTH: bigint;
  readonly ENERGY: bigint;
  readonly TRON_POWER: bigint;
}

const WEIGHT_FIELD = [
  'totalNetWeight',
  'totalEnergyWeight',
  'totalTronPowerWeight',
] as const satisfies readonly (keyof TxMutableProperties)[];

/** Stake that counts for a resource's total weight (getFrozenV2BalanceWithDelegated / getTronPowerFrozenV2Balance). */
function weightedStake(account: AccountRecord, type: number): bigint {
  if (type === RESOURCE.Bandwidth) return frozenV2Of(account, type) + account.delegatedFrozenV2Bandwidth;
  if (type === RESOURCE.Energy) return frozenV2Of(account, type) + account.delegatedFrozenV2Energy;
  return frozenV2Of(account, type);
}

/** Changes the account's own stake of `type` by `delta` and the total weight by the whole-TRX difference. */
export function changeStake(view: StateView, account: AccountRecord, type: number, delta: bigint): bigint {
  const before = weightedStake(account, type) / TRX;
  addFrozenV2(account, type, delta);
  const change = weightedStake(account, type) / TRX - before;
  view.mutable[WEIGHT_FIELD[type]!] += change;
  return change;
}

// --- FreezeBalanceV2 -----------------------------------------------------------------------------

/** The first checks of FreezeBalanceV2Actuator and UnfreezeBalanceV2Actuator: Stake 2.0 on, a valid owner address. */
function stakeV2OwnerHex(
  p: ChainParameters,
  owner: Uint8Array | undefined,
  transaction: 'FreezeV2' | 'UnfreezeV2',
): string {
  if (!supportUnfreezeDelay(p))
    throw new ContractValidateError(`Not support ${transaction} transaction, need to be opened by the committee`);
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  return bytesToHex(owner);
}

export function validateFreezeV2(
  view: StateView,
  owner: Uint8Array | undefined,
  amount: bigint,
  resource: number,
): void {
  const p = view.props.parameters;
  const hex = stakeV2OwnerHex(p, owner, 'FreezeV2');
  const account = view.getAccount(hex);
  if (!account) throw new ContractValidateError(`Account[${hex}] not exists`);
  if (amount <= 0n) throw new ContractValidateError('frozenBalance must be positive');
  if (amount < TRX) throw new ContractValidateError('frozenBalance must be greater than or equal to 1 TRX');
  if (amount > account.balance)
    throw new ContractValidateError('frozenBalance must be less than or equal to accountBalance');
  const newModel = supportNewResourceModel(p);
  if (resource === RESOURCE.Bandwidth || resource === RESOURCE.Energy) return;
  if (resource === RESOURCE.TronPower) {
    if (!newModel) throw new ContractValidateError('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    return;
  }
  throw new ContractValidateError(
    newModel
      ? 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]'
      : 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]',
  );
}

export function applyFreezeV2(view: StateView, ownerHex: string, amount: bigint, resource: number): void {
  const account = view.mutableAccount(ownerHex)!;
  settleOldTronPower(view, account);
  changeStake(view, account, resource, amount);
  account.balance -= amount;
}

// --- UnfreezeBalanceV2 ---------------------------------------------------------------------------

/** getUnfreezingV2Count: unfreezes not yet matured at `now`. */
export function unfreezingCount(account: AccountRecord, now: number): number {
  let count = 0;
  for (const u of account.unfrozenV2) if (u.expireTime > now) count++;
  return count;
}

/** Σ unfreezes matured at `time` (getCanWithdrawUnfreezeAmount, WithdrawExpireUnfreeze). */
export function maturedUnfreeze(account: AccountRecord, time: number): bigint {
  let total = 0n;
  for (const u of account.unfrozenV2) if (u.expireTime <= time) total += u.amount;
  return total;
}

/** The amount of the first frozenV2 entry of `type` (checkUnfreezeBalance reads only that one). */
function firstFrozenV2(account: AccountRecord, type: number): bigint {
  return account.frozenV2.find((f) => f.type === type)?.amount ?? 0n;
}

export function validateUnfreezeV2(
  view: StateView,
  owner: Uint8Array | undefined,
  amount: bigint,
  resource: number,
): void {
  const p = view.props.parameters;
  const hex = stakeV2OwnerHex(p, owner, 'UnfreezeV2');
  const account = view.getAccount(hex);
  if (!account) throw new ContractValidateError(`Account[${hex}] does not exist`);
  const newModel = supportNewResourceModel(p);
  const hasStake = (type: number) => account.frozenV2.some((f) => f.type === type && f.amount > 0n);
  if (resource === RESOURCE.Bandwidth) {
    if (!hasStake(resource)) throw new ContractValidateError('no frozenBalance(BANDWIDTH)');
  } else if (resource === RESOURCE.Energy) {
    if (!hasStake(resource)) throw new ContractValidateError('no frozenBalance(Energy)');
  } else if (resource === RESOURCE.TronPower) {
    if (!newModel) throw new ContractValidateError('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
    if (!hasStake(resource)) throw new ContractValidateError('no frozenBalance(TronPower)');
  } else {
    throw new ContractValidateError(
      newModel
        ? 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]'
        : 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]',
    );
  }
  if (!(amount > 0n && amount <= firstFrozenV2(account, resource)))
    throw new ContractValidateError(`Invalid unfreeze_balance, [${amount}] is error`);
  if (unfreezingCount(account, nowMs(view)) >= UNFREEZE_MAX_TIMES)
    throw new ContractValidateError('Invalid unfreeze operation, unfreezing times is over limit');
}

/** Pays matured unfreezes into the balance and drops them; returns the amount (withdraw_expire_amount). */
function withdrawMatured(account: AccountRecord, now: number): bigint {
  const amount = maturedUnfreeze(account, now);
  account.unfrozenV2 = account.unfrozenV2.filter((u) => u.expireTime > now);
  account.balance += amount;
  return amount;
}

/** Returns the matured unfreezes paid out on the way (withdraw_expire_amount). */
export function applyUnfreezeV2(view: StateView, ownerHex: string, amount: bigint, resource: number): bigint {
  const now = nowMs(view);
  withdrawVoteReward(view, ownerHex);
  const account = view.mutableAccount(ownerHex)!;
  const withdrawn = withdrawMatured(account, now);
  settleOldTronPower(view, account);
  const expireTime = now + Number(view.props.parameters.getUnfreezeDelayDays) * (view.props.unfreezeDayMs ?? DAY_MS);
  account.unfrozenV2 = [...account.unfrozenV2, { type: resource, amount, expireTime }];
  changeStake(view, account, resource, -amount);
  reduceVotesToPower(view, ownerHex, account, resource);
  if (supportNewResourceModel(view.props.parameters) && account.oldTronPower !== -1n) account.oldTronPower = -1n;
  return withdrawn;
}

// --- WithdrawExpireUnfreeze ----------------------------------------------------------------------

export function validateWithdrawExpireUnfreeze(view: StateView, owner: Uint8Array | undefined): void {
  if (!supportUnfreezeDelay(view.props.parameters))
    throw new ContractValidateError(
      'Not support WithdrawExpireUnfreeze transaction, need to be opened by the committee',
    );
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const hex = bytesToHex(owner);
  const account = view.getAccount(hex);
  if (!account) throw new ContractValidateError(`Account[${hex}] not exists`);
  const amount = maturedUnfreeze(account, nowMs(view));
  if (amount <= 0n) throw new ContractValidateError('no unFreeze balance to withdraw ');
  const overflow = checkedAddMessage(account.balance, amount);
  if (overflow) throw new ContractValidateError(overflow);
}

export function applyWithdrawExpireUnfreeze(view: StateView, ownerHex: string): bigint {
  return withdrawMatured(view.mutableAccount(ownerHex)!, nowMs(view));
}

// --- CancelAllUnfreezeV2 -------------------------------------------------------------------------

export function validateCancelAllUnfreezeV2(view: StateView, owner: Uint8Array | undefined): void {
  if (!supportCancelAllUnfreezeV2(view.props.parameters))
    throw new ContractValidateError('Not support CancelAllUnfreezeV2 transaction, need to be opened by the committee');
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const hex = bytesToHex(owner);
  const account = view.getAccount(hex);
  if (!account) throw new ContractValidateError(`Account[${hex}] not exists`);
  if (account.unfrozenV2.length === 0) throw new ContractValidateError('No unfreezeV2 list to cancel');
}

/** Unmatured unfreezes are staked again, matured ones paid out. */
export function applyCancelAllUnfreezeV2(
  view: StateView,
  ownerHex: string,
): { withdrawnExpired: bigint; canceled: CanceledUnfreeze } {
  const now = nowMs(view);
  const account = view.mutableAccount(ownerHex)!;
  const canceled = [0n, 0n, 0n];
  let withdrawnExpired = 0n;
  for (const entry of account.unfrozenV2) {
    if (entry.expireTime > now) {
      if (entry.type >= 0 && entry.type <= 2) {
        changeStake(view, account, entry.type, entry.amount);
        canceled[entry.type] = canceled[entry.type]! + entry.amount;
      }
    } else {
      withdrawnExpired += entry.amount;
    }
  }
  account.unfrozenV2 = [];
  account.balance += withdrawnExpired;
  return { withdrawnExpired, canceled: { BANDWIDTH: canceled[0]!, ENERGY: canceled[1]!, TRON_POWER: canceled[2]! } };
}
