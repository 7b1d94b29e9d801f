import { z } from 'zod';
import { EnvelopeError } from '../errors';
import { envelopeSchema } from './schema';
import { valuePath } from '../json/value-path';

/**
 * The shape of a version-1 envelope bundle (docs/envelope.md, "Bundles"): many transactions of one
 * account, signed together. Only the shape is checked here; every row's meaning is checked by
 * bundle.ts through the single envelope's checks.
 */
export const BUNDLE_FORMAT = 'tron-cosign-bundle';
export const BUNDLE_VERSION = 1;
/** A payout run of a few hundred rows fits many times over; more would hold main's thread too long. */
export const MAX_BUNDLE_ROWS = 2000;

const hexAddress = z.string().regex(/^41[0-9a-fA-F]{40}$/, 'must be a 41… hex address');

// The proposer's words for a row: shown as a label, so no control characters and no formula prefix.
const label = z
  .string()
  .min(1, 'must not be empty')
  .max(128, 'must be at most 128 characters')
  .refine((text) => !/\p{C}/u.test(text), 'must not hold control or formatting characters')
  .refine((text) => !/^[=+\-@]/.test(text), 'must not start with = + - or @');

/**
 * What the proposer says a row pays: never covered by the fingerprint, shown marked as stated, and
 * compared with what the row's transaction really pays.
 */
export const statedPaymentSchema = z.discriminatedUnion('asset', [
  z.strictObject({
    asset: z.literal('TRX'),
    recipient: hexAddress,
    amount: z.string().regex(/^\d{1,20}$/, 'must be a whole number of sun'),
    reference: label.optional(),
  }),
  z.strictObject({
    asset: z.literal('TRC10'),
    tokenId: z.string().regex(/^[1-9]\d{0,18}$/, 'must be a token id'),
    recipient: hexAddress,
    amount: z.string().regex(/^\d{1,20}$/, 'must be a whole number of base units'),
    reference: label.optional(),
  }),
  z.strictObject({
    asset: z.literal('TRC20'),
    contract: hexAddress,
    recipient: hexAddress,
    amount: z.string().regex(/^\d{1,78}$/, 'must be a whole number of base units'),
    reference: label.optional(),
  }),
]);

const envelopeShape = envelopeSchema.shape;

export const bundleRowSchema = z.strictObject({
  transaction: envelopeShape.transaction,
  abi: envelopeShape.abi,
  summary: envelopeShape.summary,
  stated: envelopeShape.stated,
  statedPayment: statedPaymentSchema.optional(),
});

export const bundleSchema = z.strictObject({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(BUNDLE_VERSION),
  network: envelopeShape.network,
  permission: envelopeShape.permission,
  accountPermissions: envelopeShape.accountPermissions,
  note: envelopeShape.note,
  createdAt: envelopeShape.createdAt,
  rows: z.array(bundleRowSchema).min(1, 'must hold at least one row').max(MAX_BUNDLE_ROWS),
});

/** Checks the shape and turns the first problem into an EnvelopeError naming the field (and row). */
export function checkBundleShape(value: unknown): z.infer<typeof bundleSchema> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new EnvelopeError('BUNDLE_NOT_OBJECT', 'An envelope bundle is a JSON object; this is something else.');
  const record = value as Record<string, unknown>;
  if (record.format !== BUNDLE_FORMAT)
    throw new EnvelopeError(
      'BUNDLE_WRONG_FORMAT',
      `This is not a TRON envelope bundle (its "format" is not "${BUNDLE_FORMAT}").`,
    );
  if (record.version !== BUNDLE_VERSION)
    throw new EnvelopeError(
      'BUNDLE_UNSUPPORTED_VERSION',
      `This bundle has version ${JSON.stringify(record.version)}; this wallet reads version ${BUNDLE_VERSION} ` +
        'only, so update it to open the file.',
    );
  if (Array.isArray(record.rows) && record.rows.length > MAX_BUNDLE_ROWS)
    throw new EnvelopeError(
      'BUNDLE_TOO_MANY_ROWS',
      `The bundle holds ${record.rows.length} rows; a bundle holds at most ${MAX_BUNDLE_ROWS}. Split the run.`,
      { count: record.rows.length, limit: MAX_BUNDLE_ROWS },
    );
  const result = bundleSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = valuePath(issue.path);
  const row = issue.path[0] === 'rows' && typeof issue.path[1] === 'number' ? issue.path[1] + 1 : undefined;
  if (issue.code === 'unrecognized_keys')
    throw new EnvelopeError(
      'BUNDLE_UNKNOWN_FIELD',
      `The bundle has fields this version does not define${path ? ` in ${path}` : ''} (${issue.keys.join(', ')}); ` +
        'it was written by a newer or different tool.',
      { path, ...(row !== undefined ? { row } : {}) },
    );
  throw new EnvelopeError(
    'BUNDLE_MALFORMED',
    `The bundle field ${path || '(top level)'} is invalid: ${issue.message.replace(/\.$/, '')}.`,
    { path, ...(row !== undefined ? { row } : {}) },
  );
}
