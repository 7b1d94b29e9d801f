import { EnvelopeError } from '../errors';
import type { TransactionJson } from '../tx/types';

/**
 * Whether an envelope belongs to the chain a node is on (java-tron TransactionCapsule TAPOS check,
 * Manager.validateTapos). A transaction names its reference block by `ref_block_bytes` (block number mod 65,536) and
 * `ref_block_hash` (blockID bytes 8..16); a node accepts it only when that block is one of its
 * last 65,536. The genesis id in the envelope names the chain for people; TAPOS proves it.
 */
export const TAPOS_WINDOW_BLOCKS = 65_536;

export interface TaposReference {
  /** 0..65535, from ref_block_bytes. */
  readonly low16: number;
  /** 16 lowercase hex digits. */
  readonly hash: string;
}

export function taposReference(tx: Pick<TransactionJson, 'raw_data'>): TaposReference {
  const bytes = String(tx.raw_data.ref_block_bytes ?? '');
  const hash = String(tx.raw_data.ref_block_hash ?? '');
  if (!/^[0-9a-fA-F]{4}$/.test(bytes) || !/^[0-9a-fA-F]{16}$/.test(hash)) {
    throw new EnvelopeError(
      'ENVELOPE_BAD_REF_BLOCK',
      'The transaction has no valid reference block (ref_block_bytes must be 2 bytes and ref_block_hash 8 ' +
        'bytes of hex).',
    );
  }
  return { low16: parseInt(bytes, 16), hash: hash.toLowerCase() };
}

/**
 * The only block of the node's window the reference can name: the newest block at or below the
 * head whose number ends in `low16`. Null when the chain is still shorter than that.
 */
export function taposCandidate(reference: TaposReference, headNumber: number): number | null {
  if (!Number.isSafeInteger(headNumber) || headNumber < 0) return null;
  const candidate =
    headNumber - ((((headNumber - reference.low16) % TAPOS_WINDOW_BLOCKS) + TAPOS_WINDOW_BLOCKS) % TAPOS_WINDOW_BLOCKS);
  return candidate >= 0 ? candidate : null;
}

export type TaposVerdict =
  | { readonly ok: true; readonly blockNumber: number; readonly ageBlocks: number }
  | {
      readonly ok: false;
      readonly reason: 'no-block' | 'hash-differs';
      readonly blockNumber: number | null;
      readonly message: string;
    };

/** Compares the reference with the node's block at the candidate height (blockID as hex). */
export function judgeTapos(
  reference: TaposReference,
  headNumber: number,
  block: { readonly number: number; readonly blockId: string } | null,
): TaposVerdict {
  const candidate = taposCandidate(reference, headNumber);
  if (candidate === null || block === null || block.number !== candidate) {
    return {
      ok: false,
      reason: 'no-block',
      blockNumber: candidate,
      message:
        `This node has no block that the transaction's reference (block number ending in ${reference.low16}) ` +
        'can name; it was made on another chain, or this node is not synchronised.',
    };
  }
  if (block.blockId.toLowerCase().slice(16, 32) !== reference.hash) {
    return {
      ok: false,
      reason: 'hash-differs',
      blockNumber: candidate,
      message:
        `The transaction's reference block is not block ${candidate} of this node (hash ${reference.hash} ≠ ` +
        `${block.blockId.toLowerCase().slice(16, 32)}): it was made on another chain, and this node would ` +
        'refuse it (TAPOS).',
    };
  }
  return { ok: true, blockNumber: candidate, ageBlocks: headNumber - candidate };
}
