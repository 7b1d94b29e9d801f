import { longToBigint } from '../../../src-core/proto/runtime';
import type { Long, protocol } from '../../../src-core/proto/runtime';
import type { ContractRecord, NodeReads } from './node-reads';

/**
 * What java-tron's JSON-RPC reads out of a transaction's first contract: the receivers
 * (JsonRpcApiUtil.getTo / getToAddress), the TRX-like amount (getTransactionAmount) and the call
 * data (TransactionResult.parseInput). A parameter that cannot be unpacked gives nothing, as the
 * Java code logs and moves on.
 */
type Bytes = Uint8Array | null | undefined;

/** The generated parameter message of each contract type read here. */
interface Parameters {
  AccountCreateContract: protocol.AccountCreateContract.$Properties;
  TransferContract: protocol.TransferContract.$Properties;
  TransferAssetContract: protocol.TransferAssetContract.$Properties;
  VoteWitnessContract: protocol.VoteWitnessContract.$Properties;
  ParticipateAssetIssueContract: protocol.ParticipateAssetIssueContract.$Properties;
  FreezeBalanceContract: protocol.FreezeBalanceContract.$Properties;
  UnfreezeBalanceContract: protocol.UnfreezeBalanceContract.$Properties;
  DelegateResourceContract: protocol.DelegateResourceContract.$Properties;
  UnDelegateResourceContract: protocol.UnDelegateResourceContract.$Properties;
  TriggerSmartContract: protocol.TriggerSmartContract.$Properties;
  UpdateSettingContract: protocol.UpdateSettingContract.$Properties;
  UpdateEnergyLimitContract: protocol.UpdateEnergyLimitContract.$Properties;
  ClearABIContract: protocol.ClearABIContract.$Properties;
  ExchangeInjectContract: protocol.ExchangeInjectContract.$Properties;
  ExchangeWithdrawContract: protocol.ExchangeWithdrawContract.$Properties;
  ExchangeTransactionContract: protocol.ExchangeTransactionContract.$Properties;
  UnfreezeAssetContract: protocol.UnfreezeAssetContract.$Properties;
}

type PerType<R> = { readonly [K in keyof Parameters]?: (parameter: Parameters[K]) => R };

/** The value of `table` for the contract's type, applied to its parameter. */
function lookup<R>(table: PerType<R>, contract: ContractRecord): R | undefined {
  const read = table[contract.type as keyof Parameters] as ((parameter: unknown) => R) | undefined;
  return read && contract.parameter !== undefined ? read(contract.parameter) : undefined;
}

/** An optional receiver (receiver_address): listed only when set. */
const ifSet = (bytes: Bytes): Bytes[] => (bytes && bytes.length > 0 ? [bytes] : []);

const RECEIVERS: PerType<Bytes[]> = {
  AccountCreateContract: (p) => [p.account_address],
  TransferContract: (p) => [p.to_address],
  TransferAssetContract: (p) => [p.to_address],
  VoteWitnessContract: (p) => (p.votes ?? []).map((vote) => vote.vote_address),
  ParticipateAssetIssueContract: (p) => [p.to_address],
  FreezeBalanceContract: (p) => ifSet(p.receiver_address),
  UnfreezeBalanceContract: (p) => ifSet(p.receiver_address),
  DelegateResourceContract: (p) => ifSet(p.receiver_address),
  UnDelegateResourceContract: (p) => ifSet(p.receiver_address),
  TriggerSmartContract: (p) => [p.contract_address],
  UpdateSettingContract: (p) => [p.contract_address],
  UpdateEnergyLimitContract: (p) => [p.contract_address],
  ClearABIContract: (p) => [p.contract_address],
};

/** The receivers, in getTo's order (`to` of a transaction is the first one). */
export function receiversOf(contract: ContractRecord | undefined): Uint8Array[] {
  if (!contract) return [];
  return (lookup(RECEIVERS, contract) ?? []).map((bytes) => bytes ?? new Uint8Array());
}

