import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { BatchOp, Key, Store } from '../store/store';
import { key, PREFIX } from '../store/store';
import type { AccountRecord } from './account';
import { decodeAccount, encodeAccount } from './account';
import type { StateBackend, StateChanges } from './backend';
import { BoundedCache } from './cache';
import type { ExtCodecs } from './ext';
import { codecOf, extKeyOf, extStoreKey } from './ext';
import { KeyIndex } from './key-index';
import type { RecordValue } from './records';
import { decodeRecord, encodeRecord, recordSlot, SCANNED_RECORDS, splitSlot } from './records';
import type { WitnessRecord } from './witness';
import { decodeWitness, encodeWitness } from './witness';

/**
 * The state in the node's LevelDB (store/store.ts lists the prefixes), read through a bounded
 * cache of decoded values.
 *
 * - Accounts, account names, keyed records and contract records are read by key: from the cache,
 *   else with a synchronous LevelDB read (classic-level `getSync`), and cached, absent ones too.
 *   The cache is bounded by an estimate of the memory its decoded values take
 *   (`cacheBytes`), least recently used out first.
 * - Witnesses are held whole: there are few (each costs 9,999 TRX to create) and every block
 *   reads them all (rewards, schedule).
 * - The keys of the scanned record namespaces and of contract records are held (keys only) for
 *   the synchronous scans.
 * - A block's changes go into the block's atomic batch (`stage`); the cache, the witnesses and the
 *   key indexes take them once the batch is written (`settle`). Meanwhile the cache keeps the
 *   previous value of everything the batch changes and evicts nothing, so reads answer the state
 *   before the block whether or not LevelDB has applied the batch yet.
 */
export interface LevelBackendOptions {
  /** Bound of the cache, in approximate bytes of decoded values. */
  readonly cacheBytes: number;
  /** Codecs of the contract records (state/ext.ts). */
  readonly extCodecs: ExtCodecs;
}

/** What a cached value costs: decoded records take about 24 times their stored bytes, plus the entry. */
const weightOf = (storedBytes: number): number => 256 + 24 * storedBytes;
const ABSENT_WEIGHT = 160;
/** Contract record keys are bucketed by kind letter + contract address (42 hex). */
const EXT_BUCKET = 43;

/** Cache keys: one letter for the kind of value, then its key. */
const KIND = { account: 'a', name: 'o', record: 's', ext: 'x' } as const;

interface Install {
  readonly cacheKey: string;
  /** null: the entry is gone. */
  readonly value: unknown;
  readonly weight: number;
}

