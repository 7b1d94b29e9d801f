import { longToBigint } from '../../../src-core/proto/runtime';
import type { protocol } from '../../../src-core/proto/runtime';
import type { ContractRecord } from './node-reads';

/**
 * What java-tron's JSON-RPC reads out of a transaction's first contract: the receiver
 * (JsonRpcApiUtil.getTo / getToAddress), the TRX-like amount (getTransactionAmount) and the call
 * data (TransactionResult.parseInput). A parameter that cannot be unpacked gives nothing, as the
 * Java code logs and moves on.
 */
type Bytes = Uint8Array | null | undefined;

const present = (bytes: Bytes): bytes is Uint8Array => bytes !== null && bytes !== undefined && bytes.length > 0;

/** The receivers, in getTo's order (`to` of a transaction is the first one). */
export function receiversOf(contract: ContractRecord | undefined): Uint8Array[] {
  const p = contract?.parameter;
  if (!contract || p === undefined) return [];
  const orEmpty = (bytes: Bytes): Uint8Array => bytes ?? new Uint8Array();
  const ifPresent = (bytes: Bytes): Uint8Array[] => (present(bytes) ? [bytes] : []);
  switch (contract.type) {
    case 'AccountCreateContract':
      return [orEmpty((p as protocol.AccountCreateContract.$Properties).account_address)];
    case 'TransferContract':
      return [orEmpty((p as protocol.TransferContract.$Properties).to_address)];
    case 'TransferAssetContract':
      return [orEmpty((p as protocol.TransferAssetContract.$Properties).to_address)];
    case 'VoteWitnessContract':
      return ((p as protocol.VoteWitnessContract.$Properties).votes ?? []).map((vote) => orEmpty(vote.vote_address));
    case 'ParticipateAssetIssueContract':
      return [orEmpty((p as protocol.ParticipateAssetIssueContract.$Properties).to_address)];
    case 'FreezeBalanceContract':
      return ifPresent((p as protocol.FreezeBalanceContract.$Properties).receiver_address);
    case 'UnfreezeBalanceContract':
      return ifPresent((p as protocol.UnfreezeBalanceContract.$Properties).receiver_address);
    case 'DelegateResourceContract':
      return ifPresent((p as protocol.DelegateResourceContract.$Properties).receiver_address);
    case 'UnDelegateResourceContract':
      return ifPresent((p as protocol.UnDelegateResourceContract.$Properties).receiver_address);
    case 'TriggerSmartContract':
      return [orEmpty((p as protocol.TriggerSmartContract.$Properties).contract_address)];
    case 'UpdateSettingContract':
      return [orEmpty((p as protocol.UpdateSettingContract.$Properties).contract_address)];
    case 'UpdateEnergyLimitContract':
      return [orEmpty((p as protocol.UpdateEnergyLimitContract.$Properties).contract_address)];
    case 'ClearABIContract':
      return [orEmpty((p as protocol.ClearABIContract.$Properties).contract_address)];
    default:
      return [];
  }
}

/** getToAddress: the first receiver, or no bytes. */
export function receiverOf(contract: ContractRecord | undefined): Uint8Array {
  return receiversOf(contract)[0] ?? new Uint8Array();
}

/** The contract types whose amount comes from their TransactionInfo. */
const AMOUNT_FROM_INFO = new Set(['UnfreezeBalanceContract', 'WithdrawBalanceContract', 'WithdrawExpireUnfreezeContract', 'UnfreezeBalanceV2Contract', 'CancelAllUnfreezeV2Contract']);

export function amountNeedsInfo(contract: ContractRecord | undefined): boolean {
  return contract?.type !== undefined && AMOUNT_FROM_INFO.has(contract.type);
}

/** getTransactionAmount; `info` is read for the types of `amountNeedsInfo` (0 without it). */
export function amountOf(contract: ContractRecord | undefined, info: protocol.TransactionInfo | undefined): bigint {
  if (!contract) return 0n;
  if (amountNeedsInfo(contract)) return info ? amountFromInfo(contract.type!, info) : 0n;
  const p = contract.parameter;
  if (p === undefined) return 0n;
  const long = longToBigint;
  switch (contract.type) {
    case 'TransferContract':
      return long((p as protocol.TransferContract.$Properties).amount);
    case 'TransferAssetContract':
      return long((p as protocol.TransferAssetContract.$Properties).amount);
    case 'VoteWitnessContract':
      return ((p as protocol.VoteWitnessContract.$Properties).votes ?? []).reduce((sum, vote) => sum + long(vote.vote_count), 0n);
    case 'WitnessCreateContract':
      return 9_999_000_000n;
    case 'AssetIssueContract':
    case 'ExchangeCreateContract':
      return 1_024_000_000n;
    case 'FreezeBalanceContract':
      return long((p as protocol.FreezeBalanceContract.$Properties).frozen_balance);
    case 'TriggerSmartContract':
      return long((p as protocol.TriggerSmartContract.$Properties).call_value);
    case 'ExchangeInjectContract':
      return long((p as protocol.ExchangeInjectContract.$Properties).quant);
    case 'ExchangeWithdrawContract':
      return long((p as protocol.ExchangeWithdrawContract.$Properties).quant);
    case 'ExchangeTransactionContract':
      return long((p as protocol.ExchangeTransactionContract.$Properties).quant);
    case 'AccountPermissionUpdateContract':
      return 100_000_000n;
    default:
      return 0n;
  }
}

/** getAmountFromTransactionInfo. */
function amountFromInfo(type: string, info: protocol.TransactionInfo): bigint {
  switch (type) {
    case 'UnfreezeBalanceContract':
    case 'UnfreezeBalanceV2Contract':
      return longToBigint(info.unfreeze_amount);
    case 'WithdrawBalanceContract':
      return longToBigint(info.withdraw_amount);
    case 'WithdrawExpireUnfreezeContract':
      return longToBigint(info.withdraw_expire_amount);
    case 'CancelAllUnfreezeV2Contract':
      return Object.values(info.cancel_unfreezeV2_amount ?? {}).reduce((sum, amount) => sum + longToBigint(amount), 0n);
    default:
      return 0n;
  }
}

/** TransactionResult.parseInput: the data of a TriggerSmartContract, otherwise nothing. */
export function callDataOf(contract: ContractRecord | undefined): Uint8Array {
  if (contract?.type !== 'TriggerSmartContract' || contract.parameter === undefined) return new Uint8Array();
  return (contract.parameter as protocol.TriggerSmartContract.$Properties).data ?? new Uint8Array();
}
