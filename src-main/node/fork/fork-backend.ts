import type { BatchOp, Store } from '../store/store';
import type { AccountRecord } from '../state/account';
import { decodeAccount, encodeAccount } from '../state/account';
import type { StateBackend, StateChanges } from '../state/backend';
import { BoundedCache } from '../state/cache';
import type { ExtCodecs } from '../state/ext';
import { codecOf } from '../state/ext';
import type { RecordValue } from '../state/records';
import { decodeRecord, encodeRecord, RECORD, recordSlot, splitSlot } from '../state/records';
import type { WitnessRecord } from '../state/witness';
import { decodeWitness, encodeWitness } from '../state/witness';
import { delegationKey } from '../staking/delegation';
import { abiKey, codeKey, contractKey, RECORD as EXT, stateKey } from '../vm-host/contract-records';
import {
  accountFromJson,
  assetFromJson,
  contractFromJson,
  delegationsFromJson,
  isEmpty,
  witnessesFromJson,
} from './convert';
import type { ForkPoint } from './fork-point';
import type { UpstreamReader } from './upstream';

/**
 * The state of a fork: the node's own `StateBackend` (LevelDB, `local`) over the upstream node's
 * state, read lazily.
 *
 * - A key the fork has written (a block's changes, genesis included) is answered by `local`, even
 *   when it was deleted: the fork's own writes win. Those keys are marked (`FORK_WRITTEN`) in the
 *   block's own batch.
 * - Any other key is answered from what was fetched before (`FORK_FETCHED` rows, kept across
 *   restarts), else fetched now from upstream (synchronously: upstream.ts), then written in one
 *   batch per item with the upstream block it was read at. A failed request throws
 *   ForkUpstreamError and writes nothing.
 * - What upstream cannot serve by key is answered from the fork alone: scans (the witness list,
 *   pending votes, the delegation index, every token, contract storage by prefix), account names,
 *   reward records (`mortgage`) and pending votes.
 */
type Json = Record<string, unknown>;

/** LevelDB prefixes of the fork's rows ('F' fetched items, 'W' keys the fork wrote), beside store.ts's. */
export const FORK_PREFIX = { fetched: 0x46, written: 0x57 } as const;

/** What each fetched kind is called in `/admin/fork` counts and in error messages. */
export const FETCHED_KIND = {
  account: 'account',
  contract: 'contract',
  storage: 'storage',
  token: 'token',
  delegation: 'delegation',
  witnesses: 'witnesses',
  block: 'block',
} as const;
export type FetchedKind = (typeof FETCHED_KIND)[keyof typeof FETCHED_KIND];

/** Cache keys (as state/level-backend.ts): a letter for the kind of value, then its key. */
const KIND = { account: 'a', record: 's', ext: 'x', witnesses: 'w', block: 'b' } as const;
const STATS_KEY = '#stats';
const CONTRACT_TYPE = 2;
const ABSENT_WEIGHT = 160;

interface Stats {
  counts: Record<string, number>;
  minBlock: number;
  maxBlock: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const fetchedKey = (cacheKey: string): Uint8Array => concat(FORK_PREFIX.fetched, encoder.encode(cacheKey));
const writtenKey = (cacheKey: string): Uint8Array => concat(FORK_PREFIX.written, encoder.encode(cacheKey));

function concat(prefix: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 1);
  out[0] = prefix;
  out.set(body, 1);
  return out;
}

/** protobufjs encodes into Buffers, whose toJSON would bypass encodeRecord's bytes tag: plain copies. */
function plainBytes(stored: unknown): unknown {
  if (stored instanceof Uint8Array) return Uint8Array.from(stored);
  if (Array.isArray(stored)) return stored.map(plainBytes);
  return stored ?? null;
}

export interface ForkBackendOptions {
  readonly extCodecs: ExtCodecs;
  readonly cacheBytes: number;
  /** Log lines (a write of fetched state that failed). */
  readonly log: (line: string) => void;
}

