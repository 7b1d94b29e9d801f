import type { Chain } from '../chain/chain';
import { BLOCK_TEXT_FORM, type BlockTextForm } from '../chain/blocks';
import { BoundedCache } from '../state/cache';
import type { PackedTx } from '../chain/commit';
import { protocol } from '../../../src-core/proto/runtime';
import { messageToJson } from '../../../src-core/proto/json-codec';
import { stringifyJson } from '../../../src-core/json/lossless';
import { blockJson, splitBlock, transactionJson } from './format';
import { printedHexRawData } from './built-transactions';
import { jsonText, RawReply } from './server';

/**
 * The reply texts of the block reads (getnowblock, getblock, getblockbynum, getblockbyid,
 * getblockbylimitnext; /wallet and /walletsolidity), as UTF-8 bytes written to the socket as they
 * are. A block on this chain never changes once written, and a block of hundreds of transactions
 * is hundreds of kB of JSON whose rendering takes tens of ms, so no request renders one twice:
 *
 * - the forms named in `storedForms` are rendered when the block is committed and written in the
 *   block's own atomic batch (`Chain.blockTextRenderers`): a block that is never written leaves no
 *   text, and a restart serves the text written with its block;
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

/** Util.printBlockToJSON of a stored block as the reply's bytes (JsonFormat, with the trailing newline). */
export function blockReplyBytes(blockBytes: Uint8Array, visible: boolean, detail = true): Buffer {
  return Buffer.from(jsonText(blockJson(blockBytes, visible, detail)), 'utf8');
}

/** The `ret` entry's text of each contractRet value in the hex form. */
const retTexts = new Map<number, string>();

function retText(contractRet: number): string {
  let text = retTexts.get(contractRet);
  if (text === undefined) {
    const result = protocol.Transaction.Result.decode(Uint8Array.of(0x18, contractRet)) as unknown as Record<
      string,
      unknown
    >;
    text = stringifyJson(messageToJson('protocol.Transaction.Result', result, { visible: false }));
    retTexts.set(contractRet, text);
  }
  return text;
}

/**
 * One packed transaction's text in a block reply (hex form), as `transactionJson` prints it, from
 * the `raw_data` text printed when it was built; undefined when there is none, or when the entry
 * has more than txID, raw_data, raw_data_hex, signature and one `ret` (a CreateSmartContract's
 * contract_address).
 */
function packedText(encoded: Uint8Array, { tx }: PackedTx): string | undefined {
  const rawText = printedHexRawData(tx.rawBytes);
  if (rawText === undefined || tx.contract?.typeName === 'CreateSmartContract') return undefined;
  // encodeWithResult's trailer: ret (field 5, length 2) holding Result.contractRet (field 3).
  const n = encoded.length;
  if (encoded[n - 4] !== 0x2a || encoded[n - 3] !== 0x02 || encoded[n - 2] !== 0x18 || encoded[n - 1]! >= 0x80)
    return undefined;
  const hex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');
  const signatures =
    tx.signatures.length > 0 ? `,"signature":[${tx.signatures.map((s) => `"${hex(s)}"`).join(',')}]` : '';
  return `{"txID":"${tx.idHex}","raw_data":${rawText},"raw_data_hex":"${hex(tx.rawBytes)}"${signatures},"ret":[${retText(encoded[n - 1]!)}]}`;
}

/**
 * `blockReplyBytes(block, false)` of a block being committed, reusing the `raw_data` texts printed
 * when its transactions were built (the rest is rendered as `blockJson` does).
 */
export function committedBlockReplyBytes(blockBytes: Uint8Array, packed: readonly PackedTx[]): Buffer {
  const { transactions } = splitBlock(blockBytes);
  if (transactions.length === 0 || transactions.length !== packed.length) return blockReplyBytes(blockBytes, false);
  const texts: string[] = [];
  for (let i = 0; i < transactions.length; i++)
    texts.push(packedText(transactions[i]!, packed[i]!) ?? stringifyJson(transactionJson(transactions[i]!, false)));
  const head = stringifyJson(blockJson(blockBytes, false, false));
  return Buffer.from(`${head.slice(0, -1)},"transactions":[${texts.join(',')}]}\n`, 'utf8');
}

const formOf = (visible: boolean): BlockTextForm => (visible ? BLOCK_TEXT_FORM.visible : BLOCK_TEXT_FORM.hex);

export class BlockReplies {
  private readonly cache = new BoundedCache<RawReply>(CACHE_BYTES);

  /** `storedForms`: the address forms rendered at commit (`true`: visible=true, Base58Check). */
  constructor(
    private readonly chain: Chain,
    storedForms: readonly boolean[] = [],
  ) {
    for (const visible of storedForms)
      chain.blockTextRenderers.push({
        form: formOf(visible),
        render: (block, packed) =>
          visible ? blockReplyBytes(block.bytes, visible) : committedBlockReplyBytes(block.bytes, packed),
      });
  }

  /** Util.printBlockToJSON of block `number` (`{}` when the chain has none), as reply bytes. */
  async reply(number: number, visible: boolean, detail = true): Promise<RawReply> {
    if (!detail) return this.headerReply(number, visible);
    const form = formOf(visible);
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
   * commas (a block the chain does not have is `{}`).
   */
  async listReply(numbers: readonly number[], visible: boolean): Promise<RawReply> {
    if (numbers.length === 0) return new RawReply(NO_BLOCK);
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

  private async render(number: number, visible: boolean, detail: boolean): Promise<Buffer | undefined> {
    const bytes = await this.chain.blockBytes(number);
    return bytes && blockReplyBytes(bytes, visible, detail);
  }
}
