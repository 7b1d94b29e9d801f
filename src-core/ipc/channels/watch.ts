import { z } from 'zod';
import { defineChannels, defineEvents } from '../define';
import { AddressSchema, BlockIdSchema, BlockNumberSchema, TxIdSchema } from '../common';

/**
 * The watchtower: every vault account (and any address the person adds) is watched on the current
 * network, block by block; alerts arrive in an inbox as pending, then confirmed once their block
 * solidifies, or retracted if it is replaced. What each rule means: src-main/watchtower/README.md.
 */

export const WatchRuleIdSchema = z.enum([
  'permission-changed',
  'unexpected-signer',
  'outgoing-value',
  'staking-changed',
  'contract-settings',
  'balance-floor',
  'envelope-broadcast-elsewhere',
  'envelope-expired',
  'policy-breach',
]);

export const WatchAlertStatusSchema = z.enum(['pending', 'confirmed', 'retracted']);

export const WatchAlertSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  rule: WatchRuleIdSchema,
  /** The watched account, Base58. */
  account: z.string(),
  label: z.string(),
  txid: z.string().nullable(),
  title: z.string(),
  /** Rule-specific facts (amounts as decimal strings; addresses 41… hex). */
  details: z.record(z.string(), z.json()),
  status: WatchAlertStatusSchema,
  block: z.object({ number: BlockNumberSchema, id: BlockIdSchema, timestamp: z.number().int() }),
  raisedAt: z.number().int(),
  updatedAt: z.number().int(),
  readAt: z.number().int().nullable(),
});
export type WatchAlert = z.infer<typeof WatchAlertSchema>;

export const WatchInboxSchema = z.object({ items: z.array(WatchAlertSchema), unread: z.number().int() });
export type WatchInbox = z.infer<typeof WatchInboxSchema>;

const SunSchema = z.bigint({ error: 'must be a whole number of sun' }).nonnegative('must not be negative');

/** A permission holds at most 5 keys and an account at most 8 actives (java-tron TOTAL_SIGN_NUM). */
export const MAX_EXPECTED_SIGNERS = 50;

/** At most this many token thresholds per account (one per watched TRC20 token). */
export const MAX_TOKEN_THRESHOLDS = 50;

/**
 * A watched TRC20 token's reporting threshold: leaving the account above `above` (base units) is
 * reported. Main fills the symbol and decimals from the tokens the person watches, for the form;
 * on a save it reads only the contract and the amount.
 */
export const TokenThresholdSchema = z.strictObject({
  token: AddressSchema,
  symbol: z.string().max(64),
  decimals: z.number().int().min(0).max(255),
  above: z.bigint({ error: 'must be a whole number of base units' }).nonnegative('must not be negative'),
});
export type TokenThreshold = z.infer<typeof TokenThresholdSchema>;

/** The rules of one watched account: every switch on by default, thresholds editable. */
export const WatchRulesSchema = z.strictObject({
  permissionChanged: z.boolean(),
  unexpectedSigner: z.boolean(),
  /** Expect every key of the account's permissions on chain, followed as they change (default on). */
  signersFromChain: z.boolean(),
  /** Signers a person expects besides the chain's keys (or, with `signersFromChain` off, instead of them). */
  expectedSigners: z
    .array(AddressSchema, { error: 'must list addresses' })
    .max(MAX_EXPECTED_SIGNERS, `must list at most ${MAX_EXPECTED_SIGNERS} addresses`),
  outgoingValue: z.boolean(),
  /** TRX leaving above this many sun raises an alert (0: any). */
  outgoingTrxSun: SunSchema,
  /** Per watched token, the amount above which leaving is reported (0: any); none listed, any amount. */
  outgoingTokens: z
    .array(TokenThresholdSchema)
    .max(MAX_TOKEN_THRESHOLDS, `must list at most ${MAX_TOKEN_THRESHOLDS} tokens`)
    .default([]),
  stakingChanged: z.boolean(),
  contractSettings: z.boolean(),
  balanceFloor: z.boolean(),
  /** An alert when the TRX balance falls below this many sun; 0 (the default): no floor. */
  floorTrxSun: SunSchema,
});
export type WatchRules = z.infer<typeof WatchRulesSchema>;

