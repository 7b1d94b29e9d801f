import type { HexAddress, TxId } from '../../src-core/brand';
import type { TronNodeClient } from '../../src-core/client/client';
import type { Account, TransactionInfo } from '../../src-core/client/types';
import { scannedBlock, type ScannedBlock } from './block-facts';
import type { BlockPoint } from './types';

/**
 * What the scanner reads from a node. The production source is a java-tron-compatible node over
 * HTTP (`nodeChainSource`); tests may stand in a chain whose blocks they can replace.
 */
export interface ChainSource {
  genesisId(): Promise<string>;
  head(): Promise<BlockPoint>;
  /** The node's latest solidified (irreversible) block number. */
  solidNumber(): Promise<number>;
  /** Blocks `from` … `to` inclusive, in order; fewer when the node has fewer. */
  blocks(from: number, to: number): Promise<ScannedBlock[]>;
  /** The TransactionInfo of every transaction in block `number`. */
  infos(number: number): Promise<TransactionInfo[]>;
  account(address: HexAddress): Promise<Account | null>;
  trc20Balance(token: HexAddress, owner: HexAddress): Promise<bigint>;
  /** Whether the transaction is in a block of this chain. */
  isOnChain(txid: TxId): Promise<boolean>;
}

/** java-tron serves at most 100 blocks per getblockbylimitnext call (BLOCK_LIMIT_NUM). */
export const BLOCKS_PER_CALL = 100;

function balanceOfData(owner: HexAddress): string {
  // balanceOf(address): the address as a 32-byte word, 20 bytes after 12 zero bytes (Solidity ABI).
  return owner.slice(2).padStart(64, '0');
}

export function nodeChainSource(client: TronNodeClient): ChainSource {
  return {
    async genesisId() {
      return client.getGenesisBlockId();
    },
    async head() {
      const header = await client.getNowBlockHeader();
      return { number: header.number, id: header.blockID, timestamp: header.timestamp };
    },
    async solidNumber() {
      return (await client.getNowBlock({ solidity: true })).block_header.raw_data.number;
    },
    async blocks(from, to) {
      const out: ScannedBlock[] = [];
      for (let start = from; start <= to; start += BLOCKS_PER_CALL) {
        const end = Math.min(to + 1, start + BLOCKS_PER_CALL);
        const chunk = (await client.getBlockByLimitNext(start, end)).map(scannedBlock);
        out.push(...chunk.sort((a, b) => a.number - b.number));
        if (chunk.length < end - start) break;
      }
      return out;
    },
    async infos(number) {
      return client.getTransactionInfoByBlockNum(number);
    },
    async account(address) {
      return client.getAccount(address);
    },
    async trc20Balance(token, owner) {
      const result = await client.triggerConstantContract({
        owner_address: owner,
        contract_address: token,
        function_selector: 'balanceOf(address)',
        parameter: balanceOfData(owner),
      });
      const word = result.constant_result[0];
      return word && !result.reverted ? BigInt(`0x${word.slice(0, 64) || '0'}`) : 0n;
    },
    async isOnChain(txid) {
      return (await client.getTransactionInfoById(txid)) !== null;
    },
  };
}
