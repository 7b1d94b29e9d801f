import { longToBigint } from '../../../src-core/proto/runtime';
import type { protocol } from '../../../src-core/proto/runtime';
import { EMPTY_BLOOM } from './block-result';
import { receiverOf } from './contract-facts';
import { quantity, toJsonHex, toJsonHexAddress } from './java-hex';
import { logEntry } from './log-entry';
import type { LogEntryJson } from './log-entry';
import type { BlockRecord } from './node-reads';

/**
 * java-tron's TransactionReceipt (types/TransactionReceipt.java as of 4.8.1, eth_getBlockReceipts'
 * TransactionContext), fields in Jackson's alphabetical order; `root` is null and left out.
 * TRON specifics: gas figures are energy (energy_usage_total), `effectiveGasPrice` the energy price
 * in sun, `status` "0x1" when receipt.result is DEFAULT or SUCCESS, `contractAddress` only for a
 * CreateSmartContract, `logsBloom` zeros.
 */
export type ReceiptJson = {
  readonly blockHash: string;
  readonly blockNumber: string;
  readonly contractAddress: string | null;
  readonly cumulativeGasUsed: string;
  readonly effectiveGasPrice: string;
  readonly from: string | null;
  readonly gasUsed: string;
  readonly logs: readonly LogEntryJson[];
  readonly logsBloom: string;
  readonly status: string;
  readonly to: string | null;
  readonly transactionHash: string;
  readonly transactionIndex: string;
  readonly type: string;
};

/** Where a transaction stands in its block: index, energy and logs of the transactions before it. */
export interface ReceiptContext {
  readonly index: number;
  readonly cumulativeGas: bigint;
  readonly cumulativeLogCount: number;
}

/** The contexts of every info of a block, in order (TronJsonRpcImpl.getTransactionReceiptsFromBlock). */
export function receiptContexts(infos: readonly protocol.TransactionInfo[]): ReceiptContext[] {
  const contexts: ReceiptContext[] = [];
  let cumulativeGas = 0n;
  let cumulativeLogCount = 0;
  infos.forEach((info, index) => {
    contexts.push({ index, cumulativeGas, cumulativeLogCount });
    cumulativeGas += longToBigint(info.receipt?.energy_usage_total);
    cumulativeLogCount += info.log.length;
  });
  return contexts;
}

export function receiptJson(
  block: BlockRecord,
  info: protocol.TransactionInfo,
  context: ReceiptContext,
  energyFee: bigint,
): ReceiptJson {
  const energyUsageTotal = longToBigint(info.receipt?.energy_usage_total);
  const transaction = block.transactions[context.index];
  const contract = transaction?.contract;
  const place = {
    blockHash: block.id,
    blockNumber: block.number,
    transactionId: info.id,
    transactionIndex: context.index,
  };
  return {
    blockHash: toJsonHex(block.id),
    blockNumber: quantity(block.number),
    contractAddress: contract?.type === 'CreateSmartContract' ? toJsonHexAddress(info.contract_address) : null,
    cumulativeGasUsed: quantity(context.cumulativeGas + energyUsageTotal),
    effectiveGasPrice: quantity(energyFee),
    from: contract ? toJsonHexAddress(contract.owner) : null,
    gasUsed: quantity(energyUsageTotal),
    logs: info.log.map((log, i) => logEntry(log, { ...place, logIndex: context.cumulativeLogCount + i })),
    logsBloom: EMPTY_BLOOM,
    status: (info.receipt?.result ?? 0) <= 1 ? '0x1' : '0x0',
    to: contract ? toJsonHexAddress(receiverOf(contract)) : null,
    transactionHash: toJsonHex(info.id),
    transactionIndex: quantity(context.index),
    type: '0x0',
  };
}
