import { z } from 'zod';
import { EnvelopeError } from '../errors';
import { policyRecordSchema } from './policy-record';
import { statedSchema } from './stated';
import { valuePath } from '../json/value-path';

/**
 * The shape of a version-1 envelope (docs/envelope.md). Only the shape is checked here; the
 * meaning (hashes, signatures, summary) is checked by envelope.ts.
 */
export const ENVELOPE_FORMAT = 'tron-cosign-envelope';
export const ENVELOPE_VERSION = 1;

const hex = (bytes?: number) =>
  z
    .string()
    .regex(
      bytes === undefined ? /^(?:[0-9a-fA-F]{2})*$/ : new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`),
      bytes === undefined ? 'must be hex' : `must be ${bytes} bytes of hex`,
    );
const hexAddress = z.string().regex(/^41[0-9a-fA-F]{40}$/, 'must be a 41… hex address');
const decimal = z.string().regex(/^-?\d{1,20}$/, 'must be a whole number written in decimal');
const timestamp = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const permission = z.strictObject({
  id: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  type: z.enum(['Owner', 'Witness', 'Active']),
  name: z.string().max(256),
  threshold: decimal,
  operations: hex(32).optional(),
  keys: z.array(z.strictObject({ address: hexAddress, weight: decimal })).max(32),
});

export const envelopeSchema = z.strictObject({
  format: z.literal(ENVELOPE_FORMAT),
  version: z.literal(ENVELOPE_VERSION),
  network: z.strictObject({
    name: z.string().min(1).max(64),
    genesisBlockId: hex(32),
  }),
  transaction: z.strictObject({
    visible: z.boolean().optional(),
    txID: hex(32),
    raw_data: z.looseObject({ contract: z.array(z.unknown()).min(1).max(1) }),
    raw_data_hex: hex().min(2),
    signature: z.array(hex(65)).max(32).optional(),
    contract_address: hexAddress.optional(),
  }),
  permission: permission.optional(),
  accountPermissions: z
    .strictObject({
      address: hexAddress,
      owner: permission.optional(),
      witness: permission.optional(),
      actives: z.array(permission).max(8),
    })
    .optional(),
  abi: z.array(z.record(z.string(), z.unknown())).max(2048).optional(),
  summary: z.record(z.string(), z.unknown()),
  note: z.string().max(4000).optional(),
  stated: statedSchema.optional(),
  /** The desks' audit log (audit-field.ts); its own checks run in `carriedAudit`. */
  audit: z.unknown().optional(),
  policy: policyRecordSchema.optional(),
  createdAt: timestamp,
  expiresAt: timestamp,
});

const CODE_BY_FIELD: Record<string, string> = {
  format: 'ENVELOPE_WRONG_FORMAT',
  version: 'ENVELOPE_UNSUPPORTED_VERSION',
  network: 'ENVELOPE_BAD_NETWORK',
  transaction: 'ENVELOPE_BAD_TRANSACTION',
  permission: 'ENVELOPE_BAD_PERMISSION',
  accountPermissions: 'ENVELOPE_BAD_ACCOUNT_PERMISSIONS',
  abi: 'ENVELOPE_BAD_ABI',
  summary: 'ENVELOPE_BAD_SUMMARY',
  note: 'ENVELOPE_BAD_NOTE',
  stated: 'ENVELOPE_BAD_STATED',
  audit: 'ENVELOPE_BAD_AUDIT',
  policy: 'ENVELOPE_BAD_POLICY',
  createdAt: 'ENVELOPE_BAD_TIME',
  expiresAt: 'ENVELOPE_BAD_TIME',
};

/** Checks the shape and turns the first problem into an EnvelopeError naming the field. */
export function checkEnvelopeShape(value: unknown): z.infer<typeof envelopeSchema> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new EnvelopeError('ENVELOPE_NOT_OBJECT', 'A co-signing envelope is a JSON object; this is something else.');
  }
  const record = value as Record<string, unknown>;
  if (record.format !== ENVELOPE_FORMAT) {
    throw new EnvelopeError(
      'ENVELOPE_WRONG_FORMAT',
      `This is not a TRON co-signing envelope (its "format" is not "${ENVELOPE_FORMAT}").`,
    );
  }
  if (record.version !== ENVELOPE_VERSION) {
    throw new EnvelopeError(
      'ENVELOPE_UNSUPPORTED_VERSION',
      `This envelope has version ${JSON.stringify(record.version)}; this wallet reads version ` +
        `${ENVELOPE_VERSION} only, so update it to open the file.`,
      {
        version: String(record.version),
      },
    );
  }
  const result = envelopeSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length ? ` in ${valuePath(issue.path)}` : '';
    throw new EnvelopeError(
      'ENVELOPE_UNKNOWN_FIELD',
      `The envelope has fields this version does not define${where} (${issue.keys.join(', ')}); it was ` +
        'written by a newer or different tool.',
      {
        path: valuePath(issue.path),
        keys: issue.keys.join(','),
      },
    );
  }
  const field = String(issue.path[0] ?? '');
  const code =
    field === 'transaction' && issue.path[1] === 'signature'
      ? 'ENVELOPE_BAD_SIGNATURE'
      : (CODE_BY_FIELD[field] ?? 'ENVELOPE_MALFORMED');
  const path = valuePath(issue.path);
  throw new EnvelopeError(
    code,
    `The envelope field ${path || '(top level)'} is invalid: ${issue.message.replace(/\.$/, '')}.`,
    { path },
  );
}
