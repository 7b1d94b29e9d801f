import type { Chain } from '../chain/chain';
import type { SealedBlock } from '../model/block';
import { BLOCK_TEXT_FORM, type BlockTextForm } from '../chain/blocks';
import { BoundedCache } from '../state/cache';
import { blockReplyBytes } from './block-text';
import type { OffThreadRenderer } from './block-text-thread';
import { RawReply } from './server';

/**
 * The reply texts of the block reads (getnowblock, getblock, getblockbynum, getblockbyid,
 * getblockbylimitnext; /wallet and /walletsolidity), as UTF-8 bytes written to the socket as they
 * are. A block on this chain never changes once written, and a block of hundreds of transactions
 * is hundreds of kB of JSON whose rendering takes tens of ms, so no request renders one twice:
 *
 * - the forms named in `storedForms` are rendered when the block is committed and written in the
 *   block's own atomic batch (`Chain.blockTextRenderers`): a block that is never written leaves no
 *   text, and a restart serves the text written with its block;
 * - with a block-text thread (`offThread`), a large block's text is rendered there once the block is
 *   written, and kept beside it; a read that comes first waits for that render;
 * - any other form (and a block written without its text: block 0, a fork's upstream headers, a
 *   data directory from before) is rendered on its first request and then written beside the
 *   block.
 *
 * A stored text is read from the store on every request: holding replies of hundreds of kB in
 * memory costs the garbage collector more than reading them (a reply kept until evicted is
 * promoted, and only a full collection frees it). Blocks without their transactions (getblock's
 * `detail` false) are rendered once and kept in a small cache.
 */
const CACHE_BYTES = 4 * 1024 * 1024;
/** What an entry costs besides its bytes. */
const ENTRY_OVERHEAD = 128;
const NO_BLOCK = '{}\n';
const LIST_OPEN = Buffer.from('{"block":[');
const COMMA = Buffer.from(',');
const LIST_CLOSE = Buffer.from(']}\n');

/**
 * Blocks the thread may have in hand at once. The text of a block written while it has this many
 * is left to the first read: a thread that falls behind holds no growing queue of blocks.
 */
const MAX_RENDERING = 8;

const formOf = (visible: boolean): BlockTextForm => (visible ? BLOCK_TEXT_FORM.visible : BLOCK_TEXT_FORM.hex);

export interface OffThreadTexts {
  readonly thread: OffThreadRenderer;
  /** Blocks whose stored bytes are at least this long are rendered on the thread. */
  readonly minBlockBytes: number;
}

export class BlockReplies {
  private readonly cache = new BoundedCache<RawReply>(CACHE_BYTES);
  /** Texts the thread is rendering, by `number:form`; each settles once its text is kept (or undefined). */
  private readonly rendering = new Map<string, Promise<Uint8Array | undefined>>();

  /** `storedForms`: the address forms rendered at commit (`true`: visible=true, Base58Check). */
  constructor(
    private readonly chain: Chain,
    storedForms: readonly boolean[] = [],
    private readonly offThread?: OffThreadTexts,
  ) {
    for (const visible of storedForms)
      chain.blockTextRenderers.push({
        form: formOf(visible),
        render: (block) => (this.rendersLater(block) ? undefined : blockReplyBytes(block.bytes, visible)),
        committed: (block) => this.renderLater(block, visible),
      });
  }

  /** Util.printBlockToJSON of block `number` (`{}` when the chain has none), as reply bytes. */
  async reply(number: number, visible: boolean, detail = true): Promise<RawReply> {
    if (!detail) return this.headerReply(number, visible);
    const form = formOf(visible);
    const rendered = await this.rendering.get(renderingKey(number, form));
    if (rendered) return new RawReply(Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength));
    const stored = await this.chain.blockText(number, form);
    if (stored) return new RawReply(Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength));
    const text = await this.render(number, visible, true);
    if (!text) return new RawReply(NO_BLOCK);
    // Kept beside the block, so that it is not rendered again, after a restart either. A failed
    // write only means that the next request renders it again.
    await this.chain.keepBlockText(number, form, text).catch(() => undefined);
    return new RawReply(text);
  }

  /** A block without its transactions (getblock's `detail` false): a few hundred bytes, cached. */
  private async headerReply(number: number, visible: boolean): Promise<RawReply> {
    const cacheKey = `${number}:${visible ? 'v' : 'h'}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const text = await this.render(number, visible, false);
    if (!text) return new RawReply(NO_BLOCK);
    const reply = new RawReply(text);
    this.cache.set(cacheKey, reply, text.length + ENTRY_OVERHEAD);
    return reply;
  }

  /**
   * GetBlockByLimitNextServlet's `{"block":[…]}` of blocks `numbers`, spliced from the blocks' own
   * replies: JSON text without indentation nests, so the list's text is its items' texts between
   * commas (a block the chain does not have is `{}`). No blocks is `{"block":[]}`: Util.printBlockList
   * sets the list even when it is empty.
   */
  async listReply(numbers: readonly number[], visible: boolean): Promise<RawReply> {
    const parts: Buffer[] = [LIST_OPEN];
    for (const [i, number] of numbers.entries()) {
      const text = (await this.reply(number, visible)).text;
      const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      if (i > 0) parts.push(COMMA);
      parts.push(bytes.subarray(0, bytes.length - 1));
    }
    parts.push(LIST_CLOSE);
    return new RawReply(Buffer.concat(parts));
  }

  /** Waits for the texts the thread is rendering, then ends the thread. */
  async close(): Promise<void> {
    await Promise.all(this.rendering.values());
    await this.offThread?.thread.close();
  }

  private rendersLater(block: SealedBlock): boolean {
    const offThread = this.offThread;
    return offThread !== undefined && offThread.thread.usable && block.bytes.length >= offThread.minBlockBytes;
  }

  /**
   * Renders a written block's text on the thread and keeps it. A failed render, or a thread already
   * MAX_RENDERING blocks behind, leaves the text to the first read.
   */
  private renderLater(block: SealedBlock, visible: boolean): void {
    if (this.rendering.size >= MAX_RENDERING) return;
    const form = formOf(visible);
    const key = renderingKey(block.number, form);
    const kept = this.offThread!.thread.render(block.bytes, visible).then(
      async (text) => {
        // A failed write only means that the first read renders the text again.
        await this.chain.keepBlockText(block.number, form, text).catch(() => undefined);
        return text;
      },
      () => undefined,
    );
    this.rendering.set(key, kept);
    void kept.then(() => this.rendering.delete(key));
  }

  private async render(number: number, visible: boolean, detail: boolean): Promise<Buffer | undefined> {
    const bytes = await this.chain.blockBytes(number);
    return bytes && blockReplyBytes(bytes, visible, detail);
  }
}

const renderingKey = (number: number, form: BlockTextForm): string => `${number}:${form}`;
