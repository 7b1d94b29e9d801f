import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX, readU64, u64 } from '../store/store';
import type { SealedBlock } from './block';
import type { ParsedTransaction } from './tx';

/**
 * The two indexes admission reads besides the state (Manager.validateTapos, Manager.validateDup):
 * - TAPOS (java-tron RecentBlockStore): ref_block_bytes → bytes 8..16 of that block's id, for the
 *   last 65,536 blocks (two bytes of the block number wrap around);
 * - duplicates (java-tron TransactionCache): the ids of packed transactions that have not expired
 *   yet, bucketed by expiration minute so that a block drops the expired ones cheaply.
 * Both are kept in LevelDB (`r…`, `x<expiration><txid>`) and in memory for synchronous checks.
 */
const EXPIRY_BUCKET_MS = 60_000;

/** A block's TAPOS entry: ref_block_bytes (id bytes 6..8) → id bytes 8..16. */
export function taposEntry(block: SealedBlock): BatchOp {
  return { type: 'put', key: key(PREFIX.recent, block.id.subarray(6, 8)), value: block.id.subarray(8, 16) };
}

export class ChainIndexes {
  private readonly recent = new Map<string, string>();
  private readonly unexpired = new Map<string, number>();
  private readonly expiryBuckets = new Map<number, string[]>();

  /** Reads both indexes back; expiration entries at or before `headTimestamp` are left out. */
  static async load(store: Store, headTimestamp: number): Promise<ChainIndexes> {
    const indexes = new ChainIndexes();
    for await (const [k, v] of store.scan(Uint8Array.of(PREFIX.recent)))
      indexes.recent.set(bytesToHex(k.subarray(1)), bytesToHex(v));
    // Every transaction packed within the expiration window: read in batches, the ids hexed natively.
    for await (const batch of store.keyBatches(
      Uint8Array.of(PREFIX.expiration),
      key(PREFIX.expiration, u64(headTimestamp + 1)),
    ))
      for (const k of batch)
        indexes.trackUnexpired(Buffer.from(k.buffer, k.byteOffset + 9, k.length - 9).toString('hex'), readU64(k, 1));
    return indexes;
  }

  /** Whether a transaction's reference block is one of the recent blocks of this chain. */
  tapos(refBlockBytes: Uint8Array, refBlockHash: Uint8Array): boolean {
    return refBlockBytes.length === 2 && this.recent.get(bytesToHex(refBlockBytes)) === bytesToHex(refBlockHash);
  }

  isPackedAndUnexpired(idHex: string): boolean {
    return this.unexpired.has(idHex);
  }

  /**
   * A block's entries in both indexes, for its batch: its TAPOS entry, one expiration entry per
   * packed transaction, and the removal of those that expire with it. `add` makes them visible
   * once the batch is written.
   */
  stage(block: SealedBlock, packed: readonly ParsedTransaction[]): { ops: BatchOp[]; add: () => void } {
    const ops: BatchOp[] = [taposEntry(block)];
    for (const tx of packed)
      ops.push({ type: 'put', key: key(PREFIX.expiration, u64(tx.expiration), tx.id), value: new Uint8Array() });
    const expired = this.expiredIds(block.timestamp);
    for (const [idHex, expiration] of expired)
      ops.push({ type: 'del', key: key(PREFIX.expiration, u64(expiration), hexToBytes(idHex)) });
    const add = (): void => {
      this.recent.set(bytesToHex(block.id.subarray(6, 8)), bytesToHex(block.id.subarray(8, 16)));
      for (const [idHex] of expired) this.unexpired.delete(idHex);
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

  /** Ids whose expiration is at or before `timestamp`: they can never be packed again. */
  private expiredIds(timestamp: number): [string, number][] {
    const out: [string, number][] = [];
    const limit = Math.floor(timestamp / EXPIRY_BUCKET_MS);
    for (const [bucket, ids] of this.expiryBuckets) {
      if (bucket > limit) continue;
      const keep: string[] = [];
      for (const id of ids) {
        const expiration = this.unexpired.get(id);
        if (expiration === undefined) continue;
        if (expiration <= timestamp) out.push([id, expiration]);
        else keep.push(id);
      }
      if (keep.length === 0) this.expiryBuckets.delete(bucket);
      else this.expiryBuckets.set(bucket, keep);
    }
    return out;
  }
}
