import { z } from 'zod';
import { defineChannels, defineEvents } from '../define';
import { BlockNumberSchema, TxIdSchema } from '../common';
import { CsvExportSchema } from './address-book';

/**
 * The history of the current network for people and for accounting: every transaction this
 * wallet proposed, signed or broadcast, what became of it, the decoded summary and who signed,
 * exported as CSV (src-core/csv; formula cells guarded).
 */

/**
 * draft: built, not signed · proposed: handed off for co-signing from here · signed: signed here
 * (someone else's proposal, or ready to go) · broadcast: in the pool or a block · confirmed ·
 * failed · expired.
 */
export const HistoryStageSchema = z.enum([
  'draft',
  'proposed',
  'signed',
  'broadcast',
  'confirmed',
  'failed',
  'expired',
]);
export type HistoryStage = z.infer<typeof HistoryStageSchema>;

export const HistoryDirectionSchema = z.enum(['out', 'in', 'internal']);
export type HistoryDirection = z.infer<typeof HistoryDirectionSchema>;

/** One asset, one amount, one recipient: what an accountant books for the transaction. */
export const HistoryMoneySchema = z.object({
  /** `TRX`, a TRC10 token id, or a TRC20 contract (Base58). */
  asset: z.string(),
  symbol: z.string().nullable(),
  /** Decimal text in the asset's units; null when its decimals are unknown. */
  amount: z.string().nullable(),
  baseUnits: z.bigint(),
  decimals: z.number().int().nullable(),
  recipient: z.string(),
  recipientName: z.string().nullable(),
});
export type HistoryMoney = z.infer<typeof HistoryMoneySchema>;

export const HistoryRowSchema = z.object({
  txid: TxIdSchema,
  type: z.string(),
  stage: HistoryStageSchema,
  /** The decoded summary in one line (from the envelope when there is one). */
  headline: z.string(),
  owner: z.string().nullable(),
  ownerName: z.string().nullable(),
  permissionId: z.number().int().nullable(),
  /** Who signed, from the envelope or the transaction on chain. */
  signers: z.array(z.object({ address: z.string(), name: z.string().nullable() })),
  blockNumber: BlockNumberSchema.nullable(),
  feeSun: z.bigint().nullable(),
  message: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  expiresAt: z.number().int().nullable(),
  broadcastAt: z.number().int().nullable(),
  confirmedAt: z.number().int().nullable(),
  envelopeId: z.string().nullable(),
  /** `here`: this desk broadcast it; `elsewhere`: another desk did and this one saw it on chain. */
  broadcastBy: z.enum(['here', 'elsewhere']).nullable().optional(),
  /**
   * `out`: built or signed here; `in`: found on chain, paid to one of this wallet's accounts by
   * someone else; `internal`: from one of this wallet's accounts to another.
   */
  direction: HistoryDirectionSchema,
  /** The payment the transaction makes, when it makes one (see HistoryMoneySchema). */
  money: HistoryMoneySchema.nullable(),
});
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

/**
 * Columns of the CSV export, in order. Times are ISO 8601 in UTC. `fee_*` is the fee the chain
 * charged, so it is filled only for a transaction in a block (confirmed, or failed there);
 * `proposed_at` is empty for an incoming transfer, which was never proposed here; for a
 * transaction another desk broadcast, `broadcast_at` is the time of its block, the first moment
 * this desk can know of.
 */
export const HISTORY_CSV_COLUMNS = [
  'proposed_at',
  'broadcast_at',
  'confirmed_at',
  'expires_at',
  'stage',
  'direction',
  'type',
  'asset',
  'symbol',
  'amount',
  'amount_base_units',
  'recipient',
  'recipient_name',
  'owner',
  'owner_name',
  'permission_id',
  'signers',
  'fee_trx',
  'fee_sun',
  'block',
  'txid',
  'broadcast_by',
  'summary',
  'message',
] as const;

export const historyChannels = defineChannels('history', {
  list: {
    summary:
      'Proposed, signed, broadcast, confirmed, failed and expired transactions of the current network, newest first.',
    input: z
      .strictObject({
        limit: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be 1 to 5000')
          .max(5000, 'must be 1 to 5000')
          .optional(),
      })
      .optional(),
    output: z.array(HistoryRowSchema),
  },
  exportCsv: {
    summary: 'The history as CSV: decoded summary, signers, permission id, txid, block and fees.',
    input: z.undefined(),
    output: CsvExportSchema,
  },
  saveCsv: {
    summary: "Main's save dialog, then writes the history CSV; null when the person cancels.",
    input: z.undefined(),
    output: z.object({ path: z.string(), count: z.number().int() }).nullable(),
  },
});

export const historyEvents = defineEvents('history', {
  changed: {
    summary: "Payments to this wallet's accounts were found in new blocks and joined the history.",
    payload: z.object({ added: z.number().int().positive() }),
  },
});
