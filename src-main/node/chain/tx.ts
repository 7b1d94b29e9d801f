import { sha256 } from '@noble/hashes/sha2.js';
import { protocol, longToBigint } from '../../../src-core/proto/runtime';
import { getCodec } from '../../../src-core/proto/schema';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { contractTypeName, parameterMessageOf } from '../../../src-core/tx/contract-types';
import type { ContractRef } from '../auth/permission-check';
import type { RecoveredSignature } from '../auth/permission-check';

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

export interface ParsedContract extends ContractRef {
  readonly typeName?: string;
  readonly typeUrl: string;
  readonly value: Uint8Array;
  /** The decoded parameter when the type_url names the contract type (protobuf Any.is). */
  readonly message?: Record<string, unknown>;
}

const EMPTY: Uint8Array = new Uint8Array();

/** protobuf Any.is: the type name after the last '/' must be `protocol.<Type>`. */
function anyIs(typeUrl: string, typeName: string): boolean {
  const slash = typeUrl.lastIndexOf('/');
  return slash >= 0 && typeUrl.slice(slash + 1) === `protocol.${typeName}`;
}

function parseContract(c: Record<string, unknown>): ParsedContract {
  const type = (c.type as number | undefined) ?? 0;
  const parameter = (c.parameter as { type_url?: string; value?: Uint8Array } | undefined | null) ?? {};
  const typeUrl = parameter.type_url ?? '';
  const value = parameter.value ?? EMPTY;
  const typeName = contractTypeName(type);
  let message: Record<string, unknown> | undefined;
  let owner: Uint8Array = EMPTY;
  if (typeName && anyIs(typeUrl, typeName)) {
    const messageName = parameterMessageOf(typeName);
    if (messageName) {
      try {
        message = getCodec(messageName).decode(value);
        const o = message.owner_address as Uint8Array | undefined;
        if (o) owner = o;
      } catch {
        message = undefined;
      }
    }
  }
  return {
    type,
    typeName,
    typeUrl,
    value,
    message,
    permissionId: (c.Permission_id as number | undefined) ?? 0,
    owner,
    ownerHex: bytesToHex(owner),
  };
}

/** Parses a transaction from a protobufjs Transaction.raw message and raw signature bytes. */
export function parseRawTransaction(
  raw: Record<string, unknown>,
  signatures: readonly Uint8Array[],
): ParsedTransaction {
  const rawBytes = protocol.Transaction.raw.encode(raw as protocol.Transaction.Iraw).finish();
  const id = sha256(rawBytes);
  const contracts = (raw.contract as Record<string, unknown>[] | undefined) ?? [];
  const bytes = transactionBytes(rawBytes, signatures);
  return {
    id,
    idHex: bytesToHex(id),
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