interface Staged {
  readonly installs: Install[];
  readonly witnesses: WitnessRecord[];
  readonly indexChanges: (() => void)[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class LevelStateBackend implements StateBackend {
  private readonly cache: BoundedCache<unknown>;
  private readonly witnesses = new Map<string, WitnessRecord>();
  private readonly recordIndexes = new Map<string, KeyIndex>();
  private readonly extIndex = new KeyIndex(EXT_BUCKET);
  private staged: Staged | null = null;

  private constructor(
    private readonly store: Store,
    private readonly options: LevelBackendOptions,
  ) {
    this.cache = new BoundedCache(options.cacheBytes);
  }

  /** Loads the witnesses and the key indexes (the store must be open). */
  static async open(store: Store, options: LevelBackendOptions): Promise<LevelStateBackend> {
    const backend = new LevelStateBackend(store, options);
    await backend.loadIndexes();
    return backend;
  }

  private async loadIndexes(): Promise<void> {
    for await (const [, v] of this.store.scan(Uint8Array.of(PREFIX.witness))) {
      const w = decodeWitness(v);
      this.witnesses.set(w.addressHex, w);
    }
    for (const [namespace, bucketLength] of SCANNED_RECORDS) {
      const index = new KeyIndex(bucketLength);
      this.recordIndexes.set(namespace, index);
      const prefix = recordStoreKey(recordSlot(namespace, ''));
      for await (const k of this.store.scanKeys(prefix)) index.add(decoder.decode(k.subarray(prefix.length)));
    }
    for (const [namespace, codec] of this.options.extCodecs) {
      for await (const k of this.store.scanKeys(Uint8Array.of(codec.prefix))) this.extIndex.add(extKeyOf(namespace, k));
    }
    await this.indexNames();
  }

  /** A data directory written before names were indexed gets the index from its accounts, once. */
  private async indexNames(): Promise<void> {
    const complete = key(PREFIX.accountName);
    if (this.store.getSync(complete)) return;
    const ops: BatchOp[] = [];
    for await (const [, v] of this.store.scan(Uint8Array.of(PREFIX.account))) {
      const account = decodeAccount(v);
      if (account.accountName.length)
        ops.push({ type: 'put', key: key(PREFIX.accountName, account.accountName), value: account.address });
    }
    ops.push({ type: 'put', key: complete, value: Uint8Array.of(1) });
    await this.store.write(ops);
  }

  // --- reads ---------------------------------------------------------------------------------------

  getAccount(addressHex: string): AccountRecord | undefined {
    const cacheKey = KIND.account + addressHex;
    const cached = this.cache.get(cacheKey);
    if (cached !== undefined) return (cached ?? undefined) as AccountRecord | undefined;
    return this.load(cacheKey, key(PREFIX.account, hexToBytes(addressHex)), decodeAccount);
  }

  peekAccount(addressHex: string): AccountRecord | undefined {
    const cached = this.cache.peek(KIND.account + addressHex);
    if (cached !== undefined) return (cached ?? undefined) as AccountRecord | undefined;
    const bytes = this.store.getSync(key(PREFIX.account, hexToBytes(addressHex)));
    return bytes ? decodeAccount(bytes) : undefined;
  }

  nameOwner(nameHex: string): string | undefined {
    const cacheKey = KIND.name + nameHex;
    const cached = this.cache.get(cacheKey);
    if (cached !== undefined) return (cached ?? undefined) as string | undefined;
    return this.load(cacheKey, key(PREFIX.accountName, hexToBytes(nameHex)), bytesToHex);
  }

  getWitness(addressHex: string): WitnessRecord | undefined {
    return this.witnesses.get(addressHex);
  }

  witnessAddresses(): Iterable<string> {
    return [...this.witnesses.keys()];
  }

  getRecord(namespace: string, recordKey: string): RecordValue | undefined {
    const slot = recordSlot(namespace, recordKey);
    const cacheKey = KIND.record + slot;
    const cached = this.cache.get(cacheKey);
    if (cached !== undefined) return cached ?? undefined;
    return this.load(cacheKey, recordStoreKey(slot), decodeRecord);
  }

  recordKeys(namespace: string, prefix = ''): Iterable<string> {
    const index = this.recordIndexes.get(namespace);
    if (!index) throw new RangeError(`The "${namespace}" records are read by key; they have no scan.`);
    return index.scan(prefix);
  }

  getExt(extKey: string): unknown {
    const cacheKey = KIND.ext + extKey;
    const cached = this.cache.get(cacheKey);
    if (cached !== undefined) return cached ?? undefined;
    const codec = codecOf(this.options.extCodecs, extKey);
    return this.load(cacheKey, extStoreKey(codec, extKey), (bytes) => codec.decode(bytes));
  }

  extKeys(prefix: string): Iterable<string> {
    return this.extIndex.scan(prefix);
  }

  /** A cache miss: the value from LevelDB (or its absence), cached. */
  private load<T>(cacheKey: string, storeKey: Key, decode: (bytes: Uint8Array) => T): T | undefined {
    const bytes = this.store.getSync(storeKey);
    if (!bytes) {
      this.cache.set(cacheKey, null, ABSENT_WEIGHT);
      return undefined;
    }
    const value = decode(bytes);
    this.cache.set(cacheKey, value, weightOf(bytes.length));
    return value;
  }

  // --- writes --------------------------------------------------------------------------------------

  stage(changes: StateChanges): BatchOp[] {
    if (this.staged) throw new Error('The previous block is still being written.');
    // Everything the batch changes is read (so cached) before eviction stops: it answers reads until `settle`.
    this.cache.hold();
    const ops: BatchOp[] = [];
    const installs: Install[] = [];
    const indexChanges: (() => void)[] = [];
    const put = (cacheKey: string, storeKey: Key, value: unknown, bytes: Uint8Array): void => {
      ops.push({ type: 'put', key: storeKey, value: bytes });
      installs.push({ cacheKey, value, weight: weightOf(bytes.length) });
    };
    const del = (cacheKey: string, storeKey: Key): void => {
      ops.push({ type: 'del', key: storeKey });
      installs.push({ cacheKey, value: null, weight: ABSENT_WEIGHT });
    };
    for (const [hex, account] of changes.changes) {
      this.getAccount(hex);
      put(KIND.account + hex, key(PREFIX.account, account.address), account, encodeAccount(account));
    }
    for (const hex of changes.deletedAccounts)
      if (this.getAccount(hex)) del(KIND.account + hex, key(PREFIX.account, hexToBytes(hex)));
    for (const [nameHex, ownerHex] of changes.nameChanges) {
      this.nameOwner(nameHex);
      put(KIND.name + nameHex, key(PREFIX.accountName, hexToBytes(nameHex)), ownerHex, hexToBytes(ownerHex));
    }
    for (const w of changes.witnessChanges.values())
      ops.push({ type: 'put', key: key(PREFIX.witness, w.address), value: encodeWitness(w) });
    for (const [slot, value] of changes.recordChanges) {
      const [namespace, recordKey] = splitSlot(slot);
      const previous = this.getRecord(namespace, recordKey);
      if (previous === undefined && value === null) continue;
      const index = this.recordIndexes.get(namespace);
      if (value === null) {
        del(KIND.record + slot, recordStoreKey(slot));
        if (index) indexChanges.push(() => index.delete(recordKey));
      } else {
        put(KIND.record + slot, recordStoreKey(slot), value, encodeRecord(value));
        if (index && previous === undefined) indexChanges.push(() => index.add(recordKey));
      }
    }
    for (const [extKey, value] of changes.ext) {
      const codec = codecOf(this.options.extCodecs, extKey);
      const previous = this.getExt(extKey);
      if (value === null) {
        del(KIND.ext + extKey, extStoreKey(codec, extKey));
        indexChanges.push(() => this.extIndex.delete(extKey));
      } else {
        put(KIND.ext + extKey, extStoreKey(codec, extKey), value, codec.encode(value));
        if (previous === undefined) indexChanges.push(() => this.extIndex.add(extKey));
      }
    }
    this.staged = { installs, witnesses: [...changes.witnessChanges.values()], indexChanges };
    return ops;
  }

  settle(written: boolean): void {
    const staged = this.staged;
    this.staged = null;
    if (staged && written) {
      for (const { cacheKey, value, weight } of staged.installs) this.cache.set(cacheKey, value, weight);
      for (const w of staged.witnesses) this.witnesses.set(w.addressHex, w);
      for (const change of staged.indexChanges) change();
    }
    this.cache.release();
  }
}

function recordStoreKey(slot: string): Key {
  return key(PREFIX.record, encoder.encode(slot));
}
