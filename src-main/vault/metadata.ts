import { z } from 'zod';
import { VaultError } from '../../src-core/errors';
import { ACCOUNT_LABEL_MAX, SigningPolicySchema } from '../../src-core/ipc/channels/vault';
import { parseVaultJson, readTextIfExists, writeFileAtomic } from './atomic-file';
import { describeIssue, kdfSchema, secretIdSchema } from './keystore';
import { metadataMacSchema } from './metadata-mac';

/**
 * vault.json, format "tron-wallet-vault" version 1: everything about the vault that is not a
 * secret. Rewriting it (atomically) is the commit point of every change: keystore files are
 * written first and only count once vault.json names them.
 */
export const METADATA_FORMAT = 'tron-wallet-vault';
export const METADATA_VERSION = 1;
export const METADATA_FILE = 'vault.json';

const sealedSchema = z.strictObject({
  nonce: z.string().regex(/^[0-9a-f]{24}$/),
  ciphertext: z.string().regex(/^(?:[0-9a-f]{2})+$/),
});

export const accountIdSchema = z.string().regex(/^acc_[0-9a-f]{16}$/);
const hexAddressSchema = z.string().regex(/^41[0-9a-f]{40}$/);
export const LABEL_MAX = ACCOUNT_LABEL_MAX;
const labelSchema = z.string().max(LABEL_MAX);
const timeSchema = z.number().int().nonnegative();

/**
 * A key this wallet can get a signature from without holding it: an account of a Ledger (the
 * path it signs at and the path scheme it was listed under), or a key on an offline machine
 * whose signature arrives in an envelope.
 */
const custodySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('ledger'),
    path: z.string().regex(/^44'\/195'\/\d+'\/\d+\/\d+$/),
    scheme: z.enum(['ledger-live', 'legacy']),
    /** The device model the address was read from (hw-transport's product name), when it said. */
    model: z.string().max(100).optional(),
  }),
  z.strictObject({ kind: z.literal('offline') }),
]);
export type StoredCustody = z.infer<typeof custodySchema>;

const accountSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('mnemonic'),
    id: accountIdSchema,
    address: hexAddressSchema,
    label: labelSchema,
    createdAt: timeSchema,
    secretId: secretIdSchema,
    index: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
    /**
     * The vault made this phrase and the person has not yet typed words of it back: it may never
     * have been written down. Absent means checked, which is what accounts in older files count as.
     */
    phraseUnchecked: z.literal(true).optional(),
  }),
  z.strictObject({
    kind: z.literal('privateKey'),
    id: accountIdSchema,
    address: hexAddressSchema,
    label: labelSchema,
    createdAt: timeSchema,
    secretId: secretIdSchema,
  }),
  z.strictObject({
    kind: z.literal('watch'),
    id: accountIdSchema,
    address: hexAddressSchema,
    label: labelSchema,
    createdAt: timeSchema,
    /** Where the key of a watched address lives; absent in older files and for plain watching. */
    custody: custodySchema.optional(),
  }),
]);

const metadataSchema = z.strictObject({
  format: z.literal(METADATA_FORMAT),
  version: z.literal(METADATA_VERSION),
  vaultId: z.string().regex(/^vlt_[0-9a-f]{16}$/),
  /** Keystores live in keystores/<generation>/; a password change writes the next generation. */
  generation: z.number().int().nonnegative(),
  /** null until a password is set. `check` is a fixed text sealed with the password's key. */
  password: z.strictObject({ kdf: kdfSchema, check: sealedSchema }).nullable(),
  /** "Remember on this device": the password key sealed with a wrapping key kept in the keychain. */
  device: z.strictObject({ keychainAccount: z.string().min(1).max(128), wrappedKey: sealedSchema }).nullable(),
  accounts: z.array(accountSchema),
  lockout: z.strictObject({ failedAttempts: z.number().int().nonnegative(), lastAttemptAt: timeSchema.nullable() }),
  settings: z.strictObject({
    autoLockMs: z.number().int().nonnegative(),
    /** Absent in files written before the policy existed: the default policy applies. */
    signingPolicy: SigningPolicySchema.optional(),
  }),
  /** Tags keyed from the password (metadata-mac.ts); absent in files written before it existed. */
  mac: metadataMacSchema.optional(),
});

export type VaultMetadata = z.infer<typeof metadataSchema>;
export type StoredAccount = z.infer<typeof accountSchema>;

export async function readMetadata(file: string): Promise<VaultMetadata | null> {
  const text = await readTextIfExists(file);
  if (text === null) return null;
  const data = parseVaultJson(text, file, 'vault metadata file');
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > METADATA_VERSION) {
    throw new VaultError(
      'VAULT_UNSUPPORTED_VERSION',
      `The vault metadata file ${file} has format version ${version}; this app reads version ` +
        `${METADATA_VERSION}. Update the app.`,
      { file, version },
    );
  }
  const parsed = metadataSchema.safeParse(data);
  if (!parsed.success) {
    throw new VaultError(
      'VAULT_FILE_CORRUPT',
      `The vault metadata file ${file} is damaged (${describeIssue(parsed.error)}). It was left as is; ` +
        'restore it from a backup.',
      {
        file,
      },
    );
  }
  return parsed.data;
}

export async function writeMetadata(file: string, metadata: VaultMetadata): Promise<void> {
  // Validate before writing: a bug must never persist a file the next start would refuse.
  const checked = metadataSchema.parse(metadata);
  await writeFileAtomic(file, `${JSON.stringify(checked, null, 2)}\n`);
}
