import { FeeError } from '../errors';
import { PROTOCOL_CONSTANTS } from '../chain/parameters';
import { encodeRawData, encodeTransaction } from '../tx/codec';
import type { TransactionJson } from '../tx/types';
import { chainParameters, max0, nonNegative, type FeeParameters } from './parameters';

/**
 * Bandwidth (java-tron BandwidthProcessor): the bytes a transaction is charged for,
 * and where they come from — staked bandwidth, the daily free allowance, or burned TRX.
 */

function varintLength(n: number): number {
  let length = 1;
  for (let v = n; v >= 0x80; v = Math.floor(v / 128)) length++;
  return length;
}

/** Bytes one signature adds to the serialized transaction: tag, length, r‖s‖v. */
export const BYTES_PER_SIGNATURE =
  1 + varintLength(PROTOCOL_CONSTANTS.SIGNATURE_LENGTH) + PROTOCOL_CONSTANTS.SIGNATURE_LENGTH;

/**
 * The parts of the size formula, for callers that already hold the raw bytes: serialized
 * Transaction without `ret` (raw_data field + one field per signature) plus 64 per contract.
 */
export function bandwidthBytesOf(parts: {
  rawDataLength: number;
  signatureLengths: readonly number[];
  contracts: number;
}): bigint {
  const raw = 1 + varintLength(parts.rawDataLength) + parts.rawDataLength;
  const signatures = parts.signatureLengths.reduce((sum, length) => sum + 1 + varintLength(length) + length, 0);
  return BigInt(raw + signatures + parts.contracts * PROTOCOL_CONSTANTS.MAX_RESULT_SIZE_IN_TX);
}

export interface BandwidthSizeOptions {
  /**
   * Signatures the transaction will carry when broadcast. Missing ones are counted as 65 bytes
   * each, so a 2-of-3 proposal can be costed before anyone signs. Default: those present, at least 1.
   */
  readonly expectedSignatures?: number;
}

/** Bandwidth points the transaction will consume (BandwidthProcessor.consume: size without `ret` + 64 per contract). */
export function bandwidthBytes(tx: TransactionJson, options: BandwidthSizeOptions = {}): bigint {
  const present = tx.signature?.length ?? 0;
  const expected = options.expectedSignatures ?? Math.max(present, 1);
  if (!Number.isInteger(expected) || expected < 0 || expected > PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM) {
    throw new FeeError(
      'FEE_BAD_SIGNATURE_COUNT',
      `The expected number of signatures must be a whole number from 0 to ${PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM}.`,
      { expected },
    );
  }
  const contracts = tx.raw_data.contract.length;
  const withSignatures = encodeTransaction(tx).length;
  const extra = Math.max(0, expected - present) * BYTES_PER_SIGNATURE;
  return BigInt(withSignatures + extra + contracts * PROTOCOL_CONSTANTS.MAX_RESULT_SIZE_IN_TX);
}

/** The raw_data bytes alone, e.g. for the create-account size limit (getMaxCreateAccountTxSize). */
export function rawDataLength(tx: TransactionJson): number {
  return encodeRawData(tx.raw_data, { visible: tx.visible === true }).length;
}

/** The account's bandwidth as getaccountresource reports it (usage already decayed to now). */
export interface BandwidthAccount {
  /** Staked bandwidth (NetLimit, NetUsed). */
  readonly netLimit?: bigint;
  readonly netUsed?: bigint;
  /** The daily free allowance (freeNetLimit defaults to getFreeNetLimit, freeNetUsed). */
  readonly freeNetLimit?: bigint;
  readonly freeNetUsed?: bigint;
  /** What is left of the chain-wide free pool (getPublicNetLimit minus its usage); default unbounded. */
  readonly publicNetAvailable?: bigint;
}

export type BandwidthSource = 'staked' | 'free' | 'burn' | 'create-account-staked' | 'create-account-burn';

export interface BandwidthCharge {
  readonly bytes: bigint;
  readonly source: BandwidthSource;
  /** Staked bandwidth consumed. */
  readonly stakedBytes: bigint;
  /** Free allowance consumed. */
  readonly freeBytes: bigint;
  /** TRX burned, in sun. */
  readonly burnedSun: bigint;
}

export interface BandwidthChargeInput {
  readonly bytes: bigint;
  /**
   * The contract creates an account (AccountCreateContract, or TRX/TRC10 sent to an address that
   * does not exist yet): staked bandwidth or a flat fee pays, and the free allowance is never used.
   */
  readonly createsAccount?: boolean;
  readonly account?: BandwidthAccount;
  readonly parameters?: FeeParameters;
}

/**
 * Which source pays, in java-tron's order: create-account path; staked; free; burn. Each source
 * pays the whole transaction or nothing — there is no splitting between them.
 */
export function bandwidthCharge(input: BandwidthChargeInput): BandwidthCharge {
  const p = chainParameters(input.parameters);
  const bytes = nonNegative(input.bytes, 'bandwidth size');
  const account = input.account ?? {};
  const stakedLeft = max0(
    nonNegative(account.netLimit, 'staked bandwidth limit') - nonNegative(account.netUsed, 'staked bandwidth used'),
  );
  if (input.createsAccount) {
    const needed = bytes * p.getCreateNewAccountBandwidthRate;
    if (needed <= stakedLeft)
      return { bytes, source: 'create-account-staked', stakedBytes: needed, freeBytes: 0n, burnedSun: 0n };
    return { bytes, source: 'create-account-burn', stakedBytes: 0n, freeBytes: 0n, burnedSun: p.getCreateAccountFee };
  }
  if (bytes <= stakedLeft) return { bytes, source: 'staked', stakedBytes: bytes, freeBytes: 0n, burnedSun: 0n };
  const freeLeft = max0(
    nonNegative(account.freeNetLimit, 'free bandwidth limit', p.getFreeNetLimit) -
      nonNegative(account.freeNetUsed, 'free bandwidth used'),
  );
  const publicLeft =
    account.publicNetAvailable === undefined
      ? undefined
      : nonNegative(account.publicNetAvailable, 'public bandwidth pool');
  if (bytes <= freeLeft && (publicLeft === undefined || bytes <= publicLeft))
    return { bytes, source: 'free', stakedBytes: 0n, freeBytes: bytes, burnedSun: 0n };
  return { bytes, source: 'burn', stakedBytes: 0n, freeBytes: 0n, burnedSun: bytes * p.getTransactionFee };
}
