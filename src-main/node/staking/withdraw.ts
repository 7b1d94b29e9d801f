import { bytesToHex } from '../../../src-core/bytes/hex';
import { addressValid } from '../model/validation';
import type { StateView } from '../state/view';
import { checkedAddMessage, DAY_MS, nowMs } from './rules';
import { queryReward, withdrawVoteReward } from './rewards';
import { ContractValidateError } from '../errors';

/**
 * WithdrawBalanceContract (java-tron WithdrawBalanceActuator): a representative's allowance and a
 * voter's reward move to the balance, at most once per 24 h of chain time. Genesis
 * representatives ("guard representatives") may not withdraw.
 */
export function validateWithdrawBalance(view: StateView, owner: Uint8Array | undefined): void {
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const hex = bytesToHex(owner);
  const account = view.getAccount(hex);
  if (!account) throw new ContractValidateError(`Account[${hex}] not exists`);
  if (view.props.genesisWitnesses.includes(hex))
    throw new ContractValidateError(`Account[${hex}] is a guard representative and is not allowed to withdraw Balance`);
  const now = nowMs(view);
  if (now - account.latestWithdrawTime < DAY_MS)
    throw new ContractValidateError(`The last withdraw time is ${account.latestWithdrawTime}, less than 24 hours`);
  if (account.allowance <= 0n && queryReward(view, view.props.maintenanceCycle, view.props.parameters, hex) <= 0n)
    throw new ContractValidateError('witnessAccount does not have any reward');
  const overflow = checkedAddMessage(account.balance, account.allowance);
  if (overflow) throw new ContractValidateError(overflow);
}

/** Returns the amount paid out (withdraw_amount). */
export function applyWithdrawBalance(view: StateView, ownerHex: string): bigint {
  withdrawVoteReward(view, ownerHex);
  const account = view.mutableAccount(ownerHex)!;
  const amount = account.allowance;
  account.balance += amount;
  account.allowance = 0n;
  account.latestWithdrawTime = nowMs(view);
  return amount;
}
