import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX, readU64, u64 } from '../store/store';
import type { SealedBlock } from '../model/block';
import type { ParsedTransaction } from '../model/tx';
import { parseTransaction } from '../model/tx';

/**
 * The two indexes admission reads besides the state (Manager.validateTapos, Manager.validateDup):
 * - TAPOS (java-tron RecentBlockStore): ref_block_bytes → bytes 8..16 of that block's id, for the
 *   last 65,536 blocks (two bytes of the block number wrap around), kept in LevelDB (`r…`) and in
 *   memory (at most 65,536 short entries) for synchronous checks;
 * - duplicates (java-tron TransactionCache): whether a transaction with this id is in a block and
 *   has not expired. The ids packed since this start are held until a block reaches their
 *   expiration, bucketed by expiration minute. Nothing is read back at start: until the head passes
 *   the latest expiration packed before the start (`x` alone holds it), an id not held is looked
 *   up in the transaction store (`t<txid>`, written with its block), a point read.
 */
const EXPIRY_BUCKET_MS = 60_000;
/** Bytes before the Transaction in a `t<txid>` value: its block number. */
const STORED_TX_OFFSET = 8;
const LATEST_EXPIRATION_KEY = key(PREFIX.expiration);

/** A block's TAPOS entry: ref_block_bytes (id bytes 6..8) → id bytes 8..16. */
export function taposEntry(block: SealedBlock): BatchOp {
  return { type: 'put', key: key(PREFIX.recent, block.id.subarray(6, 8)), value: block.id.subarray(8, 16) };
}

export class ChainIndexes {
  private readonly recent = new Map<string, string>();
  private readonly unexpired = new Map<string, number>();
  private readonly expiryBuckets = new Map<number, string[]>();
  /** The latest expiration of a packed transaction, as written. */
  private latestExpiration: number;

  /**
   * @param storedUntil the head time until which a transaction packed before this start may be
   *   unexpired (from then on the store is not read).
   */
  constructor(
    private readonly store: Store,
    private readonly storedUntil = 0,
  ) {
    this.latestExpiration = storedUntil;
  }

  /**
   * Reads the TAPOS index back. A data directory past block 0 without the latest expiration may
   * hold transactions expiring up to the longest expiration admission allows after its head.
   */
  static async load(store: Store, head: { headNumber: number; headTimestamp: number }): Promise<ChainIndexes> {
    const latest = await store.get(LATEST_EXPIRATION_KEY);
    const storedUntil = latest
      ? readU64(latest)
      : head.headNumber === 0
        ? 0
        : head.headTimestamp + PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS;
    const indexes = new ChainIndexes(store, storedUntil);
    for await (const [k, v] of store.scan(Uint8Array.of(PREFIX.recent)))
      indexes.recent.set(bytesToHex(k.subarray(1)), bytesToHex(v));
    return indexes;
  }

  /** Whether a transaction's reference block is one of the recent blocks of this chain. */
  tapos(refBlockBytes: Uint8Array, refBlockHash: Uint8Array): boolean {
    return refBlockBytes.length === 2 && this.recent.get(bytesToHex(refBlockBytes)) === bytesToHex(refBlockHash);
  }

  /** Whether a transaction with this id is in a written block and expires after `headTimestamp`. */
  isPackedAndUnexpired(idHex: string, headTimestamp: number): boolean {
    if (this.unexpired.has(idHex)) return true;
    if (headTimestamp >= this.storedUntil) return false;
    const stored = this.store.getSync(key(PREFIX.tx, hexToBytes(idHex)));
    return stored !== undefined && parseTransaction(stored.subarray(STORED_TX_OFFSET)).expiration > headTimestamp;
  }

  /**
   * A block's entries, for its batch: its TAPOS entry and the latest expiration when its
   * transactions move it. `add` makes them visible once the batch is written, and drops the ids
   * that expire with the block.
   */
  stage(block: SealedBlock, packed: readonly ParsedTransaction[]): { ops: BatchOp[]; add: () => void } {
    const ops: BatchOp[] = [taposEntry(block)];
    const latest = packed.reduce((max, tx) => Math.max(max, tx.expiration), this.latestExpiration);
    if (latest > this.latestExpiration) ops.push({ type: 'put', key: LATEST_EXPIRATION_KEY, value: u64(latest) });
    const add = (): void => {
      this.recent.set(bytesToHex(block.id.subarray(6, 8)), bytesToHex(block.id.subarray(8, 16)));
      this.latestExpiration = latest;
      this.dropExpired(block.timestamp);
      for (const tx of packed) this.trackUnexpired(tx.idHex, tx.expiration);
    };
    return { ops, add };
  }

  private trackUnexpired(idHex: string, expiration: number): void {
    this.unexpired.set(idHex, expiration);
    const bucket = Math.floor(expiration / EXPIRY_BUCKET_MS);
    const list = this.expiryBuckets.get(bucket);
    if (list) list.push(idHex);
    else this.expiryBuckets.set(bucket, [idHex]);
  }

  /** Forgets the ids whose expiration is at or before `timestamp`: they can never be packed again. */
  private dropExpired(timestamp: number): void {
    const limit = Math.floor(timestamp / EXPIRY_BUCKET_MS);
    for (const [bucket, ids] of this.expiryBuckets) {
      if (bucket > limit) continue;
      const keep: string[] = [];
      for (const id of ids) {
        const expiration = this.unexpired.get(id);
        if (expiration === undefined) continue;
        if (expiration <= timestamp) this.unexpired.delete(id);
        else keep.push(id);
      }
      if (keep.length === 0) this.expiryBuckets.delete(bucket);
      else this.expiryBuckets.set(bucket, keep);
    }
  }
}
