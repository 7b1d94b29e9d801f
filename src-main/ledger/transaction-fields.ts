import { LedgerError, LedgerErrorCode, WalletError } from '../../src-core/errors';
import { decodeRawData } from '../../src-core/tx/codec';
import type { RawDataJson } from '../../src-core/tx/types';

/**
 * At most this many transaction bytes go in one APDU (hw-app-trx `CHUNK_SIZE`). The Tron app
 * decodes every chunk on its own as a piece of `Transaction.raw` (app-tron `processTx`), so
 * hw-app-trx cuts only between top-level fields and a single field may not exceed this.
 */
export const TRANSACTION_CHUNK_BYTES = 250;

/** Names of `Transaction.raw` fields (java-tron Tron.proto) for the error sentence. */
const FIELD_NAMES: Readonly<Record<number, string>> = {
  1: 'ref_block_bytes',
  3: 'ref_block_num',
  4: 'ref_block_hash',
  8: 'expiration',
  9: 'auths',
  10: 'data (memo)',
  11: 'contract',
  12: 'scripts',
  14: 'timestamp',
  18: 'fee_limit',
};

export interface RawDataField {
  readonly fieldNumber: number;
  /** Wire bytes of the field, tag included. */
  readonly length: number;
}

function invalid(message: string): LedgerError {
  return new LedgerError(LedgerErrorCode.INVALID_REQUEST, message);
}

function readVarint(bytes: Uint8Array, offset: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let i = offset; i < bytes.length && i < offset + 10; i++) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
    scale *= 128;
  }
  throw invalid('The transaction bytes end inside a protobuf varint.');
}

/**
 * The top-level fields of serialized `Transaction.raw`, in order (protobuf encoding: a varint key
 * `field << 3 | wire type`, then a varint or a length-prefixed body). Only wire types 0 and 2
 * occur in `Transaction.raw`, and they are the only ones hw-app-trx knows how to step over.
 */
export function rawDataFields(raw: Uint8Array): RawDataField[] {
  const fields: RawDataField[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const key = readVarint(raw, offset);
    const fieldNumber = Math.floor(key.value / 8);
    const wireType = key.value % 8;
    let end: number;
    if (wireType === 0) {
      end = readVarint(raw, key.next).next;
    } else if (wireType === 2) {
      const size = readVarint(raw, key.next);
      end = size.next + size.value;
    } else {
      throw invalid(
        `Field ${fieldNumber} of the transaction has protobuf wire type ${wireType}, which Transaction.raw never uses.`,
      );
    }
    if (fieldNumber === 0 || end > raw.length)
      throw invalid('The transaction bytes are cut short or are not a protobuf Transaction.raw.');
    fields.push({ fieldNumber, length: end - offset });
    offset = end;
  }
  return fields;
}

/**
 * Decodes the raw data the device will see and refuses, before anything is sent, bytes that are
 * not a transaction or that hw-app-trx cannot split into APDUs.
 */
export function checkRawDataForDevice(raw: Uint8Array): RawDataJson {
  if (!(raw instanceof Uint8Array) || raw.length === 0) throw invalid('The transaction to sign is empty.');
  let decoded: RawDataJson;
  try {
    decoded = decodeRawData(raw);
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    throw invalid(`The bytes to sign are not a TRON transaction's raw_data: ${error.message}`);
  }
  if (decoded.contract.length !== 1) {
    throw invalid(`A TRON transaction has exactly one contract; this one has ${decoded.contract.length}.`);
  }
  for (const field of rawDataFields(raw)) {
    if (field.length > TRANSACTION_CHUNK_BYTES) {
      const name = FIELD_NAMES[field.fieldNumber] ?? `field ${field.fieldNumber}`;
      throw new LedgerError(
        LedgerErrorCode.TRANSACTION_TOO_LARGE,
        `The transaction's ${name} is ${field.length} bytes; the Tron app receives each field in one piece of at most ${TRANSACTION_CHUNK_BYTES} bytes, so a Ledger cannot sign it. Shorten the memo or the call data. Nothing was sent to the device.`,
        { field: name, bytes: field.length, limit: TRANSACTION_CHUNK_BYTES },
      );
    }
  }
  return decoded;
}