export const WatchedAccountSchema = z.object({
  address: z.string(),
  label: z.string(),
  /** vault: watched because it is a vault account (cannot be removed here); added: by address. */
  origin: z.enum(['vault', 'added']),
  rules: WatchRulesSchema,
});
export type WatchedAccountView = z.infer<typeof WatchedAccountSchema>;

export const WatchGapSchema = z.object({
  from: BlockNumberSchema,
  to: BlockNumberSchema.nullable(),
  openedAt: z.number().int(),
  closedAt: z.number().int().nullable(),
  filledAt: z.number().int().nullable(),
});

export const WatchStatusSchema = z.object({
  /** starting: not placed yet · watching: at the head · catching-up · node-away: a gap is open · stopped. */
  state: z.enum(['starting', 'watching', 'catching-up', 'node-away', 'stopped']),
  cursor: BlockNumberSchema.nullable(),
  head: BlockNumberSchema.nullable(),
  /** "catching up: block 61,234,000 of 61,240,000" while catching up. */
  progress: z.string().nullable(),
  message: z.string().nullable(),
  gaps: z.array(WatchGapSchema),
  watching: z.number().int(),
});
export type WatchStatus = z.infer<typeof WatchStatusSchema>;

const LabelSchema = z.string({ error: 'must be text' }).trim().max(120, 'must be at most 120 characters');

export const watchChannels = defineChannels('watch', {
  inbox: {
    summary: 'Alerts of the current network, newest first, with the number not yet read.',
    input: z.undefined(),
    output: WatchInboxSchema,
  },
  markRead: {
    summary: 'Marks the named alerts read; answers the number still unread.',
    input: z.strictObject({
      ids: z
        .array(z.string({ error: 'must be an alert id' }).regex(/^[0-9a-f]{64}$/, 'must be an alert id'), {
          error: 'must list the alert ids to mark read',
        })
        .min(1, 'must name at least one alert')
        .max(1000, 'must name at most 1000 alerts'),
    }),
    output: z.object({ unread: z.number().int() }),
  },
  status: {
    summary: 'Where the watchtower is: the block it has scanned, the head, catch-up progress and watch gaps.',
    input: z.undefined(),
    output: WatchStatusSchema,
  },
  watched: {
    summary: 'Every watched account: the vault accounts and the added addresses, with their rules.',
    input: z.undefined(),
    output: z.array(WatchedAccountSchema),
  },
  add: {
    summary: 'Watches an address (or a contract) with the default rules.',
    input: z.strictObject({ address: AddressSchema, label: LabelSchema }),
    output: WatchedAccountSchema,
  },
  remove: {
    summary: 'Stops watching an added address (vault accounts are always watched).',
    input: z.strictObject({ address: AddressSchema }),
    output: z.object({ address: z.string() }),
  },
  setRules: {
    summary: "Changes the rules of one watched account; turning a rule off or down passes main's confirmation.",
    input: z.strictObject({ address: AddressSchema, rules: WatchRulesSchema }),
    output: WatchedAccountSchema,
  },
});

export const watchEvents = defineEvents('watch', {
  alert: {
    summary: 'An alert was raised, confirmed or retracted.',
    payload: z.object({
      change: z.enum(['raised', 'confirmed', 'retracted']),
      id: z.string(),
      txid: TxIdSchema.nullable(),
      unread: z.number().int(),
    }),
  },
  progress: {
    summary: 'The watchtower moved on (its status): a poll ended, catch-up progressed, a gap opened or closed.',
    payload: WatchStatusSchema,
  },
});
