import { TransactionError } from '../errors';
import { bigintToBytes } from '../bytes/bytes';
import { bytesToHex, hexToFixedBytes } from '../bytes/hex';

/** The block a transaction points at for TAPOS (java-tron TransactionCapsule.setReference). */
export interface ReferenceBlock {
  readonly number: bigint | number;
  /** 32-byte blockID as hex; its first 8 bytes are the block number. */
  readonly blockId: string;
}

export interface TransactionHeader {
  readonly ref_block_bytes: string;
  readonly ref_block_hash: string;
  readonly expiration: number;
  readonly timestamp: number;
}

export const DEFAULT_EXPIRATION_MS = 60_000;
/** java-tron MAXIMUM_TIME_UNTIL_EXPIRATION: expiration may be at most head time + 24 h. */
export const MAX_EXPIRATION_MS = 86_400_000;
/**
 * The window a transaction that needs co-signers gets unless the person picks another: the
 * chain's maximum less an hour, so a node whose head lags the proposer's by up to an hour still
 * accepts it (java-tron `Manager.validateCommon` measures against its own head block time).
 */
export const COSIGN_EXPIRATION_MARGIN_MS = 3_600_000;
export const COSIGN_DEFAULT_EXPIRATION_MS = MAX_EXPIRATION_MS - COSIGN_EXPIRATION_MARGIN_MS;

/**
 * The signing window a transaction is built with: the person's choice when they made one, else
 * the long co-signing default when other desktops must add signatures, else the header's default
 * (`undefined`), which suits a transaction signed here and broadcast at once.
 *
 * Expiration is chain time. A dev chain that makes its 3 s slots faster than the wall clock
 * (`chainMsPerWallMs` > 1) would close the one-minute default while a person still reads the
 * review, so that default is stretched to a minute of wall time there.
 */
export function signingWindowMs(
  chosenMs: number | undefined,
  needsCosigners: boolean,
  chainMsPerWallMs = 1,
): number | undefined {
  if (chosenMs !== undefined) return chosenMs;
  if (needsCosigners) return COSIGN_DEFAULT_EXPIRATION_MS;
  if (!(chainMsPerWallMs > 1)) return undefined;
  return Math.min(Math.round(DEFAULT_EXPIRATION_MS * chainMsPerWallMs), COSIGN_DEFAULT_EXPIRATION_MS);
}

/** ref_block_bytes = bytes 6..8 of the 8-byte big-endian block number; ref_block_hash = blockID bytes 8..16. */
export function referenceFields(block: ReferenceBlock): Pick<TransactionHeader, 'ref_block_bytes' | 'ref_block_hash'> {
  const number = BigInt(block.number);
  if (number < 0n) throw new TransactionError('TX_BAD_REF_BLOCK', 'The reference block number cannot be negative.');
  const id = hexToFixedBytes(block.blockId, 32, 'reference block id');
  return {
    ref_block_bytes: bytesToHex(bigintToBytes(number, 8).subarray(6, 8)),
    ref_block_hash: bytesToHex(id.subarray(8, 16)),
  };
}

export interface HeaderInput {
  readonly refBlock: ReferenceBlock;
  /** The head block's timestamp (ms). Expiration counts from chain time, never the local clock. */
  readonly headTimestamp: number;
  /** Signing window; default 60 s, at most 24 h. */
  readonly expirationMs?: number;
  /** raw_data.timestamp; defaults to the head block time, as TronWeb does. */
  readonly timestamp?: number;
}

export function transactionHeader(input: HeaderInput): TransactionHeader {
  const window = input.expirationMs ?? DEFAULT_EXPIRATION_MS;
  if (!Number.isInteger(window) || window <= 0) {
    throw new TransactionError('TX_BAD_EXPIRATION', 'The signing window must be a positive number of milliseconds.');
  }
  if (window > MAX_EXPIRATION_MS) {
    throw new TransactionError(
      'TX_EXPIRATION_TOO_LONG',
      'A TRON transaction can expire at most 24 hours after the head block time.',
      { windowMs: window },
    );
  }
  if (!Number.isSafeInteger(input.headTimestamp) || input.headTimestamp <= 0) {
    throw new TransactionError(
      'TX_BAD_HEAD_TIME',
      'The head block timestamp must be a positive number of milliseconds.',
    );
  }
  return {
    ...referenceFields(input.refBlock),
    expiration: input.headTimestamp + window,
    timestamp: input.timestamp ?? input.headTimestamp,
  };
}
