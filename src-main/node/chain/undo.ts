import type { AccountRecord } from '../state/account';
import { decodeAccount, encodeAccount } from '../state/account';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { RecordValue } from '../state/records';
import { decodeRecord, encodeRecord } from '../state/records';

/**
 * Accounts as they were before a block: kept until the block is solidified, so the
 * /walletsolidity views can see the state of the solidified block. Encoded as
 * address(21) ‖ present(1) ‖ length(4) ‖ Account protobuf, repeated.
 */
export type UndoRecord = Map<string, AccountRecord | null>;

export function encodeUndo(undo: UndoRecord): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  for (const [hex, account] of undo) {
    const body = account ? encodeAccount(account) : new Uint8Array();
    const head = new Uint8Array(26);
    head.set(hexToBytes(hex), 0);
    head[21] = account ? 1 : 0;
    new DataView(head.buffer).setUint32(22, body.length);
    parts.push(head, body);
    length += 26 + body.length;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function decodeUndo(bytes: Uint8Array): UndoRecord {
  const undo: UndoRecord = new Map();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  while (offset + 26 <= bytes.length) {
    const address = bytes.subarray(offset, offset + 21);
    const present = bytes[offset + 21] === 1;
    const length = view.getUint32(offset + 22);
    const body = bytes.subarray(offset + 26, offset + 26 + length);
    let hex = '';
    for (const b of address) hex += b.toString(16).padStart(2, '0');
    undo.set(hex, present ? decodeAccount(Uint8Array.from(body)) : null);
    offset += 26 + length;
  }
  return undo;
}

/**
 * Keyed records as they were before a block (slot → value, null = absent), for the same
 * /walletsolidity views. Stored as one JSON record.
 */
export type RecordUndo = Map<string, RecordValue | null>;

export function encodeRecordUndo(undo: RecordUndo): Uint8Array {
  return encodeRecord([...undo.entries()]);
}

export function decodeRecordUndo(bytes: Uint8Array): RecordUndo {
  return new Map(decodeRecord(bytes) as [string, RecordValue | null][]);
}
