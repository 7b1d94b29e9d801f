import { z } from 'zod';

/** An address in the chain's own hex form (`41…`, lowercase), so equal addresses are equal text. */
export const auditAddressSchema = z.string().regex(/^41[0-9a-f]{40}$/, 'must be a 41… hex address in lowercase');
/** A SHA-256 digest or txID: 64 lowercase hex digits. */
export const digestSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits');
/** A desk's stable id (the install's id); it orders chains, so it is plain printable ASCII. */
export const deskIdSchema = z.string().regex(/^[\x21-\x7e]{1,64}$/, 'must be 1 to 64 printable ASCII characters');
/** Milliseconds since 1970 (UTC), passed in by the caller: nothing here reads the clock. */
const timeSchema = z.number().int().nonnegative();
/** An int64 amount; canonical JSON prints it bare, and the lossless reader gives a number or a bigint. */
const amountSchema = z.union([z.bigint(), z.number().int()]).transform((value) => BigInt(value));
const textSchema = z.string().max(4096);

export const KEY_KINDS = ['vault', 'ledger', 'offline'] as const;
export const VERDICTS = ['pass', 'block', 'override'] as const;

const balanceChangeSchema = z.strictObject({
  address: auditAddressSchema,
  /** `TRX`, a TRC-10 token id or a TRC-20 contract's hex address. */
  asset: z.string().min(1).max(64),
  delta: amountSchema,
});

export const proposalBodySchema = z.strictObject({
  kind: z.literal('proposal'),
  proposer: auditAddressSchema,
  appVersion: z.string().min(1).max(64),
  summary: textSchema.optional(),
});

export const checksBodySchema = z.strictObject({
  kind: z.literal('checks'),
  checks: z.array(z.strictObject({ name: z.string().min(1).max(128), ok: z.boolean(), detail: textSchema.optional() })),
  simulation: z.strictObject({
    ok: z.boolean(),
    result: textSchema,
    energyUsed: amountSchema.optional(),
    balanceChanges: z.array(balanceChangeSchema),
  }),
});

export const verdictBodySchema = z.strictObject({
  kind: z.literal('verdict'),
  policyVersion: z.number().int().nonnegative(),
  /** The policy file's digest, when the desk holds one. */
  policyHash: digestSchema.optional(),
  verdict: z.enum(VERDICTS),
  rules: z.array(z.strictObject({ rule: z.string().min(1).max(128), message: textSchema })),
});

export const consentBodySchema = z.strictObject({
  kind: z.literal('consent'),
  signer: auditAddressSchema,
  keyKind: z.enum(KEY_KINDS),
  /** SHA-256 of what the consent window showed, so the words a person approved can be matched later. */
  shownHash: digestSchema,
});

export const signatureBodySchema = z.strictObject({
  kind: z.literal('signature'),
  signer: auditAddressSchema,
  /** r‖s‖v over the entry's txId, 65 bytes as hex. */
  signature: z.string().regex(/^[0-9a-f]{130}$/, 'must be 65 bytes as lowercase hex'),
});

export const broadcastBodySchema = z.strictObject({
  kind: z.literal('broadcast'),
  node: z.string().min(1).max(512),
});

export const confirmationBodySchema = z.strictObject({
  kind: z.literal('confirmation'),
  block: amountSchema,
  fee: amountSchema,
  balanceChanges: z.array(balanceChangeSchema),
});

export const auditBodySchema = z.discriminatedUnion('kind', [
  proposalBodySchema,
  checksBodySchema,
  verdictBodySchema,
  consentBodySchema,
  signatureBodySchema,
  broadcastBodySchema,
  confirmationBodySchema,
]);
export type AuditBody = z.output<typeof auditBodySchema>;
export type AuditBodyInput = z.input<typeof auditBodySchema>;
export type AuditKind = AuditBody['kind'];

/** Kinds that only make sense about one transaction, so they must name its txID. */
export const KINDS_WITH_TXID: readonly AuditKind[] = ['consent', 'signature', 'broadcast', 'confirmation'];

/** Everything an entry's hash covers. */
export const auditEntryContentSchema = z.strictObject({
  v: z.literal(1),
  account: auditAddressSchema,
  desk: deskIdSchema,
  /** Place in this desk's chain for this account, from 0. */
  seq: z.number().int().nonnegative(),
  /** The hash of the entry at `seq - 1` in the same chain; `null` only at `seq` 0. */
  prev: digestSchema.nullable(),
  at: timeSchema,
  txId: digestSchema.optional(),
  /** The co-signing bundle's id when the transaction was one row of a payout run. */
  bundleId: z.string().min(1).max(128).optional(),
  body: auditBodySchema,
});
export type AuditEntryContent = z.output<typeof auditEntryContentSchema>;

export const auditEntrySchema = auditEntryContentSchema.extend({ hash: digestSchema });
export type AuditEntry = z.output<typeof auditEntrySchema>;
