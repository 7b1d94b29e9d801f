import { invalidParams } from './errors';
import { hexToBigInteger, jsonHexToLong, longValue } from './java-hex';
import type { BlockRecord, NodeReads } from './node-reads';

/**
 * The three ways java-tron reads a block parameter:
 * - state reads (eth_getBalance, eth_getStorageAt, eth_getCode, eth_call) take only "latest"
 *   (TronJsonRpcImpl.getTrxBalance & co.);
 * - block reads take a tag or a number (Wallet.getByJsonBlockId), a number without 0x in base 10;
 * - log ranges take a tag or a 0x number (JsonRpcApiUtil.getByJsonBlockId).
 */
export const TAG = { earliest: 'earliest', pending: 'pending', latest: 'latest', finalized: 'finalized' } as const;

export const TAG_NOT_SUPPORTED = 'TAG [earliest | pending | finalized] not supported';
export const QUANTITY_NOT_SUPPORTED = 'QUANTITY not supported, just support TAG as latest';
export const PENDING_NOT_SUPPORTED = 'TAG pending not supported';
export const INVALID_BLOCK_NUMBER = 'invalid block number';

/** String.equalsIgnoreCase with a possibly null argument. */
export function isTag(text: string | null, tag: (typeof TAG)[keyof typeof TAG]): boolean {
  return text !== null && text.toLowerCase() === tag;
}

/** Accepts "latest" only; otherwise java-tron's three refusals. */
export function requireLatest(tag: string | null): void {
  if (isTag(tag, TAG.earliest) || isTag(tag, TAG.pending) || isTag(tag, TAG.finalized))
    throw invalidParams(TAG_NOT_SUPPORTED);
  if (isTag(tag, TAG.latest)) return;
  if (hexToBigInteger(tag) === undefined) throw invalidParams(INVALID_BLOCK_NUMBER);
  throw invalidParams(QUANTITY_NOT_SUPPORTED);
}

/** Wallet.getByJsonBlockId: the block, or undefined when there is none with that number. */
export async function blockOfTag(reads: NodeReads, tag: string | null): Promise<BlockRecord | undefined> {
  if (isTag(tag, TAG.earliest)) return reads.block(0);
  if (isTag(tag, TAG.latest)) return reads.block(reads.headNumber());
  if (isTag(tag, TAG.finalized)) return reads.block(reads.solidNumber());
  if (isTag(tag, TAG.pending)) throw invalidParams(PENDING_NOT_SUPPORTED);
  const number = hexToBigInteger(tag);
  if (number === undefined) throw invalidParams(INVALID_BLOCK_NUMBER);
  const n = longValue(number);
  return n < 0n || n > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : reads.block(Number(n));
}

/** JsonRpcApiUtil.getByJsonBlockId: -1 for latest (or unset), 0 for earliest, the solidified number, or a 0x number. */
export function logBlockNumber(reads: NodeReads, tag: string | null): bigint {
  if (isTag(tag, TAG.pending)) throw invalidParams(PENDING_NOT_SUPPORTED);
  if (tag === null || tag === '' || isTag(tag, TAG.latest)) return -1n;
  if (isTag(tag, TAG.earliest)) return 0n;
  if (isTag(tag, TAG.finalized)) return BigInt(reads.solidNumber());
  return jsonHexToLong(tag);
}
