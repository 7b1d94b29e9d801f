import type { AccountRecord } from '../state/account';
import type { StateBackend } from '../state/backend';
import type { DynamicProperties } from '../state/dynamic';
import type { RecordValue } from '../state/records';
import { recordSlot } from '../state/records';
import type { StateReader } from '../state/view';
import type { Store } from '../store/store';
import { PREFIX, readU64 } from '../store/store';
import type { RecordUndo, UndoRecord } from './undo';
import { decodeRecordUndo, decodeUndo } from './undo';

/**
 * The state as of the solidified block, for /walletsolidity: the head's state with the undo
 * records of the blocks above the solidified one applied, newest first. Those undo records are
 * held from their block until it is solidified (chain/commit.ts writes and deletes them).
 * Witnesses, names and stake totals are the head's.
 */
export class SolidState {
  private readonly accounts = new Map<number, UndoRecord>();
  private readonly records = new Map<number, RecordUndo>();

  constructor(
    private readonly state: StateBackend,
    private readonly props: () => Readonly<DynamicProperties>,
  ) {}

  /** Reads back the undo records of the blocks that are not solidified yet. */
  async load(store: Store): Promise<void> {
    for await (const [k, v] of store.scan(Uint8Array.of(PREFIX.undo))) this.accounts.set(readU64(k, 1), decodeUndo(v));
    for await (const [k, v] of store.scan(Uint8Array.of(PREFIX.recordUndo)))
      this.records.set(readU64(k, 1), decodeRecordUndo(v));
  }

  /** A written block's undo records (empty ones are not kept). */
  add(blockNumber: number, accounts: UndoRecord, records: RecordUndo): void {
    if (accounts.size > 0) this.accounts.set(blockNumber, accounts);
    if (records.size > 0) this.records.set(blockNumber, records);
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
      const undo = this.accounts.get(n);
      if (undo?.has(addressHex)) value = undo.get(addressHex);
    }
    return value ?? undefined;
  }

  record(namespace: string, recordKey: string): RecordValue | undefined {
    const p = this.props();
    const slot = recordSlot(namespace, recordKey);
    let value: RecordValue | null | undefined = this.state.getRecord(namespace, recordKey);
    for (let n = p.headNumber; n > p.solidNumber; n--) {
      const undo = this.records.get(n);
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
          for (const slot of this.records.get(n)?.keys() ?? [])
            if (slot.startsWith(slotPrefix)) keys.add(slot.slice(keyStart));
        }
        return [...keys].filter((k) => this.record(namespace, k) !== undefined);
      },
    };
  }
}
