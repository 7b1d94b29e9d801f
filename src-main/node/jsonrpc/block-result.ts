import { longToBigint } from '../../../src-core/proto/runtime';
import type { protocol } from '../../../src-core/proto/runtime';
import { quantity, toJsonHex, toJsonHexAddress } from './java-hex';
import type { BlockRecord, NodeReads } from './node-reads';
import { EMPTY_NONCE, transactionResult } from './transaction-result';
import type { TransactionResultJson } from './transaction-result';

/**
 * java-tron's BlockResult (types/BlockResult.java), fields in Jackson's alphabetical order. TRON
 * specifics: `hash` is the blockID, `stateRoot` the header's accountStateRoot ("0x" when empty),
 * `transactionsRoot` the txTrieRoot, `gasLimit` the sum of fee_limit, `gasUsed` the sum of
 * energy_usage_total, `miner` the producer's 20-byte address (zeros for block 0), `timestamp` in
 * seconds; nonce, blooms, roots and difficulty are zero placeholders.
 */
export type BlockResultJson = {
  readonly baseFeePerGas: string;
  readonly difficulty: string;
  readonly extraData: string;
  readonly gasLimit: string;
  readonly gasUsed: string;
  readonly hash: string;
  readonly logsBloom: string;
  readonly miner: string | null;
  readonly mixHash: string;
  readonly nonce: string;
  readonly number: string;
  readonly parentHash: string;
  readonly receiptsRoot: string;
  readonly sha3Uncles: string;
  readonly size: string;
  readonly stateRoot: string;
  readonly timestamp: string;
  readonly totalDifficulty: string;
  readonly transactions: readonly (string | TransactionResultJson)[];
  readonly transactionsRoot: string;
  readonly uncles: readonly string[];
};

export const EMPTY_BLOOM = toJsonHex(new Uint8Array(256));
const EMPTY_HASH = toJsonHex(new Uint8Array(32));

/** Wallet.getTransactionInfoByBlockNum: the infos of the block's transactions, in block order. */
export async function transactionInfosOf(reads: NodeReads, block: BlockRecord): Promise<protocol.TransactionInfo[]> {
  const infos = await Promise.all(block.transactions.map((tx) => reads.transactionInfo(tx.id)));
  return infos.filter((info): info is protocol.TransactionInfo => info !== undefined);
}

/** energy_usage_total of the i-th info (JsonRpcApiUtil.getEnergyUsageTotal: 0 when there is none). */
export function energyUsageAt(infos: readonly protocol.TransactionInfo[], index: number): bigint {
  return longToBigint(infos[index]?.receipt?.energy_usage_total);
}

export async function blockResult(
  reads: NodeReads,
  block: BlockRecord,
  fullTransactions: boolean,
): Promise<BlockResultJson> {
  const infos = await transactionInfosOf(reads, block);
  const energyFee = reads.energyFee(block.timestamp);
  let gasLimit = 0n;
  let gasUsed = 0n;
  const transactions: (string | TransactionResultJson)[] = [];
  for (let index = 0; index < block.transactions.length; index++) {
    const tx = block.transactions[index]!;
    const energyUsageTotal = energyUsageAt(infos, index);
    gasLimit += tx.feeLimit;
    gasUsed += energyUsageTotal;
    transactions.push(
      fullTransactions
        ? await transactionResult(reads, { block, index, energyUsageTotal, energyFee })
        : toJsonHex(tx.id),
    );
  }
  return {
    baseFeePerGas: '0x0',
    difficulty: '0x0',
    extraData: '0x',
    gasLimit: quantity(gasLimit),
    gasUsed: quantity(gasUsed),
    hash: toJsonHex(block.id),
    logsBloom: EMPTY_BLOOM,
    miner: block.number === 0 ? toJsonHex(new Uint8Array(20)) : toJsonHexAddress(block.witnessAddress),
    mixHash: EMPTY_HASH,
    nonce: EMPTY_NONCE,
    number: quantity(block.number),
    parentHash: toJsonHex(block.parentHash),
    receiptsRoot: EMPTY_HASH,
    sha3Uncles: EMPTY_HASH,
    size: quantity(block.size),
    stateRoot: toJsonHex(block.accountStateRoot),
    timestamp: quantity(Math.trunc(block.timestamp / 1000)),
    totalDifficulty: '0x0',
    transactions,
    transactionsRoot: toJsonHex(block.txTrieRoot),
    uncles: [],
  };
}
