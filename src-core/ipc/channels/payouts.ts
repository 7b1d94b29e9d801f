import { z } from 'zod';
import { defineChannels, defineEvents } from '../define';
import { AddressSchema } from '../common';
import { CheckViewSchema } from './cosign';
import { PAYOUT_ROW_STATUSES } from '../../payouts/row-status';

/**
 * Payout runs: a CSV of payments (src-core/payouts: the format, every bad row with its line) read
 * and planned on the current network's node for one paying account. Nothing here signs or sends;
 * the only node traffic is the reads and dry runs of the plan. Amounts are base units as bigint;
 * each row and total names its asset with symbol and decimals, so the page words them in units.
 */

/** Larger than the biggest file the reader accepts (5,000 rows with long memos stays well under it). */
export const PAYOUT_CSV_MAX_CHARS = 5_000_000;

export const PayoutIssueViewSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  column: z.string().optional(),
  /** "Line 12: …", a sentence that says what to change. */
  message: z.string(),
});
export type PayoutIssueView = z.infer<typeof PayoutIssueViewSchema>;

export const PayoutAssetViewSchema = z.object({
  type: z.enum(['trx', 'trc10', 'trc20']),
  symbol: z.string(),
  decimals: z.number().int().nonnegative(),
  tokenId: z.string().optional(),
  /** TRC-20 contract, T… form. */
  contract: z.string().optional(),
});
export type PayoutAssetView = z.infer<typeof PayoutAssetViewSchema>;

/** A good row of the file; the transaction request it becomes stays in main. */
export const PayoutRowViewSchema = z.object({
  line: z.number().int(),
  recipient: z.string(),
  recipientName: z.string().nullable(),
  asset: PayoutAssetViewSchema,
  amount: z.bigint(),
  amountText: z.string(),
  memo: z.string(),
  reference: z.string(),
});

export const PayoutFileViewSchema = z.object({
  rows: z.array(PayoutRowViewSchema).readonly(),
  issues: z.array(PayoutIssueViewSchema).readonly(),
  /** Data rows in the file (header excluded). */
  total: z.number().int().nonnegative(),
});
export type PayoutFileView = z.infer<typeof PayoutFileViewSchema>;

export const PlannedRowViewSchema = z.object({
  line: z.number().int(),
  recipient: z.string(),
  /** `TRX`, `trc10:<id>` or `trc20:<contract>`: the key of its asset in `totals`. */
  assetKey: z.string(),
  amount: z.bigint(),
  kind: z.string(),
  recipientNew: z.boolean(),
  activates: z.boolean(),
  bandwidthBytes: z.bigint(),
  energy: z.bigint().nullable(),
  feeLimitSun: z.bigint().nullable(),
  burnedSun: z.bigint(),
  options: z.object({ burnSun: z.bigint(), stakeSun: z.bigint(), coveredByAvailable: z.boolean() }).nullable(),
  status: z.enum(['ok', 'fails', 'unchecked']),
  reason: z.string().nullable(),
});
export type PlannedRowView = z.infer<typeof PlannedRowViewSchema>;

export const PlannedAssetViewSchema = z.object({
  key: z.string(),
  asset: PayoutAssetViewSchema,
  count: z.number().int(),
  total: z.bigint(),
  symbol: z.string(),
  newRecipients: z.number().int(),
  bandwidthBytes: z.bigint(),
  energy: z.bigint(),
  burnedSun: z.bigint(),
});
export type PlannedAssetView = z.infer<typeof PlannedAssetViewSchema>;

export const PlanCoverageViewSchema = z.object({
  assetKey: z.string(),
  symbol: z.string(),
  decimals: z.number().int().nonnegative(),
  needed: z.bigint(),
  available: z.bigint(),
  shortfall: z.bigint(),
});
export type PlanCoverageView = z.infer<typeof PlanCoverageViewSchema>;

export const ResourceOptionsViewSchema = z.object({
  energy: z.bigint(),
  burn: z.object({ sun: z.bigint() }),
  stake: z.object({
    sun: z.bigint(),
    unlockDays: z.number().int().nonnegative(),
    /** ms since epoch, chain time. */
    unlocksAt: z.number().int(),
  }),
  delegated: z.object({ available: z.bigint(), delegatedEnergy: z.bigint(), burnSun: z.bigint() }),
});
export type ResourceOptionsView = z.infer<typeof ResourceOptionsViewSchema>;