/** getToAddress: the first receiver, or no bytes. */
export function receiverOf(contract: ContractRecord | undefined): Uint8Array {
  return receiversOf(contract)[0] ?? new Uint8Array();
}

const AMOUNTS: PerType<Long | null | undefined> = {
  TransferContract: (p) => p.amount,
  TransferAssetContract: (p) => p.amount,
  FreezeBalanceContract: (p) => p.frozen_balance,
  TriggerSmartContract: (p) => p.call_value,
  ExchangeInjectContract: (p) => p.quant,
  ExchangeWithdrawContract: (p) => p.quant,
  ExchangeTransactionContract: (p) => p.quant,
};

/** The fixed costs getTransactionAmount reports (sun). */
const FIXED_AMOUNTS: Readonly<Record<string, bigint>> = {
  WitnessCreateContract: 9_999_000_000n,
  AssetIssueContract: 1_024_000_000n,
  ExchangeCreateContract: 1_024_000_000n,
  AccountPermissionUpdateContract: 100_000_000n,
};

/** Amounts read from the TransactionInfo (getAmountFromTransactionInfo). */
const INFO_AMOUNTS: Readonly<Record<string, (info: protocol.TransactionInfo) => bigint>> = {
  UnfreezeBalanceContract: (info) => longToBigint(info.unfreeze_amount),
  UnfreezeBalanceV2Contract: (info) => longToBigint(info.unfreeze_amount),
  WithdrawBalanceContract: (info) => longToBigint(info.withdraw_amount),
  WithdrawExpireUnfreezeContract: (info) => longToBigint(info.withdraw_expire_amount),
  CancelAllUnfreezeV2Contract: (info) =>
    Object.values(info.cancel_unfreezeV2_amount ?? {}).reduce((sum, amount) => sum + longToBigint(amount), 0n),
};

export function amountNeedsInfo(contract: ContractRecord | undefined): boolean {
  return contract?.type !== undefined && contract.type in INFO_AMOUNTS;
}

/**
 * getUnfreezeAssetAmount: the frozen supply the owner's token was issued with, summed, as the
 * token stands when asked (not what the transaction released); 0 unless the owner issued exactly
 * one token.
 */
function unfreezeAssetAmount(owner: Bytes, reads: Pick<NodeReads, 'assetsIssuedBy'>): bigint {
  if (!owner || owner.length === 0) return 0n;
  const issued = reads.assetsIssuedBy(owner);
  if (issued.length !== 1) return 0n;
  return issued[0]!.frozenSupply.reduce((sum, frozen) => sum + frozen.amount, 0n);
}

/** getTransactionAmount; `info` is read for the types of `amountNeedsInfo` (0 without it). */
export function amountOf(
  contract: ContractRecord | undefined,
  info: protocol.TransactionInfo | undefined,
  reads: Pick<NodeReads, 'assetsIssuedBy'>,
): bigint {
  if (!contract?.type) return 0n;
  const fromInfo = INFO_AMOUNTS[contract.type];
  if (fromInfo) return info ? fromInfo(info) : 0n;
  const fixed = FIXED_AMOUNTS[contract.type];
  if (fixed !== undefined) return fixed;
  if (contract.parameter === undefined) return 0n;
  if (contract.type === 'UnfreezeAssetContract')
    return unfreezeAssetAmount((contract.parameter as Parameters['UnfreezeAssetContract']).owner_address, reads);
  if (contract.type === 'VoteWitnessContract') {
    return ((contract.parameter as protocol.VoteWitnessContract.$Properties).votes ?? []).reduce(
      (sum, vote) => sum + longToBigint(vote.vote_count),
      0n,
    );
  }
  return longToBigint(lookup(AMOUNTS, contract));
}

/** TransactionResult.parseInput: the data of a TriggerSmartContract, otherwise nothing. */
export function callDataOf(contract: ContractRecord | undefined): Uint8Array {
  if (contract?.type !== 'TriggerSmartContract' || contract.parameter === undefined) return new Uint8Array();
  return (contract.parameter as protocol.TriggerSmartContract.$Properties).data ?? new Uint8Array();
}
