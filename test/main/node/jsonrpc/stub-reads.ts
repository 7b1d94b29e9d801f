import { bigintToLong, protocol } from '@core/proto/runtime';
import type { BlockRecord, NodeReads } from '@main/node/jsonrpc/node-reads';

/**
 * A stand-in for the node adapter holding blocks of logs only, for the log and filter rules that
 * need long chains (java-tron's 5,000-block range limit, its 10,000-result limit).
 */
export interface StubLog {
  readonly address: Uint8Array;
  readonly topics: readonly Uint8Array[];
}

export interface StubChain {
  head: number;
  /** Logs of each transaction of a block, by block number; other blocks are empty. */
  readonly blocks: Map<number, StubLog[][]>;
}

export const idOf = (number: number, index = 0): Uint8Array =>
  Uint8Array.from({ length: 32 }, (_, i) =>
    i === 0 ? number & 0xff : i === 1 ? index : i === 2 ? (number >> 8) & 0xff : 0,
  );
const blockId = (number: number): Uint8Array =>
  Uint8Array.from({ length: 32 }, (_, i) =>
    i < 8 ? 0 : i === 31 ? number & 0xff : i === 30 ? (number >> 8) & 0xff : 7,
  );

export function stubReads(chain: StubChain): NodeReads {
  const info = (number: number, index: number, logs: StubLog[]): protocol.TransactionInfo =>
    protocol.TransactionInfo.decode(
      protocol.TransactionInfo.encode({
        id: idOf(number, index),
        blockNumber: bigintToLong(BigInt(number)),
        log: logs.map((l) => ({ address: l.address, topics: [...l.topics], data: new Uint8Array() })),
      }).finish(),
    );
  const block = (number: number): BlockRecord | undefined => {
    if (number < 0 || number > chain.head) return undefined;
    const txs = chain.blocks.get(number) ?? [];
    return {
      number,
      id: blockId(number),
      parentHash: new Uint8Array(32),
      timestamp: number * 3000,
      witnessAddress: new Uint8Array(21),
      txTrieRoot: new Uint8Array(32),
      accountStateRoot: new Uint8Array(),
      version: 32,
      size: 100,
      transactions: txs.map((_, index) => ({
        id: idOf(number, index),
        feeLimit: 0n,
        signatures: [],
        contract: undefined,
      })),
    };
  };
  const unused = (): never => {
    throw new Error('not used by the log rules');
  };
  return {
    headNumber: () => chain.head,
    solidNumber: () => Math.max(0, chain.head - 19),
    genesisBlockId: () => blockId(0),
    block: async (number) => block(number),
    blockNumberOfId: async (id) => {
      for (let n = 0; n <= chain.head; n++) if (blockId(n).every((b, i) => b === id[i])) return n;
      return undefined;
    },
    transactionBlockNumber: async () => undefined,
    transactionInfo: async (id) => {
      const number = id[0]! + (id[2]! << 8);
      const logs = chain.blocks.get(number)?.[id[1]!];
      return logs ? info(number, id[1]!, logs) : undefined;
    },
    energyFee: () => 210n,
    balance: unused,
    assetsIssuedBy: unused,
    isContract: unused,
    contractAccountExists: unused,
    runtimeCode: unused,
    storageWord: unused,
    coinbase: unused,
    mining: unused,
    estimateEnabled: unused,
    constantCall: unused,
    estimateEnergy: unused,
    isConstantCall: unused,
    validateSystemContract: unused,
    build: unused,
  };
}

export const stubBlockHash = blockId;