export const PayoutPlanViewSchema = z.object({
  owner: z.string(),
  headBlock: z.number().int(),
  headTime: z.number().int(),
  signing: z
    .array(
      z.object({
        contractType: z.string(),
        permissionId: z.number().int(),
        expectedSignatures: z.number().int(),
      }),
    )
    .readonly(),
  totals: z.array(PlannedAssetViewSchema).readonly(),
  newRecipients: z.array(z.string()).readonly(),
  activationSun: z.bigint(),
  bandwidthBytes: z.bigint(),
  energy: z.bigint(),
  burnedSun: z.bigint(),
  resourceOptions: ResourceOptionsViewSchema,
  coverage: z.array(PlanCoverageViewSchema).readonly(),
  covered: z.boolean(),
  dryRun: z.object({ method: z.enum(['node', 'checks']), feeSun: z.bigint().nullable() }),
  rows: z.array(PlannedRowViewSchema).readonly(),
  failing: z.array(z.object({ line: z.number().int(), reason: z.string() })).readonly(),
});
export type PayoutPlanView = z.infer<typeof PayoutPlanViewSchema>;

export const PayoutPlanResultSchema = z.object({
  file: PayoutFileViewSchema,
  /** Null when the file has a bad row: nothing is asked of the node for a bad file. */
  plan: PayoutPlanViewSchema.nullable(),
});
export type PayoutPlanResult = z.infer<typeof PayoutPlanResultSchema>;

/** The page's own name for one planning run, so it can tell its progress from an earlier run's. */
export const PayoutRunIdSchema = z
  .string({ error: 'must be text' })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -');