export class ForkStateBackend implements StateBackend {
  private readonly written = new Set<string>();
  /** Fetched values (decoded; null = absent upstream), bounded; the rest is read back from LevelDB. */
  private readonly fetched: BoundedCache<unknown>;
  /** Fetched values whose batch is not written yet: they answer reads until it is. */
  private readonly pending = new Map<string, unknown>();
  private stagedWritten: string[] = [];
  private stats: Stats = { counts: {}, minBlock: Number.MAX_SAFE_INTEGER, maxBlock: 0 };
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly local: StateBackend,
    private readonly store: Store,
    private readonly upstream: UpstreamReader,
    private readonly point: ForkPoint,
    private readonly options: ForkBackendOptions,
  ) {
    this.fetched = new BoundedCache(options.cacheBytes);
  }

  /** Loads the keys the fork wrote and the fetch statistics (the store must be open). */
  static async open(
    local: StateBackend,
    store: Store,
    upstream: UpstreamReader,
    point: ForkPoint,
    options: ForkBackendOptions,
  ): Promise<ForkStateBackend> {
    const backend = new ForkStateBackend(local, store, upstream, point, options);
    for await (const k of store.scanKeys(Uint8Array.of(FORK_PREFIX.written)))
      backend.written.add(decoder.decode(k.subarray(1)));
    const stats = store.getSync(fetchedKey(STATS_KEY));
    if (stats) backend.stats = decodeRecord(stats) as Stats;
    return backend;
  }

  /** The fork point, the range of upstream blocks the fetched state was read at, and counts per kind. */
  report(): {
    readonly counts: Readonly<Record<string, number>>;
    readonly readRange: { readonly from: number; readonly to: number } | null;
  } {
    const { counts, minBlock, maxBlock } = this.stats;
    return { counts: { ...counts }, readRange: maxBlock ? { from: minBlock, to: maxBlock } : null };
  }

  /** Resolves once every fetched item issued so far is written. */
  flushed(): Promise<void> {
    return this.writes;
  }

  // --- reads ---------------------------------------------------------------------------------------

  getAccount(addressHex: string): AccountRecord | undefined {
    const cacheKey = KIND.account + addressHex;
    if (this.written.has(cacheKey)) return this.local.getAccount(addressHex);
    const known = this.known(cacheKey, (v) => decodeAccount(v as Uint8Array));
    if (known !== undefined) return (known ?? undefined) as AccountRecord | undefined;
    this.fetchAccounts([addressHex]);
    return (this.known(cacheKey, (v) => decodeAccount(v as Uint8Array)) ?? undefined) as AccountRecord | undefined;
  }

  /**
   * Fetches the accounts not read yet in one round (within the upstream's concurrency): what a caller knows it will
   * read.
   */
  prefetchAccounts(addresses: readonly string[]): void {
    const missing = addresses.filter((hex) => {
      const cacheKey = KIND.account + hex;
      return !this.written.has(cacheKey) && this.known(cacheKey, (v) => v) === undefined;
    });
    if (missing.length) this.fetchAccounts(missing);
  }

  private fetchAccounts(addresses: readonly string[]): void {
    const answers = this.upstream.callSync(
      addresses.map((hex) => ({ item: `account ${hex}`, path: '/wallet/getaccount', body: { address: hex } })),
    ) as Json[];
    const at = this.point.upstreamHead();
    addresses.forEach((hex, i) => {
      const json = answers[i];
      const account = isEmpty(json) ? null : accountFromJson(json!, this.point.genesisTimestamp, at.slot);
      this.keep(FETCHED_KIND.account, at.number, [[KIND.account + hex, account, account && encodeAccount(account)]]);
    });
  }

  nameOwner(nameHex: string): string | undefined {
    return this.local.nameOwner(nameHex);
  }

  getWitness(addressHex: string): WitnessRecord | undefined {
    return this.local.getWitness(addressHex) ?? this.upstreamWitnesses().get(addressHex);
  }

  witnessAddresses(): Iterable<string> {
    return this.local.witnessAddresses();
  }

  getRecord(namespace: string, recordKey: string): RecordValue | undefined {
    const slot = recordSlot(namespace, recordKey);
    const cacheKey = KIND.record + slot;
    if (this.written.has(cacheKey) || !this.fetchable(namespace)) return this.local.getRecord(namespace, recordKey);
    const known = this.known(cacheKey, (v) => v);
    if (known !== undefined) return known ?? undefined;
    if (namespace === RECORD.asset) this.fetchToken(recordKey);
    else this.fetchDelegation(recordKey.slice(1, 43), recordKey.slice(43));
    return (this.known(cacheKey, (v) => v) ?? undefined) as RecordValue | undefined;
  }

  recordKeys(namespace: string, prefix = ''): Iterable<string> {
    return this.local.recordKeys(namespace, prefix);
  }

  getExt(extKey: string): unknown {
    const cacheKey = KIND.ext + extKey;
    if (this.written.has(cacheKey)) return this.local.getExt(extKey);
    const codec = codecOf(this.options.extCodecs, extKey);
    const known = this.known(cacheKey, (v) => codec.decode(v as Uint8Array));
    if (known !== undefined) return known ?? undefined;
    const address = extKey.slice(1, 43);
    // Only a contract account has contract records: no request for any other address.
    if (this.getAccount(address)?.type !== CONTRACT_TYPE) return undefined;
    if (extKey[0] === EXT.storage) this.fetchStorage(address, extKey.slice(43));
    else this.fetchContract(address);
    return this.known(cacheKey, (v) => codec.decode(v as Uint8Array)) ?? undefined;
  }

  extKeys(prefix: string): Iterable<string> {
    return this.local.extKeys(prefix);
  }

  private fetchable(namespace: string): boolean {
    return namespace === RECORD.asset || namespace === RECORD.delegation;
  }

  /**
   * A value fetched before: the decoded value, null when upstream had none, undefined when it was
   * never fetched.
   */
  private known(cacheKey: string, decode: (stored: unknown) => unknown): unknown {
    if (this.pending.has(cacheKey)) return this.pending.get(cacheKey);
    const cached = this.fetched.get(cacheKey);
    if (cached !== undefined) return cached;
    const bytes = this.store.getSync(fetchedKey(cacheKey));
    if (!bytes) return undefined;
    const { v } = decodeRecord(bytes) as { v: unknown };
    const value = v === null ? null : decode(v);
    this.fetched.set(cacheKey, value, v === null ? ABSENT_WEIGHT : 256 + 24 * bytes.length);
    return value;
  }

  /**
   * Keeps one fetched item: its entries (cache key, decoded value or null, stored form) answer reads
   * at once and are written in one batch, with the statistics, so a crash keeps all or none.
   */
  private keep(kind: FetchedKind, atBlock: number, entries: readonly [string, unknown, unknown][]): void {
    const stats = this.stats;
    stats.counts[kind] = (stats.counts[kind] ?? 0) + 1;
    stats.minBlock = Math.min(stats.minBlock, atBlock);
    stats.maxBlock = Math.max(stats.maxBlock, atBlock);
    const ops: BatchOp[] = entries.map(([cacheKey, value, stored]) => {
      this.pending.set(cacheKey, value);
      return { type: 'put', key: fetchedKey(cacheKey), value: encodeRecord({ at: atBlock, v: plainBytes(stored) }) };
    });
    ops.push({ type: 'put', key: fetchedKey(STATS_KEY), value: encodeRecord(stats) });
    const keys = entries.map(([cacheKey]) => cacheKey);
    this.writes = this.writes
      .then(() => this.store.write(ops))
      .then(
        () => {
          for (const k of keys) this.pending.delete(k);
        },
        (error: unknown) =>
          this.options.log(`fork: could not cache ${kind} ${keys.join(', ')}: ${(error as Error).message}`),
      );
  }

  private fetchContract(address: string): void {
    const [json] = this.upstream.callSync([
      { item: `contract ${address}`, path: '/wallet/getcontractinfo', body: { value: address } },
    ]) as Json[];
    const at = this.point.upstreamHead().number;
    const keyOf = (k: string): string => KIND.ext + k;
    if (isEmpty(json) || isEmpty(json!.smart_contract)) {
      this.keep(FETCHED_KIND.contract, at, [
        [keyOf(contractKey(address)), null, null],
        [keyOf(abiKey(address)), null, null],
        [keyOf(codeKey(address)), null, null],
        [keyOf(stateKey(address)), null, null],
      ]);
      return;
    }
    const { contract, abi, code, state } = contractFromJson(json!);
    const encode = (k: string, value: unknown): unknown =>
      value === undefined ? null : codecOf(this.options.extCodecs, k).encode(value);
    const entry = (k: string, value: unknown): [string, unknown, unknown] => [
      keyOf(k),
      value ?? null,
      encode(k, value),
    ];
    this.keep(FETCHED_KIND.contract, at, [
      entry(contractKey(address), contract),
      entry(abiKey(address), abi),
      entry(codeKey(address), code.length ? code : undefined),
      entry(stateKey(address), state),
    ]);
  }

  private fetchStorage(address: string, keyHex: string): void {
    const [json] = this.upstream.callSync([
      {
        item: `storage slot ${keyHex} of ${address}`,
        path: '/jsonrpc',
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getStorageAt',
          params: [`0x${address.slice(2)}`, `0x${keyHex}`, 'latest'],
        },
      },
    ]) as Json[];
    const result = json?.result;
    if (typeof result !== 'string' || !/^0x[0-9a-f]{64}$/i.test(result)) {
      this.upstream.fail(`storage slot ${keyHex} of ${address}`, `eth_getStorageAt answered ${JSON.stringify(json)}`);
    }
    const value = Uint8Array.from(Buffer.from((result as string).slice(2), 'hex'));
    const zero = value.every((b) => b === 0);
    const cacheKey = KIND.ext + EXT.storage + address + keyHex;
    this.keep(FETCHED_KIND.storage, this.point.upstreamHead().number, [
      [cacheKey, zero ? null : value, zero ? null : value],
    ]);
  }

  private fetchToken(id: string): void {
    const cacheKey = KIND.record + recordSlot(RECORD.asset, id);
    // Token ids are numbers from 1000001; anything else (a name) was never a V2 id upstream.
    if (!/^\d{1,19}$/.test(id)) {
      this.keep(FETCHED_KIND.token, this.point.number, [[cacheKey, null, null]]);
      return;
    }
    const [json] = this.upstream.callSync([
      { item: `token ${id}`, path: '/wallet/getassetissuebyid', body: { value: id } },
    ]) as Json[];
    const asset = isEmpty(json) ? null : assetFromJson(json!);
    this.keep(FETCHED_KIND.token, this.point.upstreamHead().number, [[cacheKey, asset, asset]]);
  }

  private fetchDelegation(fromHex: string, toHex: string): void {
    const [json] = this.upstream.callSync([
      {
        item: `delegation ${fromHex} → ${toHex}`,
        path: '/wallet/getdelegatedresourcev2',
        body: { fromAddress: fromHex, toAddress: toHex },
      },
    ]) as Json[];
    const { locked, unlocked } = delegationsFromJson(json ?? {});
    const slot = (lock: boolean): string =>
      KIND.record + recordSlot(RECORD.delegation, delegationKey(fromHex, toHex, lock));
    this.keep(FETCHED_KIND.delegation, this.point.upstreamHead().number, [
      [slot(false), unlocked ?? null, unlocked ?? null],
      [slot(true), locked ?? null, locked ?? null],
    ]);
  }

  /** Upstream's representatives (one request, kept), for point reads of a witness the fork never wrote. */
  private upstreamWitnesses(): Map<string, WitnessRecord> {
    const cacheKey = KIND.witnesses;
    const decode = (v: unknown): Map<string, WitnessRecord> =>
      new Map((v as Uint8Array[]).map((bytes) => decodeWitness(bytes)).map((w) => [w.addressHex, w]));
    let known = this.known(cacheKey, decode) as Map<string, WitnessRecord> | undefined;
    if (known === undefined) {
      const [json] = this.upstream.callSync([
        { item: 'the representatives', path: '/wallet/listwitnesses', body: {} },
      ]) as Json[];
      const list = witnessesFromJson(json ?? {});
      known = new Map(list.map((w) => [w.addressHex, w]));
      this.keep(FETCHED_KIND.witnesses, this.point.upstreamHead().number, [[cacheKey, known, list.map(encodeWitness)]]);
    }
    return known;
  }

  /**
   * The id (hex) of upstream block `number` at or below the fork point, for TAPOS: fetched once
   * (`/wallet/getblockbynum`), undefined when upstream has no such block.
   */
  upstreamBlockId(number: number): string | undefined {
    const cacheKey = KIND.block + number;
    const known = this.known(cacheKey, (v) => v);
    if (known !== undefined) return (known ?? undefined) as string | undefined;
    const [json] = this.upstream.callSync([
      { item: `block ${number}`, path: '/wallet/getblockbynum', body: { num: number } },
    ]) as Json[];
    const id = typeof json?.blockID === 'string' ? json.blockID : null;
    // A block below the fork point does not change: it counts as read at the fork point.
    this.keep(FETCHED_KIND.block, this.point.number, [[cacheKey, id, id]]);
    return id ?? undefined;
  }

  // --- writes --------------------------------------------------------------------------------------

  stage(changes: StateChanges): BatchOp[] {
    const keys: string[] = [];
    for (const hex of changes.changes.keys()) keys.push(KIND.account + hex);
    for (const hex of changes.deletedAccounts) keys.push(KIND.account + hex);
    for (const slot of changes.recordChanges.keys()) {
      const [namespace] = splitSlot(slot);
      if (this.fetchable(namespace)) keys.push(KIND.record + slot);
    }
    for (const extKey of changes.ext.keys()) keys.push(KIND.ext + extKey);
    // Until the batch is written these keys are not marked, so reads keep answering the fetched
    // (previous) value, as a block's reads must.
    const fresh = keys.filter((k) => !this.written.has(k));
    this.stagedWritten = fresh;
    const ops = this.local.stage(changes);
    for (const k of fresh) ops.push({ type: 'put', key: writtenKey(k), value: new Uint8Array() });
    return ops;
  }

  settle(written: boolean): void {
    this.local.settle(written);
    if (written) for (const k of this.stagedWritten) this.written.add(k);
    this.stagedWritten = [];
  }
}
