import { ClassicLevel } from 'classic-level';

/**
 * The node's LevelDB (classic-level). One keyspace, prefixed by a letter:
 *   m            dynamic properties (JSON)          a<addr21>   Account protobuf
 *   w<addr21>    Witness protobuf                   b<num8>     Block protobuf
 *   i<blockId32> block number (8 bytes)              t<txid32>   block number (8) ‖ Transaction protobuf
 *   n<txid32>    TransactionInfo protobuf           r<ref2>     TAPOS: blockID bytes 8..16
 *   x            (alone) the latest expiration of a packed transaction (8 bytes); older data
 *                directories may hold x<exp8><txid32> entries, which nothing reads
 *   u<num8>      undo record of an unsolidified block (accounts before the block)
 *   s<ns>\0<key> a keyed record (staking, votes, rewards, TRC-10; state/records.ts), JSON
 *   v<num8>      undo of keyed records of an unsolidified block
 *   o<name>      owner address of an account name    o  (alone) the name index is complete
 *   j<num8><form> a block's reply text as the block reads print it (chain/blocks.ts), written with the block
 *   C A D S E    contract records (vm-host/contract-records.ts): SmartContract, ABI, code, storage rows, ContractState
 *   F W          fork mode (fork/fork-backend.ts): items fetched from upstream, keys the fork wrote
 * Every block is written with one atomic, synced batch, so a crash leaves the store at a block
 * boundary.
 */
export type Key = Uint8Array;

export const PREFIX = {
  meta: 0x6d,
  account: 0x61,
  witness: 0x77,
  block: 0x62,
  blockId: 0x69,
  tx: 0x74,
  info: 0x6e,
  recent: 0x72,
  expiration: 0x78,
  undo: 0x75,
  record: 0x73,
  recordUndo: 0x76,
  accountName: 0x6f,
  blockText: 0x6a,
} as const;

export function key(prefix: number, ...parts: Uint8Array[]): Key {
  let length = 1;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  out[0] = prefix;
  let offset = 1;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

export function u64(n: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(n));
  return out;
}

export function readU64(bytes: Uint8Array, offset = 0): number {
  return Number(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset));
}

/** The first key after every key that starts with `prefix` (its last byte below 0xff). */
function prefixEnd(prefix: Uint8Array): Uint8Array {
  const end = Uint8Array.from(prefix);
  end[end.length - 1] = end[end.length - 1]! + 1;
  return end;
}

export type BatchOp = { type: 'put'; key: Key; value: Uint8Array } | { type: 'del'; key: Key };

export class Store {
  private readonly db: ClassicLevel<Uint8Array, Uint8Array>;
  private opened = false;

  constructor(readonly location: string) {
    this.db = new ClassicLevel<Uint8Array, Uint8Array>(location, { keyEncoding: 'view', valueEncoding: 'view' });
  }

  async open(): Promise<void> {
    await this.db.open();
    this.opened = true;
  }

  get isOpen(): boolean {
    return this.opened;
  }

  async get(k: Key): Promise<Uint8Array | undefined> {
    return (await this.db.get(k)) ?? undefined;
  }

  /** A point read without waiting (classic-level getSync): state reads are synchronous. */
  getSync(k: Key): Uint8Array | undefined {
    return this.db.getSync(k) ?? undefined;
  }

  /**
   * A point read of a large value read once in a while (a block's reply text), on LevelDB's
   * thread pool: reading and decompressing hundreds of kB, from disk when the page cache has let
   * them go, would stop every other request meanwhile. LevelDB's block cache is left as it was, so
   * that such a value does not push out the blocks holding thousands of small, often read entries.
   */
  async getUncached(k: Key): Promise<Uint8Array | undefined> {
    return (await this.db.get(k, { fillCache: false })) ?? undefined;
  }

  async getMany(keys: Key[]): Promise<(Uint8Array | undefined)[]> {
    return this.db.getMany(keys);
  }

  /** All entries whose key starts with `prefix` (optionally from `gte`). */
  async *scan(prefix: Uint8Array, gte?: Uint8Array): AsyncGenerator<[Uint8Array, Uint8Array]> {
    for await (const [k, v] of this.db.iterator({ gte: gte ?? prefix, lt: prefixEnd(prefix) })) yield [k, v];
  }

  /**
   * The keys from `gte` (default: the start of `prefix`) to the end of `prefix`, in batches: a
   * start-up load of hundreds of thousands of keys would otherwise pay an async step per key.
   */
  async *keyBatches(prefix: Uint8Array, gte?: Uint8Array, size = 4096): AsyncGenerator<Uint8Array[]> {
    const iterator = this.db.keys({ gte: gte ?? prefix, lt: prefixEnd(prefix) });
    try {
      for (;;) {
        const batch = await iterator.nextv(size);
        if (batch.length === 0) return;
        yield batch;
      }
    } finally {
      await iterator.close();
    }
  }

  /** The keys (without values) that start with `prefix`. */
  async *scanKeys(prefix: Uint8Array): AsyncGenerator<Uint8Array> {
    for await (const k of this.db.keys({ gte: prefix, lt: prefixEnd(prefix) })) yield k;
  }

  /**
   * One atomic, synced batch. Built as a chained batch: abstract-level's array form copies and
   * re-validates every operation object, several times the CPU of handing each key and value to
   * the native batch directly (a block writes thousands).
   */
  async write(ops: readonly BatchOp[]): Promise<void> {
    if (ops.length === 0) return;
    const batch = this.db.batch();
    for (const op of ops) {
      if (op.type === 'put') batch.put(op.key, op.value);
      else batch.del(op.key);
    }
    await batch.write({ sync: true });
  }

  /**
   * One entry written without waiting for the disk: for what can be made again from what is
   * stored (a block's reply text), so that a crash that loses it loses nothing.
   */
  async putUnsynced(k: Key, value: Uint8Array): Promise<void> {
    await this.db.put(k, value, { sync: false });
  }

  async close(): Promise<void> {
    if (!this.opened) return;
    this.opened = false;
    await this.db.close();
  }
}
