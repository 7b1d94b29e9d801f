import { serializeProperties } from '../state/dynamic';
import type { DynamicProperties } from '../state/dynamic';
import type { StateBackend, StateChanges } from '../state/backend';
import { splitSlot } from '../state/records';
import type { StateReader } from '../state/view';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX, u64 } from '../store/store';
import type { SealedBlock } from '../model/block';
import type { TxOutcome } from './processor';
import { encodeInfo } from './transaction-info';
import type { ParsedTransaction } from '../model/tx';
import { encodeRecordUndo, encodeUndo } from './undo';
import type { RecordUndo, UndoRecord } from './undo';

/**
 * The layout of one block's atomic batch (store/store.ts lists the prefixes): the block and its
 * id index, every packed transaction with its ret and its TransactionInfo, the undo records of the
 * block while it is not solidified (removed once it is), and the dynamic properties. The state
 * backend and the TAPOS / duplicate indexes add their own entries to the same batch, so a crash
 * leaves the store at a block boundary.
 */
export interface PackedTx {
  readonly tx: ParsedTransaction;
  readonly outcome: TxOutcome;
}

/** What a block changes, as the head had it before: accounts (null = absent) and keyed records. */
export interface UndoRecords {
  readonly accounts: UndoRecord;
  readonly records: RecordUndo;
}

/** The undo records of a block's changes, read from the head's state before they are written. */
export function undoRecordsOf(head: StateReader, changes: StateChanges): UndoRecords {
  const accounts: UndoRecord = new Map();
  for (const hex of changes.changes.keys()) accounts.set(hex, head.getAccount(hex) ?? null);
  for (const hex of changes.deletedAccounts) {
    const previous = head.getAccount(hex);
    if (previous) accounts.set(hex, previous);
  }
  const records: RecordUndo = new Map();
  for (const [slot, value] of changes.recordChanges) {
    const [namespace, recordKey] = splitSlot(slot);
    const previous = head.getRecord(namespace, recordKey);
    if (previous === undefined && value === null) continue;
    records.set(slot, previous ?? null);
  }
  return { accounts, records };
}

export interface BlockBatchInput {
  readonly block: SealedBlock;
  readonly packed: readonly PackedTx[];
  /** Each packed transaction serialized with its ret, as in the block. */
  readonly encoded: readonly Uint8Array[];
  /** Undo records to keep: undefined when the block is solidified at once. */
  readonly undo?: UndoRecords;
  /** Blocks solidified by this one (their undo records go): from, to (inclusive). */
  readonly solidified: readonly [number, number];
  /** The dynamic properties after the block. */
  readonly props: DynamicProperties;
}

/** The block's own entries of its batch. */
export function blockBatch(input: BlockBatchInput): BatchOp[] {
  const { block } = input;
  const ops: BatchOp[] = [
    { type: 'put', key: key(PREFIX.block, u64(block.number)), value: block.bytes },
    { type: 'put', key: key(PREFIX.blockId, block.id), value: u64(block.number) },
  ];
  const blockNumber = u64(block.number);
  input.packed.forEach(({ tx, outcome }, i) => {
    const encoded = input.encoded[i]!;
    const stored = new Uint8Array(8 + encoded.length);
    stored.set(blockNumber, 0);
    stored.set(encoded, 8);
    ops.push({ type: 'put', key: key(PREFIX.tx, tx.id), value: stored });
    ops.push({ type: 'put', key: key(PREFIX.info, tx.id), value: encodeInfo(tx, outcome, block) });
  });
  if (input.undo?.accounts.size)
    ops.push({ type: 'put', key: key(PREFIX.undo, blockNumber), value: encodeUndo(input.undo.accounts) });
  if (input.undo?.records.size)
    ops.push({ type: 'put', key: key(PREFIX.recordUndo, blockNumber), value: encodeRecordUndo(input.undo.records) });
  const [from, to] = input.solidified;
  for (let n = from; n <= to; n++) {
    ops.push({ type: 'del', key: key(PREFIX.undo, u64(n)) });
    ops.push({ type: 'del', key: key(PREFIX.recordUndo, u64(n)) });
  }
  ops.push({ type: 'put', key: key(PREFIX.meta), value: new TextEncoder().encode(serializeProperties(input.props)) });
  return ops;
}

/** Writes a block's batch; the state's staged changes become visible only once it is durable. */
export async function writeBatch(store: Store, state: StateBackend, ops: BatchOp[]): Promise<void> {
  try {
    await store.write(ops);
  } catch (error) {
    state.settle(false);
    throw error;
  }
  state.settle(true);
}
