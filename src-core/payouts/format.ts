import type { z } from 'zod';
import type { Base58Address } from '../brand';
import type { transferTrc10 } from '../tx/kinds/transfer-trc10';
import type { transferTrx } from '../tx/kinds/transfer-trx';
import type { trc20Transfer } from '../tx/kinds/trc20-transfer';

/**
 * The payout file: RFC 4180 CSV with a header row, one payment per row. Headers are matched
 * trimmed and in any case, in any order; `recipient`, `asset` and `amount` are required, `memo` and
 * `reference` optional, and any other header is refused, so a misspelt column never drops data.
 */
export const PAYOUT_COLUMNS = ['recipient', 'asset', 'amount', 'memo', 'reference'] as const;
export type PayoutColumn = (typeof PAYOUT_COLUMNS)[number];
export const REQUIRED_PAYOUT_COLUMNS = ['recipient', 'asset', 'amount'] as const satisfies readonly PayoutColumn[];

/** More rows than one signing session should carry; a bigger run is split into files. */
export const PAYOUT_MAX_ROWS = 5_000;
/** raw_data.data holds the memo; the request schema takes at most this many characters. */
export const PAYOUT_MEMO_MAX = 4_096;
export const PAYOUT_REFERENCE_MAX = 200;

/** Why a row (or the file) cannot be paid; each code has one sentence a person can act on. */
export const PAYOUT_ISSUE = {
  csvSyntax: 'PAYOUT_CSV_SYNTAX',
  empty: 'PAYOUT_EMPTY',
  tooManyRows: 'PAYOUT_TOO_MANY_ROWS',
  missingColumn: 'PAYOUT_MISSING_COLUMN',
  unknownColumn: 'PAYOUT_UNKNOWN_COLUMN',
  repeatedColumn: 'PAYOUT_REPEATED_COLUMN',
  fieldCount: 'PAYOUT_FIELD_COUNT',
  emptyField: 'PAYOUT_EMPTY_FIELD',
  badChecksum: 'PAYOUT_BAD_CHECKSUM',
  notAnAddress: 'PAYOUT_NOT_AN_ADDRESS',
  unknownName: 'PAYOUT_UNKNOWN_NAME',
  ambiguousName: 'PAYOUT_AMBIGUOUS_NAME',
  unknownToken: 'PAYOUT_UNKNOWN_TOKEN',
  ambiguousToken: 'PAYOUT_AMBIGUOUS_TOKEN',
  badAmount: 'PAYOUT_BAD_AMOUNT',
  tooManyDecimals: 'PAYOUT_TOO_MANY_DECIMALS',
  notPositive: 'PAYOUT_NOT_POSITIVE',
  tooLarge: 'PAYOUT_AMOUNT_TOO_LARGE',
  memoTooLong: 'PAYOUT_MEMO_TOO_LONG',
  referenceTooLong: 'PAYOUT_REFERENCE_TOO_LONG',
  duplicate: 'PAYOUT_DUPLICATE',
  paysItself: 'PAYOUT_PAYS_ITSELF',
} as const;
export type PayoutIssueCode = (typeof PAYOUT_ISSUE)[keyof typeof PAYOUT_ISSUE];

export interface PayoutIssue {
  /** 1-based line of the file (the header is line 1 unless blank lines come first). */
  readonly line: number;
  readonly code: PayoutIssueCode;
  /** The column at fault, when one is. */
  readonly column?: PayoutColumn;
  /** "Line 12: …", a sentence that says what to change. */
  readonly message: string;
}

/** What a row pays in: TRX, a TRC-10 token by id, or a TRC-20 token by contract. */
export type PayoutAsset =
  | { readonly type: 'trx'; readonly symbol: 'TRX'; readonly decimals: 6 }
  | { readonly type: 'trc10'; readonly tokenId: string; readonly symbol: string; readonly decimals: number }
  | { readonly type: 'trc20'; readonly contract: Base58Address; readonly symbol: string; readonly decimals: number };

/** The request each row becomes, as the transaction kinds' schemas output it (amounts as bigint). */
export type TrxPayoutRequest = z.output<typeof transferTrx.schema>;
export type Trc10PayoutRequest = z.output<typeof transferTrc10.schema>;
export type Trc20PayoutRequest = z.output<typeof trc20Transfer.schema>;
export type PayoutRequest = TrxPayoutRequest | Trc10PayoutRequest | Trc20PayoutRequest;

export interface PayoutRow {
  readonly line: number;
  readonly recipient: Base58Address;
  /** The address-book name the row used, when it named one. */
  readonly recipientName: string | null;
  readonly asset: PayoutAsset;
  /** In the asset's base units (sun for TRX). */
  readonly amount: bigint;
  /** The amount as the file wrote it. */
  readonly amountText: string;
  readonly memo: string;
  readonly reference: string;
  readonly request: PayoutRequest;
}

/** A file read in full: every row that is good, and every problem, each with its line. */
export interface PayoutFile {
  readonly rows: readonly PayoutRow[];
  readonly issues: readonly PayoutIssue[];
  /** Data rows in the file (the header excluded). */
  readonly total: number;
}

/** A stable key per asset, for totals and duplicates: `TRX`, `trc10:<id>`, `trc20:<T… contract>`. */
export function assetKey(asset: PayoutAsset): string {
  if (asset.type === 'trx') return 'TRX';
  return asset.type === 'trc10' ? `trc10:${asset.tokenId}` : `trc20:${asset.contract}`;
}
