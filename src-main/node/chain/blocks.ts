import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { Store } from '../store/store';
import { key, PREFIX, readU64, u64 } from '../store/store';
import type { SealedBlock } from '../model/block';
import { decodeHeader } from '../model/block';

/**
 * The stored blocks (`b<number>`, `i<blockId>`), transactions (`t<txid>`: block number ‖
 * Transaction with its ret) and TransactionInfos (`n<txid>`), with the recent blocks and their
 * ids kept in memory: the ids of the last 256 blocks answer BLOCKHASH synchronously. A block's
 * reply text (`j<number><form>`, rendered by whoever registered a `BlockTextRenderer` with the
 * chain) is opaque bytes here: storage does not know the JSON shapes.
 */
const RECENT_BLOCKS = 256;

/** The forms a block's text is kept in: addresses in hex (visible=false) or Base58Check (visible=true). */
export const BLOCK_TEXT_FORM = { hex: 0x68, visible: 0x76 } as const;
export type BlockTextForm = (typeof BLOCK_TEXT_FORM)[keyof typeof BLOCK_TEXT_FORM];

export function blockTextKey(number: number, form: BlockTextForm): Uint8Array {
  return key(PREFIX.blockText, u64(number), Uint8Array.of(form));
}

export interface StoredTransaction {
  readonly blockNumber: number;
  /** Transaction protobuf with its ret. */
  readonly bytes: Uint8Array;
}

export class BlockLog {
  private readonly bytesCache = new Map<number, Uint8Array>();
  private readonly idCache = new Map<number, string>();
  private readonly recentIds = new Map<number, Uint8Array>();

  private constructor(private readonly store: Store) {}

  /** Reads back the ids of the blocks up to `headNumber` that BLOCKHASH can ask for. */
  static async load(store: Store, headNumber: number): Promise<BlockLog> {
    const log = new BlockLog(store);
    for (let n = Math.max(0, headNumber - RECENT_BLOCKS + 1); n <= headNumber; n++) {
      const bytes = await store.get(key(PREFIX.block, u64(n)));
      if (bytes) log.recentIds.set(n, decodeHeader(bytes).id);
    }
    return log;
  }

  /** A block whose batch is written: it joins the recent blocks. */
  add(block: SealedBlock): void {
    this.recentIds.set(block.number, block.id);
    this.recentIds.delete(block.number - RECENT_BLOCKS);
    remember(this.bytesCache, block.number, block.bytes);
  }

  /** blockID of one of the last 256 blocks, synchronously (BLOCKHASH). */
  recentBlockId(number: number): Uint8Array | undefined {
    return this.recentIds.get(number);
  }

  async blockBytes(number: number): Promise<Uint8Array | undefined> {
    return this.bytesCache.get(number) ?? (await this.store.get(key(PREFIX.block, u64(number))));
  }

  /** blockID (hex) of a stored block; undefined when there is none with that number. */
  async blockIdHex(number: number): Promise<string | undefined> {
    const cached = this.idCache.get(number);
    if (cached) return cached;
    const bytes = await this.blockBytes(number);
    if (!bytes) return undefined;
    const id = bytesToHex(decodeHeader(bytes).id);
    remember(this.idCache, number, id);
    return id;
  }

  /** The text of block `number` in `form` written with the block, if its renderer ran then. */
  async blockText(number: number, form: BlockTextForm): Promise<Uint8Array | undefined> {
    return this.store.getUncached(blockTextKey(number, form));
  }

  /** Keeps the text of a stored block in `form`, rendered after the block was written. */
  async keepBlockText(number: number, form: BlockTextForm, text: Uint8Array): Promise<void> {
    await this.store.putUnsynced(blockTextKey(number, form), text);
  }

  // The small point reads below read synchronously (getSync): a read through the thread pool
  // costs more CPU in all (queueing the work, waking a thread, settling the promise) than the read
  // itself, which LevelDB mostly answers from its caches and the page cache.

  async blockNumberOfId(idHex: string): Promise<number | undefined> {
    const bytes = this.store.getSync(key(PREFIX.blockId, hexToBytes(idHex)));
    return bytes ? readU64(bytes) : undefined;
  }

  async transaction(idHex: string): Promise<StoredTransaction | undefined> {
    const value = this.store.getSync(key(PREFIX.tx, hexToBytes(idHex)));
    if (!value) return undefined;
    return { blockNumber: readU64(value), bytes: value.subarray(8) };
  }

  async transactionInfo(idHex: string): Promise<Uint8Array | undefined> {
    return this.store.getSync(key(PREFIX.info, hexToBytes(idHex)));
  }
}

/** Keeps the last RECENT_BLOCKS entries. */
function remember<V>(cache: Map<number, V>, number: number, value: V): void {
  cache.set(number, value);
  if (cache.size > RECENT_BLOCKS) cache.delete(cache.keys().next().value!);
}
