import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { BatchOp, Store } from '../store/store';
import { key, PREFIX } from '../store/store';
import type { SealedBlock } from './block';
import { parseTransaction } from './tx';

/**
 * The two indexes admission reads besides the state (java-tron-http.md §5 steps 10 and 13):
 * - TAPOS (java-tron RecentBlockStore): ref_block_bytes → bytes 8..16 of that block's id, for the
 *   last 65,536 blocks (two bytes of the block number wrap around), kept in LevelDB (`r…`) and in
 *   memory (at most 65,536 short entries) for synchronous checks;
 * - duplicates (java-tron TransactionCache): whether a transaction with this id is in a block and
 *   has not expired. Answered from the transaction store (`t<txid>`, written with its block) by a
 *   synchronous point read, so no set of every unexpired id is read back at start or held.
 */
/** Bytes before the Transaction in a `t<txid>` value: its block number. */
const STORED_TX_OFFSET = 8;

/** A block's TAPOS entry: ref_block_bytes (id bytes 6..8) → id bytes 8..16. */
export function taposEntry(block: SealedBlock): BatchOp {
  return { type: 'put', key: key(PREFIX.recent, block.id.subarray(6, 8)), value: block.id.subarray(8, 16) };
}

export class ChainIndexes {
  private readonly recent = new Map<string, string>();

  constructor(private readonly store: Store) {}

  /** Reads the TAPOS index back. */
  static async load(store: Store): Promise<ChainIndexes> {
    const indexes = new ChainIndexes(store);
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
    const stored = this.store.getSync(key(PREFIX.tx, hexToBytes(idHex)));
    return stored !== undefined && parseTransaction(stored.subarray(STORED_TX_OFFSET)).expiration > headTimestamp;
  }

  /** A block's TAPOS entry, for its batch; `add` makes it visible once the batch is written. */
  stage(block: SealedBlock): { ops: BatchOp[]; add: () => void } {
    const add = (): void => {
      this.recent.set(bytesToHex(block.id.subarray(6, 8)), bytesToHex(block.id.subarray(8, 16)));
    };
    return { ops: [taposEntry(block)], add };
  }
}
