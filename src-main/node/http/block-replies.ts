import type { Chain } from '../chain/chain';
import { BoundedCache } from '../state/cache';
import { blockJson } from './format';
import { jsonText, RawReply } from './server';

/**
 * The reply texts of the block reads (getnowblock, getblock, getblockbynum, getblockbyid), kept in
 * a cache bounded by their length. A block on this chain never changes once written, wallets ask
 * for the same recent blocks again and again (getnowblock every few seconds), and a block of
 * hundreds of transactions is hundreds of kB of JSON whose rendering takes tens of ms.
 */
const CACHE_CHARS = 32 * 1024 * 1024;
/** What an entry costs besides its text (JSON is ASCII: one byte per character in V8). */
const ENTRY_OVERHEAD = 128;

export class BlockReplies {
  private readonly cache = new BoundedCache<RawReply>(CACHE_CHARS);

  constructor(private readonly chain: Chain) {}

  /** Util.printBlockToJSON of block `number` (`{}` when the chain has none), as reply text. */
  async reply(number: number, visible: boolean, detail = true): Promise<RawReply> {
    const cacheKey = `${number}:${visible ? 'v' : 'h'}:${detail ? 'd' : 's'}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const bytes = await this.chain.blockBytes(number);
    if (!bytes) return new RawReply(jsonText({}));
    const reply = new RawReply(jsonText(blockJson(bytes, visible, detail)));
    this.cache.set(cacheKey, reply, reply.text.length + ENTRY_OVERHEAD);
    return reply;
  }
}
