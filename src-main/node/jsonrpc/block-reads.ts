import { equalBytes } from '../../../src-core/bytes/bytes';
import { longToBigint } from '../../../src-core/proto/runtime';
import { hashToBytes, looksLikeHash } from './arguments';
import { blockOfTag } from './block-params';
import { blockResult, transactionInfosOf } from './block-result';
import type { BlockResultJson } from './block-result';
import { internalError, invalidParams, JavaRuntimeFailure, nullPointer } from './errors';
import { jsonHexToInt, quantity } from './java-hex';
import type { BlockRecord, NodeReads } from './node-reads';
import { receiptContexts, receiptJson } from './receipt';
import type { ReceiptJson } from './receipt';
import { transactionResult } from './transaction-result';
import type { TransactionResultJson } from './transaction-result';

/**
 * Blocks, transactions and receipts (TronJsonRpcImpl.ethGetBlockBy*, ethGetBlockTransactionCountBy*,
 * getTransactionBy*, getTransactionReceipt, getBlockReceipts). Missing things answer null.
 */

/** getBlockByJsonHash. */
async function blockOfHash(reads: NodeReads, hash: string | null): Promise<BlockRecord | undefined> {
  const number = await reads.blockNumberOfId(hashToBytes(hash));
  return number === undefined ? undefined : reads.block(number);
}

/** A Boolean argument Java unboxes. */
function unboxed(value: boolean | null): boolean {
  if (value === null) throw nullPointer();
  return value;
}

export async function blockByHash(
  reads: NodeReads,
  hash: string | null,
  full: boolean | null,
): Promise<BlockResultJson | null> {
  const block = await blockOfHash(reads, hash);
  // getBlockResult(b, fullTransactionObjects) unboxes the flag before it looks at the block.
  const fullTransactions = unboxed(full);
  return block ? blockResult(reads, block, fullTransactions) : null;
}

export async function blockByNumber(
  reads: NodeReads,
  tag: string | null,
  full: boolean | null,
): Promise<BlockResultJson | null> {
  const block = await blockOfTag(reads, tag);
  return block ? blockResult(reads, block, unboxed(full)) : null;
}

export async function transactionCountByHash(reads: NodeReads, hash: string | null): Promise<string | null> {
  const block = await blockOfHash(reads, hash);
  return block ? quantity(block.transactions.length) : null;
}

export async function transactionCountByNumber(reads: NodeReads, tag: string | null): Promise<string | null> {
  const block = await blockOfTag(reads, tag);
  return block ? quantity(block.transactions.length) : null;
}

function indexOfTransaction(block: BlockRecord, id: Uint8Array): number {
  return block.transactions.findIndex((tx) => equalBytes(tx.id, id));
}

export async function transactionByHash(reads: NodeReads, hash: string | null): Promise<TransactionResultJson | null> {
  const id = hashToBytes(hash);
  const info = await reads.transactionInfo(id);
  const number = info ? Number(longToBigint(info.blockNumber)) : await reads.transactionBlockNumber(id);
  if (number === undefined) return null;
  const block = await reads.block(number);
  if (!block) return null;
  const index = indexOfTransaction(block, id);
  if (index === -1) return null;
  return transactionResult(reads, {
    block,
    index,
    energyUsageTotal: longToBigint(info?.receipt?.energy_usage_total),
    energyFee: reads.energyFee(block.timestamp),
  });
}

async function transactionAt(
  reads: NodeReads,
  block: BlockRecord | undefined,
  index: string | null,
): Promise<TransactionResultJson | null> {
  if (!block) return null;
  const txIndex = jsonHexToInt(index);
  if (txIndex === undefined) throw invalidParams('invalid index value');
  if (txIndex >= block.transactions.length) return null;
  if (txIndex < 0) throw new JavaRuntimeFailure('java.lang.ArrayIndexOutOfBoundsException', String(txIndex));
  const info = await reads.transactionInfo(block.transactions[txIndex]!.id);
  return transactionResult(reads, {
    block,
    index: txIndex,
    energyUsageTotal: longToBigint(info?.receipt?.energy_usage_total),
    energyFee: reads.energyFee(block.timestamp),
  });
}

export async function transactionByBlockHashAndIndex(
  reads: NodeReads,
  hash: string | null,
  index: string | null,
): Promise<TransactionResultJson | null> {
  return transactionAt(reads, await blockOfHash(reads, hash), index);
}

export async function transactionByBlockNumberAndIndex(
  reads: NodeReads,
  tag: string | null,
  index: string | null,
): Promise<TransactionResultJson | null> {
  return transactionAt(reads, await blockOfTag(reads, tag), index);
}

export async function transactionReceipt(reads: NodeReads, hash: string | null): Promise<ReceiptJson | null> {
  const id = hashToBytes(hash);
  const info = await reads.transactionInfo(id);
  if (!info) return null;
  const block = await reads.block(Number(longToBigint(info.blockNumber)));
  if (!block) return null;
  const infos = await transactionInfosOf(reads, block);
  const index = infos.findIndex((candidate) => equalBytes(candidate.id, id));
  if (index === -1) return null;
  return receiptJson(block, info, receiptContexts(infos)[index]!, reads.energyFee(block.timestamp));
}

/**
 * eth_getBlockReceipts (java-tron 4.8.1, with PR #6433): a block number, tag or hash; null for a
 * missing block and for the genesis block.
 */
export async function blockReceipts(reads: NodeReads, blockParam: string | null): Promise<ReceiptJson[] | null> {
  const block =
    blockParam !== null && looksLikeHash(blockParam)
      ? await blockOfHash(reads, blockParam)
      : await blockOfTag(reads, blockParam);
  if (!block || block.number === 0) return null;
  const infos = await transactionInfosOf(reads, block);
  if (infos.length !== block.transactions.length) {
    throw internalError(
      `TransactionList size mismatch: block has ${block.transactions.length} transactions, but transactionInfoList ` +
        `has ${infos.length}`,
    );
  }
  const energyFee = reads.energyFee(block.timestamp);
  return receiptContexts(infos).map((context, i) => receiptJson(block, infos[i]!, context, energyFee));
}
