import type { AccountRecord } from '../state/account';
import type { StateBackend } from '../state/backend';
import type { DynamicProperties } from '../state/dynamic';
import type { RecordValue } from '../state/records';
import { recordSlot } from '../state/records';
import type { StateReader } from '../state/view';
import type { Store } from '../store/store';
import { key, PREFIX, u64 } from '../store/store';
import type { RecordUndo, UndoRecord } from './undo';
import { decodeRecordUndo, decodeUndo } from './undo';

/**
 * The state as of the solidified block, for /walletsolidity: the head's state with the undo
 * records of the blocks above the solidified one applied, newest first. Those undo records are
 * held from their block until it is solidified (chain/commit.ts writes and deletes them).
 * Witnesses, names and stake totals are the head's.
 *
 * A block's undo records are read from the store the first time a solidified read needs them
 * (a start reads none), then held until the block is solidified; a block without one is
 * remembered as null.
 */
export class SolidState {
  private readonly accounts = new Map<number, UndoRecord | null>();
  private readonly records = new Map<number, RecordUndo | null>();

  constructor(
    private readonly state: StateBackend,
    private readonly store: Store,
    private readonly props: () => Readonly<DynamicProperties>,
  ) {}

  /** A written block's undo records. */
  add(blockNumber: number, accounts: UndoRecord, records: RecordUndo): void {
    this.accounts.set(blockNumber, accounts.size > 0 ? accounts : null);
    this.records.set(blockNumber, records.size > 0 ? records : null);
  }

  private accountUndo(blockNumber: number): UndoRecord | null {
    return this.undoOf(this.accounts, PREFIX.undo, decodeUndo, blockNumber);
  }

  private recordUndo(blockNumber: number): RecordUndo | null {
    return this.undoOf(this.records, PREFIX.recordUndo, decodeRecordUndo, blockNumber);
  }

  private undoOf<T>(
    held: Map<number, T | null>,
    prefix: number,
    decode: (bytes: Uint8Array) => T,
    blockNumber: number,
  ): T | null {
    let undo = held.get(blockNumber);
    if (undo === undefined) {
      const bytes = this.store.getSync(key(prefix, u64(blockNumber)));
      undo = bytes ? decode(bytes) : null;
      held.set(blockNumber, undo);
    }
    return undo;
  }

  /** Blocks that are solidified now: their undo records are no longer needed. */
  drop(fromBlock: number, toBlock: number): void {
    for (let n = fromBlock; n <= toBlock; n++) {
      this.accounts.delete(n);
      this.records.delete(n);
    }
  }

  account(addressHex: string): AccountRecord | undefined {
    const p = this.props();
    let value: AccountRecord | null | undefined = this.state.getAccount(addressHex);
    for (let n = p.headNumber; n > p.solidNumber; n--) {
      const undo = this.accountUndo(n);
      if (undo?.has(addressHex)) value = undo.get(addressHex);
    }
    return value ?? undefined;
  }

  record(namespace: string, recordKey: string): RecordValue | undefined {
    const p = this.props();
    const slot = recordSlot(namespace, recordKey);
    let value: RecordValue | null | undefined = this.state.getRecord(namespace, recordKey);
    for (let n = p.headNumber; n > p.solidNumber; n--) {
      const undo = this.recordUndo(n);
      if (undo?.has(slot)) value = undo.get(slot);
    }
    return value ?? undefined;
  }

  /** A reader of this state. */
  reader(): StateReader {
    const state = this.state;
    return {
      getAccount: (hex) => this.account(hex),
      nameOwner: (nameHex) => state.nameOwner(nameHex),
      getWitness: (hex) => state.getWitness(hex),
      witnessAddresses: () => state.witnessAddresses(),
      getRecord: (namespace, recordKey) => this.record(namespace, recordKey),
      recordKeys: (namespace, prefix = '') => {
        const p = this.props();
        const keys = new Set<string>(state.recordKeys(namespace, prefix));
        const slotPrefix = recordSlot(namespace, prefix);
        const keyStart = recordSlot(namespace, '').length;
        for (let n = p.headNumber; n > p.solidNumber; n--) {
          for (const slot of this.recordUndo(n)?.keys() ?? [])
            if (slot.startsWith(slotPrefix)) keys.add(slot.slice(keyStart));
        }
        return [...keys].filter((k) => this.record(namespace, k) !== undefined);
      },
    };
  }
}