export const PayoutProgressSchema = z.object({
  runId: z.string().nullable(),
  phase: z.enum(['read', 'recipients', 'energy', 'dry-run']),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type PayoutProgress = z.infer<typeof PayoutProgressSchema>;

/** A bundle's text: 2,000 rows with an ABI each stays under it (src-core/envelope/bundle.ts). */
export const PAYOUT_BUNDLE_MAX_CHARS = 40_000_000;

/** A bundle or run id: the bundle fingerprint's full sha256. */
export const PayoutBundleIdSchema = z
  .string({ error: 'must be text' })
  .regex(/^[0-9a-f]{64}$/, 'must be a bundle id (64 hex characters)');

/**
 * A Ledger signing a bundle's rows one by one after the one confirmation: how many of the rows it
 * will sign are signed so far. A vault key signs every row at once and sends none.
 */
export const PayoutSigningProgressSchema = z.object({
  /** The bundle's id (its fingerprint digest), as the page names it. */
  id: PayoutBundleIdSchema,
  signed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type PayoutSigningProgress = z.infer<typeof PayoutSigningProgressSchema>;

const AccountIdSchema = z.string({ error: 'must be text' }).min(1, 'must not be empty').max(100, 'is too long');

/** What a proposer or co-signer hands on: the signed (or unsigned) bundle as text and a file name. */
export const PayoutHandoffSchema = z.object({
  id: z.string(),
  fingerprint: z.object({ words: z.array(z.string()).readonly(), text: z.string(), hex: z.string() }),
  rows: z.number().int(),
  /** Rows at their threshold. */
  ready: z.number().int(),
  /** Rows this key signed in this call. */
  signed: z.number().int(),
  /** A Ledger that stopped part way: the row (0-based) and why; the rows before it keep their signatures. */
  stopped: z.object({ row: z.number().int(), code: z.string(), message: z.string() }).nullable(),
  text: z.string(),
  fileName: z.string(),
});
export type PayoutHandoff = z.infer<typeof PayoutHandoffSchema>;

const PaymentViewSchema = z.object({
  /** `TRX`, `TRC10:<id>` or `TRC20:<41… contract>`. */
  asset: z.string(),
  /** T… form. */
  recipient: z.string(),
  amount: z.bigint(),
});

export const PayoutBundleViewSchema = z.object({
  id: z.string(),
  fingerprint: z.object({ words: z.array(z.string()).readonly(), text: z.string(), hex: z.string() }),
  owner: z.string(),
  count: z.number().int(),
  ready: z.number().int(),
  totals: z.array(z.object({ asset: z.string(), amount: z.bigint(), rows: z.number().int() })).readonly(),
  largest: z.array(z.object({ row: z.number().int(), payment: PaymentViewSchema })).readonly(),
  newRecipients: z.array(z.object({ row: z.number().int(), recipient: z.string() })).readonly(),
  differences: z
    .array(z.object({ row: z.number().int(), stated: PaymentViewSchema, actual: PaymentViewSchema.nullable() }))
    .readonly(),
  notPayments: z.array(z.number().int()).readonly(),
  rows: z
    .array(
      z.object({
        row: z.number().int(),
        txid: z.string(),
        outcome: CheckViewSchema.shape.outcome,
        checks: z.array(CheckViewSchema).readonly(),
      }),
    )
    .readonly(),
  /** Rows whose checks failed: this desk refuses to sign them. */
  failed: z.array(z.number().int()).readonly(),
});
export type PayoutBundleView = z.infer<typeof PayoutBundleViewSchema>;

export const PayoutRunRowSchema = z.object({
  row: z.number().int(),
  txid: z.string(),
  status: z.enum(PAYOUT_ROW_STATUSES),
  attempts: z.number().int(),
  broadcastAt: z.number().int().nullable(),
  confirmedAt: z.number().int().nullable(),
  blockNumber: z.number().int().nullable(),
  feeSun: z.bigint().nullable(),
  nodeCode: z.string().nullable(),
  reason: z.string().nullable(),
});

export const PayoutRunViewSchema = z.object({
  id: z.string(),
  owner: z.string(),
  proposedAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  /** Rows per status. */
  counts: z.record(z.string(), z.number().int()),
  rows: z.array(PayoutRunRowSchema).readonly(),
});
export type PayoutRunView = z.infer<typeof PayoutRunViewSchema>;

const idInput = z.strictObject({ id: PayoutBundleIdSchema });

export const payoutsChannels = defineChannels('payouts', {
  plan: {
    summary:
      'Reads a payout CSV for the paying account and, when no row is bad, plans it on the node (progress as ' +
      '`payouts:progress`); every bad row with its line otherwise.',
    input: z.strictObject({
      owner: AddressSchema,
      csv: z.string({ error: 'must be text' }).max(PAYOUT_CSV_MAX_CHARS, 'is larger than 5 MB'),
      runId: PayoutRunIdSchema.optional(),
    }),
    output: PayoutPlanResultSchema,
  },
  openFile: {
    summary: "Main's open dialog for a payout CSV; its text, or null when the person cancels.",
    input: z.undefined({ error: 'takes no argument' }),
    output: z.object({ csv: z.string(), name: z.string() }).nullable(),
  },
  propose: {
    summary:
      'Reads and plans the CSV again in main (the page’s plan is never trusted), refuses a file with a bad or ' +
      'failing row, builds one bundle of every row inside the 24 h limit and signs it with the chosen vault ' +
      'key after one confirmation on main’s window; the bundle text for hand-off.',
    input: z.strictObject({
      owner: AddressSchema,
      csv: z.string({ error: 'must be text' }).max(PAYOUT_CSV_MAX_CHARS, 'is larger than 5 MB'),
      accountId: AccountIdSchema,
    }),
    output: PayoutHandoffSchema,
  },
  importBundle: {
    summary:
      'A co-signer’s desk reads a bundle’s text: every row verified, then the totals, largest rows, new ' +
      'recipients, rows that differ from the stated payments and every row’s checks.',
    input: z.strictObject({
      text: z.string({ error: 'must be text' }).max(PAYOUT_BUNDLE_MAX_CHARS, 'is larger than 40 MB'),
    }),
    output: PayoutBundleViewSchema,
  },
  signBundle: {
    summary: 'Adds one vault key’s signatures to every row of an imported or proposed bundle after one confirmation.',
    input: z.strictObject({ id: PayoutBundleIdSchema, accountId: AccountIdSchema }),
    output: PayoutHandoffSchema,
  },
  startRun: {
    summary: 'Starts (or continues) the paced broadcast of a bundle’s rows at their threshold; each row is sent once.',
    input: idInput,
    output: PayoutRunViewSchema,
  },
  runs: {
    summary: 'Every payout run of this network, each row’s status.',
    input: z.undefined({ error: 'takes no argument' }),
    output: z.array(PayoutRunViewSchema).readonly(),
  },
  run: {
    summary: 'One run, each row’s status, block, fee and reason.',
    input: idInput,
    output: PayoutRunViewSchema,
  },
  repropose: {
    summary: 'The chosen rows of a run (failed, expired or never signed) as a new unsigned bundle.',
    input: z.strictObject({
      id: PayoutBundleIdSchema,
      rows: z
        .array(z.number({ error: 'must be row numbers' }).int().nonnegative().max(100_000))
        .min(1, 'choose at least one row')
        .max(5_000, 'has too many rows'),
    }),
    output: PayoutHandoffSchema,
  },
  report: {
    summary: 'A run’s report CSV (status, txid, block, fee and times per row; totals that reconcile).',
    input: idInput,
    output: z.object({ csv: z.string(), fileName: z.string() }),
  },
  saveReport: {
    summary: 'A run’s report CSV written where the person chooses in main’s save dialog; the path, or null.',
    input: idInput,
    output: z.object({ path: z.string() }).nullable(),
  },
});

export const payoutsEvents = defineEvents('payouts', {
  progress: {
    summary: 'How far a payout plan got: the file read, recipients looked up, energy measured, rows dry-run.',
    payload: PayoutProgressSchema,
  },
  signing: {
    summary: "How many rows of a bundle a Ledger has signed so far, one by one after main's one confirmation.",
    payload: PayoutSigningProgressSchema,
  },
});
