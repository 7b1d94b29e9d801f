import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../../../src-core/brand';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { CallValueInfo, InternalTransaction } from './types';

/** Notes that exist on every node; the rest are "featured" (TransactionUtil.buildTransactionInfoInstance). */
export const BASIC_NOTES: ReadonlySet<string> = new Set(['call', 'create', 'suicide']);

/** java-tron `Program.convertResourceToString`. */
export function resourceName(resource: bigint): string {
  if (resource === 0n) return 'Bandwidth';
  if (resource === 1n) return 'Energy';
  if (resource === 2n) return 'TronPower';
  return 'UnknownType';
}

/** A mutable internal-transaction record while the transaction runs. */
export interface InternalTxRecord {
  readonly hash: Uint8Array;
  readonly caller: HexAddress;
  transferTo: HexAddress | '';
  value: bigint;
  readonly tokenInfo: ReadonlyMap<string, bigint> | undefined;
  readonly note: string;
  rejected: boolean;
  extra: string;
  readonly nonce: bigint;
  readonly deep: number;
}

/**
 * `InternalTransaction.getHash`: keccak256(parentHash ‖ receiveAddress ‖ data ‖ value ‖ nonce), with
 * value and nonce as 8-byte big-endian two's complement; receiveAddress is empty for `create`.
 * The hash is fixed at creation: later value updates (withdrawn amounts) do not change it.
 */
export function internalTxHash(
  parentHash: Uint8Array,
  receiveAddress: HexAddress | '',
  data: Uint8Array,
  value: bigint,
  nonce: bigint,
): Uint8Array {
  const receive = receiveAddress === '' ? new Uint8Array(0) : hexToBytes(receiveAddress);
  const buffer = new Uint8Array(parentHash.length + receive.length + data.length + 16);
  let offset = 0;
  buffer.set(parentHash, offset);
  offset += parentHash.length;
  buffer.set(receive, offset);
  offset += receive.length;
  buffer.set(data, offset);
  offset += data.length;
  const view = new DataView(buffer.buffer);
  view.setBigInt64(offset, BigInt.asIntN(64, value));
  view.setBigInt64(offset + 8, BigInt.asIntN(64, nonce));
  return keccak_256(buffer);
}

export interface NewInternalTx {
  readonly parentHash: Uint8Array;
  readonly deep: number;
  readonly caller: HexAddress;
  readonly transferTo: HexAddress | '';
  readonly value: bigint;
  readonly data: Uint8Array;
  readonly note: string;
  readonly nonce: bigint;
  readonly tokenInfo?: ReadonlyMap<string, bigint>;
}

export function createInternalTx(input: NewInternalTx): InternalTxRecord {
  const receive = input.note === 'create' ? '' : input.transferTo;
  return {
    hash: internalTxHash(input.parentHash, receive, input.data, input.value, input.nonce),
    caller: input.caller,
    transferTo: input.transferTo,
    value: input.value,
    tokenInfo: input.tokenInfo,
    note: input.note,
    rejected: false,
    extra: '',
    nonce: input.nonce,
    deep: input.deep,
  };
}

/** `TransactionUtil.buildInternalTransaction`: the TRX value first, then one entry per TRC10 token. */
export function toInternalTransaction(record: InternalTxRecord): InternalTransaction {
  const callValueInfo: CallValueInfo[] = [{ callValue: record.value }];
  if (record.tokenInfo !== undefined) {
    for (const [tokenId, amount] of record.tokenInfo) callValueInfo.push({ callValue: amount, tokenId });
  }
  return {
    hash: record.hash,
    callerAddress: record.caller,
    transferToAddress: record.transferTo,
    callValueInfo,
    note: record.note,
    rejected: record.rejected,
    extra: record.extra,
    nonce: record.nonce,
    deep: record.deep,
  };
}

export interface InternalTxStorageOptions {
  /** Node config `vm.saveInternalTx`. */
  readonly saveInternalTx: boolean;
  /** Node config `vm.saveFeaturedInternalTx`: keep staking/vote/reward notes too. */
  readonly saveFeaturedInternalTx: boolean;
}

/**
 * Which internal transactions TransactionInfo keeps (`TransactionUtil.buildTransactionInfoInstance`):
 * none unless `saveInternalTx`; with it, all of them when `saveFeaturedInternalTx`, otherwise only
 * `call`, `create` and `suicide`. Constant-call responses always carry all of them.
 */
export function internalTransactionsToSave(
  all: readonly InternalTransaction[],
  options: InternalTxStorageOptions,
): InternalTransaction[] {
  if (!options.saveInternalTx) return [];
  if (options.saveFeaturedInternalTx) return [...all];
  return all.filter((itx) => BASIC_NOTES.has(itx.note));
}
