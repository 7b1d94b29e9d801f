import type { protocol } from '../../../src-core/proto/runtime';
import { quantity, toJsonHex } from './java-hex';

/**
 * A log as java-tron prints it in receipts (TransactionReceipt.TransactionLog) and in log queries
 * (TronJsonRpc.LogFilterElement): the same fields in Jackson's alphabetical order. `address` is the
 * 20-byte contract address (TransactionInfo.Log keeps it without the 41 prefix), `logIndex` counts
 * the logs of the whole block, `removed` is false (this chain does not reorganize).
 */
export type LogEntryJson = {
  readonly address: string;
  readonly blockHash: string;
  readonly blockNumber: string;
  readonly data: string;
  readonly logIndex: string;
  readonly removed: boolean;
  readonly topics: readonly string[];
  readonly transactionHash: string;
  readonly transactionIndex: string;
};

export interface LogPlace {
  readonly blockHash: Uint8Array;
  readonly blockNumber: number;
  readonly transactionId: Uint8Array;
  readonly transactionIndex: number;
  readonly logIndex: number;
}

export function logEntry(log: protocol.TransactionInfo.Log.$Properties, place: LogPlace): LogEntryJson {
  return {
    address: toJsonHex(log.address ?? new Uint8Array()),
    blockHash: toJsonHex(place.blockHash),
    blockNumber: quantity(place.blockNumber),
    data: toJsonHex(log.data ?? new Uint8Array()),
    logIndex: quantity(place.logIndex),
    removed: false,
    topics: (log.topics ?? []).map(toJsonHex),
    transactionHash: toJsonHex(place.transactionId),
    transactionIndex: quantity(place.transactionIndex),
  };
}
