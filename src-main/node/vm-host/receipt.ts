import { hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { bigintToLong, protocol } from '../../../src-core/proto/runtime';
import type { ActuatorResult } from '../model/execution';
import type { VmExecutionResult, VmTransactionResult } from '../vm/requests';
import type { ContractResultCode, InternalTransaction, VmLog } from '../vm/types';

/**
 * TransactionInfo and receipt fields of a VM transaction (java-tron
 * TransactionUtil.buildTransactionInfoInstance), as protobufjs message properties. Fields equal to
 * their proto3 default are left out so the stored bytes are canonical.
 */
type Msg = Record<string, unknown>;

/** `Transaction.Result.contractRet` number of a VM result code. */
export function contractRetNumber(code: ContractResultCode): number {
  return protocol.Transaction.Result.contractResult[code];
}

export function logMessage(log: VmLog): Msg {
  const m: Msg = { address: log.address };
  if (log.topics.length) m.topics = [...log.topics];
  if (log.data.length) m.data = log.data;
  return m;
}

export function internalTxMessage(itx: InternalTransaction): Msg {
  const m: Msg = { hash: itx.hash, caller_address: hexToBytes(itx.callerAddress) };
  if (itx.transferToAddress !== '') m.transferTo_address = hexToBytes(itx.transferToAddress);
  m.callValueInfo = itx.callValueInfo.map((v) => {
    const info: Msg = {};
    if (v.callValue) info.callValue = bigintToLong(v.callValue);
    if (v.tokenId) info.tokenId = v.tokenId;
    return info;
  });
  if (itx.note) m.note = utf8ToBytes(itx.note);
  if (itx.rejected) m.rejected = true;
  if (itx.extra) m.extra = itx.extra;
  return m;
}

export interface InfoOptions {
  /** Internal transactions to put in TransactionInfo (already filtered by the node's settings). */
  readonly internalTransactions: readonly InternalTransaction[];
  /** Block timestamp the execution assumed. */
  readonly blockTimestamp?: number;
}

/** The actuator result of a VM transaction: contractRet, energy fee, TransactionInfo and receipt fields. */
export function vmActuatorResult(result: VmTransactionResult, options: InfoOptions): ActuatorResult {
  const failed = result.result !== 'SUCCESS';
  const info: Msg = {
    contractResult: [result.returnData],
    contract_address: hexToBytes(result.contractAddress),
  };
  if (result.logs.length) info.log = result.logs.map(logMessage);
  if (failed) {
    info.result = protocol.TransactionInfo.code.FAILED;
    if (result.resMessage) info.resMessage = utf8ToBytes(result.resMessage);
  }
  if (options.internalTransactions.length)
    info.internal_transactions = options.internalTransactions.map(internalTxMessage);
  const bill = result.bill;
  const receipt: Msg = {};
  if (bill.energyUsage) receipt.energy_usage = bigintToLong(bill.energyUsage);
  if (bill.originEnergyUsage) receipt.origin_energy_usage = bigintToLong(bill.originEnergyUsage);
  if (bill.energyUsageTotal) receipt.energy_usage_total = bigintToLong(bill.energyUsageTotal);
  receipt.result = contractRetNumber(result.result);
  if (result.energyPenalty) receipt.energy_penalty_total = bigintToLong(result.energyPenalty);
  return {
    fee: 0n,
    contractRet: contractRetNumber(result.result),
    energyFee: bill.energyFee,
    info,
    receipt,
    ...(options.blockTimestamp !== undefined ? { blockTimestamp: options.blockTimestamp } : {}),
  };
}

/** `TransactionExtention` fields of a constant call (java-tron Wallet.callConstantContract). */
export function constantCallFields(result: VmExecutionResult): Msg {
  const m: Msg = {};
  if (result.energyUsed) m.energy_used = bigintToLong(result.energyUsed);
  m.constant_result = [result.returnData];
  if (result.logs.length) m.logs = result.logs.map(logMessage);
  if (result.internalTransactions.length) m.internal_transactions = result.internalTransactions.map(internalTxMessage);
  if (result.energyPenalty) m.energy_penalty = bigintToLong(result.energyPenalty);
  return m;
}
