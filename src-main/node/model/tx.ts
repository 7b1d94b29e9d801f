import { protocol, longToBigint } from '../../../src-core/proto/runtime';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { RecoveredSignature } from '../permission-check/permission-check';
import type { ParsedContract } from './parsed-contract';
import { parseContract } from './parsed-contract';
import { sha256Hex } from './sha256';

/**
 * A transaction as the node handles it: the protobuf parts, its id, and the facts admission and
 * block production read, computed once. `signers` is filled by recovery and reused when the
 * transaction is packed, so a block never recovers a signature twice.
 */
export interface ParsedTransaction {
  readonly id: Uint8Array;
  readonly idHex: string;
  /** protobufjs message object of Transaction.raw */
  readonly raw: Record<string, unknown>;
  readonly rawBytes: Uint8Array;
  readonly signatures: readonly Uint8Array[];
  /** Serialized Transaction without `ret` (raw_data + signatures). */
  readonly bytes: Uint8Array;
  readonly contractCount: number;
  readonly contract?: ParsedContract;
  readonly expiration: number;
  readonly refBlockBytes: Uint8Array;
  readonly refBlockHash: Uint8Array;
  readonly memo: Uint8Array;
  signers?: RecoveredSignature[];
}

const EMPTY: Uint8Array = new Uint8Array();

/** Parses a transaction from a protobufjs Transaction.raw message and raw signature bytes. */
export function parseRawTransaction(
  raw: Record<string, unknown>,
  signatures: readonly Uint8Array[],
): ParsedTransaction {
  const rawBytes = protocol.Transaction.raw.encode(raw as protocol.Transaction.Iraw).finish();
  const idHex = sha256Hex(rawBytes);
  const contracts = (raw.contract as protocol.Transaction.Contract.$Properties[] | undefined) ?? [];
  const bytes = transactionBytes(rawBytes, signatures);
  return {
    id: hexToBytes(idHex),
    idHex,
    raw,
    rawBytes,
    signatures,
    bytes,
    contractCount: contracts.length,
    contract: contracts.length > 0 ? parseContract(contracts[0]!) : undefined,
    expiration: Number(longToBigint(raw.expiration as never)),
    refBlockBytes: (raw.ref_block_bytes as Uint8Array | undefined) ?? EMPTY,
    refBlockHash: (raw.ref_block_hash as Uint8Array | undefined) ?? EMPTY,
    memo: (raw.data as Uint8Array | undefined) ?? EMPTY,
  };
}

/** The same transaction carrying `signatures` instead of its own (nothing recovered yet). */
export function withSignatures(tx: ParsedTransaction, signatures: readonly Uint8Array[]): ParsedTransaction {
  // The fields of parseRawTransaction's object, in its order: one shape for every transaction.
  return {
    id: tx.id,
    idHex: tx.idHex,
    raw: tx.raw,
    rawBytes: tx.rawBytes,
    signatures,
    bytes: transactionBytes(tx.rawBytes, signatures),
    contractCount: tx.contractCount,
    contract: tx.contract,
    expiration: tx.expiration,
    refBlockBytes: tx.refBlockBytes,
    refBlockHash: tx.refBlockHash,
    memo: tx.memo,
  };
}

/** From serialized Transaction bytes (broadcasthex, the block store); `ret` is dropped. */
export function parseTransaction(bytes: Uint8Array): ParsedTransaction {
  const message = protocol.Transaction.decode(bytes) as unknown as {
    raw_data?: Record<string, unknown>;
    signature?: Uint8Array[];
  };
  return parseRawTransaction(message.raw_data ?? {}, message.signature ?? []);
}

function varintSize(n: number): number {
  let size = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    size++;
  }
  return size;
}

function putField(out: Uint8Array, offset: number, tag: number, body: Uint8Array): number {
  out[offset++] = tag;
  let n = body.length;
  while (n >= 0x80) {
    out[offset++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  out[offset++] = n;
  out.set(body, offset);
  return offset + body.length;
}

/** Transaction = raw_data (field 1) ‖ signature (field 2)…: the fields in order, without re-encoding raw. */
export function transactionBytes(
  rawBytes: Uint8Array,
  signatures: readonly Uint8Array[],
  trailer?: Uint8Array,
): Uint8Array {
  let size = 1 + varintSize(rawBytes.length) + rawBytes.length + (trailer?.length ?? 0);
  for (const s of signatures) size += 1 + varintSize(s.length) + s.length;
  const out = new Uint8Array(size);
  let offset = putField(out, 0, 0x0a, rawBytes);
  for (const s of signatures) offset = putField(out, offset, 0x12, s);
  if (trailer) out.set(trailer, offset);
  return out;
}

/** Serialized Transaction with `ret` = [{contractRet}] (field 5) as stored in blocks. */
export function encodeWithResult(tx: ParsedTransaction, contractRet: number): Uint8Array {
  // ret: tag 0x2a, length 2, Result.contractRet (field 3, varint) = contractRet.
  return transactionBytes(tx.rawBytes, tx.signatures, Uint8Array.of(0x2a, 0x02, 0x18, contractRet));
}
