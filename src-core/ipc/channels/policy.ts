import { z } from 'zod';
import { AddressSchema, TxIdSchema } from '../common';
import { defineChannels } from '../define';

/**
 * The treasury policy (src-core/policy) as the pages see it: what each account adopted and whether
 * the chain's owner keys signed it, the verdict before anyone signs, adoption and the owner's
 * override. Adoption opens main's own file dialog and asks main's window; no path comes from the page.
 */

const AccountIdSchema = z.string({ error: 'must be text' }).regex(/^acc_[0-9a-f]{16}$/, 'must be an account id');

export const PolicySignatureViewSchema = z.object({
  /** verified, unsigned, changed or insufficient-weight (src-core/policy/signing.ts). */
  status: z.enum(['verified', 'unsigned', 'changed', 'insufficient-weight']),
  message: z.string(),
  weight: z.bigint(),
  threshold: z.bigint(),
});
export type PolicySignatureView = z.infer<typeof PolicySignatureViewSchema>;

export const PolicyStatusViewSchema = z.object({
  account: z.string(),
  adopted: z
    .object({
      version: z.number().int(),
      fileName: z.string(),
      adoptedAt: z.number(),
      digest: z.string(),
      /** Adopted on the offline signer for whichever chain its envelopes name. */
      anyChain: z.boolean(),
      /** Checked against the owner permission on chain now; null where no node answers (offline). */
      signature: PolicySignatureViewSchema.nullable(),
      /** Each permission's rules in a sentence. */
      rules: z.array(z.string()),
    })
    .nullable(),
});
export type PolicyStatusView = z.infer<typeof PolicyStatusViewSchema>;

export const PolicyBreachViewSchema = z.object({ code: z.string(), message: z.string() });
export type PolicyBreachView = z.infer<typeof PolicyBreachViewSchema>;

export const PolicyVerdictViewSchema = z.object({
  account: z.string(),
  /** null: the account adopted no policy, so none applies. */
  policyVersion: z.number().int().nullable(),
  /** One per transaction or payment asked about, in order. */
  verdicts: z.array(
    z.object({
      pass: z.boolean(),
      breaches: z.array(PolicyBreachViewSchema),
      /** Set when the owner overrode this transaction's breaches: who (Base58) and when. */
      overriddenBy: z.string().nullable(),
    }),
  ),
  /** Where the 24-hour outflows came from, in a sentence. */
  historyNote: z.string(),
});
export type PolicyVerdictView = z.infer<typeof PolicyVerdictViewSchema>;

export const PolicyPaymentSchema = z.strictObject({
  /** `TRX`, `TRC10:<id>` or `TRC20:<T…>`. */
  asset: z
    .string()
    .max(64)
    .regex(/^(TRX|TRC10:\d{1,19}|TRC20:T[1-9A-HJ-NP-Za-km-z]{33})$/, 'must be TRX, TRC10:<id> or TRC20:<T… address>'),
  amount: z
    .bigint()
    .nonnegative()
    .max(2n ** 256n - 1n),
  recipient: AddressSchema,
});

export const policyChannels = defineChannels('policy', {
  status: {
    summary: 'The policy the account adopted on this chain and whether its owner keys signed it.',
    input: z.strictObject({ account: AddressSchema }),
    output: PolicyStatusViewSchema,
  },
  adopt: {
    summary:
      'Opens main’s file dialog, checks the signed policy against the owner permission on chain and, once ' +
      'approved on main’s window, adopts it; null when the dialog was cancelled.',
    input: z.undefined(),
    output: PolicyStatusViewSchema.nullable(),
  },
  verdict: {
    summary:
      'The policy verdict before anyone signs: for a prepared transaction (txid), or for payments an account ' +
      'would make one after another (a payout plan).',
    input: z.union([
      z.strictObject({ txid: TxIdSchema }),
      z.strictObject({
        owner: AddressSchema,
        permissionId: z.number().int().min(0).max(255),
        payments: z.array(PolicyPaymentSchema).min(1).max(1000),
      }),
    ]),
    output: PolicyVerdictViewSchema,
  },
  override: {
    summary:
      'The owner overrides a blocked transaction’s breaches with a vault key of the owner permission, on ' +
      'main’s window with the typed word and the password; the override is recorded.',
    input: z.strictObject({ txid: TxIdSchema, accountId: AccountIdSchema }),
    output: z.object({ txid: z.string(), by: z.string(), at: z.number() }),
  },
});
