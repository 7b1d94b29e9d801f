import { z } from 'zod';

/**
 * The treasury policy a desk checked this transaction against (src-core/policy), and the
 * account's outflows of the last 24 hours that desk read from its node, so an offline signer,
 * which has no node, counts the daily caps from them (marked as the proposer's).
 *
 * Deliberately outside the fingerprint, the txID and the summary, like `stated`: it is a desk's
 * report, not part of what is signed. Each desk that reads it runs its own check before it signs,
 * and two desks of one proposal may check against different versions, so co-signers comparing
 * fingerprints must not see a mismatch when only this report differs. Optional, so envelopes
 * written before it read as they did.
 */
export const POLICY_RECORD_LIMITS = { outflows: 2_000 } as const;

export const policyRecordSchema = z.strictObject({
  version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  outflows: z
    .array(
      z.strictObject({
        time: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
        asset: z.string().max(64),
        amount: z.string().regex(/^(0|[1-9]\d{0,77})$/, 'must be a whole number of base units'),
      }),
    )
    .max(POLICY_RECORD_LIMITS.outflows)
    .optional(),
});

export type EnvelopePolicyRecord = z.infer<typeof policyRecordSchema>;

/** Of several desks' records of one transaction, the one checked against the newest policy. */
export function newestPolicyRecord(
  records: readonly (EnvelopePolicyRecord | undefined)[],
): EnvelopePolicyRecord | undefined {
  let newest: EnvelopePolicyRecord | undefined;
  for (const record of records) if (record && (!newest || record.version > newest.version)) newest = record;
  return newest;
}
