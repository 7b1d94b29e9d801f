import { z } from 'zod';
import { VaultError } from '../../src-core/errors';
import { CIPHER_NAME, open, seal } from './aead';
import { assertScryptParams, type KdfRecord } from './kdf';
import { parseVaultJson } from './atomic-file';

/**
 * Keystore file, format "tron-wallet-keystore" version 1 (one file per secret):
 *
 *   { format, version: 1, id, kind: "privateKey" | "mnemonic",
 *     kdf:    { name: "scrypt", N, r, p, dkLen: 32, salt: hex(32 bytes) },
 *     cipher: { name: "aes-256-gcm", nonce: hex(12 bytes) },
 *     ciphertext: hex(payload ‖ 16-byte GCM tag) }
 *
 * The AEAD key is scrypt(password, salt). Every header field is bound as associated data, so a
 * file whose id, kind or KDF parameters were edited fails to decrypt instead of being misread.
 * The payload layout per kind is in `encodePayload`.
 */
export const KEYSTORE_FORMAT = 'tron-wallet-keystore';
export const KEYSTORE_VERSION = 1;

export const SecretKind = { privateKey: 'privateKey', mnemonic: 'mnemonic' } as const;
export type SecretKind = (typeof SecretKind)[keyof typeof SecretKind];

const hex = (bytes?: number) =>
  z.string().regex(bytes === undefined ? /^(?:[0-9a-f]{2})+$/ : new RegExp(`^[0-9a-f]{${bytes * 2}}$`));

export const kdfSchema = z.object({
  name: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  dkLen: z.literal(32),
  salt: z.string().regex(/^(?:[0-9a-f]{2}){16,64}$/),
});

export const secretIdSchema = z.string().regex(/^sec_[0-9a-f]{16}$/);

const keystoreSchema = z.strictObject({
  format: z.literal(KEYSTORE_FORMAT),
  version: z.literal(KEYSTORE_VERSION),
  id: secretIdSchema,
  kind: z.enum([SecretKind.privateKey, SecretKind.mnemonic]),
  kdf: kdfSchema,
  cipher: z.strictObject({ name: z.literal(CIPHER_NAME), nonce: hex(12) }),
  ciphertext: hex(),
});

export type KeystoreFile = z.infer<typeof keystoreSchema>;

function associatedData(file: Pick<KeystoreFile, 'format' | 'version' | 'id' | 'kind' | 'kdf' | 'cipher'>): Uint8Array {
  const { kdf } = file;
  return Buffer.from(
    JSON.stringify([
      file.format,
      file.version,
      file.id,
      file.kind,
      kdf.name,
      kdf.N,
      kdf.r,
      kdf.p,
      kdf.dkLen,
      kdf.salt,
      file.cipher.name,
    ]),
    'utf8',
  );
}

export function encryptKeystore(
  id: string,
  kind: SecretKind,
  payload: Uint8Array,
  kek: Uint8Array,
  kdf: KdfRecord,
): KeystoreFile {
  const header = {
    format: KEYSTORE_FORMAT,
    version: KEYSTORE_VERSION,
    id,
    kind,
    kdf: { ...kdf },
    cipher: { name: CIPHER_NAME, nonce: '' },
  } as const;
  const sealed = seal(kek, payload, associatedData(header));
  return { ...header, cipher: { name: CIPHER_NAME, nonce: sealed.nonce }, ciphertext: sealed.ciphertext };
}

export function serializeKeystore(file: KeystoreFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Parses and checks a keystore's structure; `fileName` goes into every error. */
export function parseKeystore(text: string, fileName: string): KeystoreFile {
  const data = parseVaultJson(text, fileName, 'keystore file');
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > KEYSTORE_VERSION) {
    throw new VaultError(
      'VAULT_UNSUPPORTED_VERSION',
      `The keystore file ${fileName} has format version ${version}; this app reads version ` +
        `${KEYSTORE_VERSION}. Update the app.`,
      { file: fileName, version },
    );
  }
  const parsed = keystoreSchema.safeParse(data);
  if (!parsed.success) {
    throw new VaultError(
      'VAULT_FILE_CORRUPT',
      `The keystore file ${fileName} is damaged (${describeIssue(parsed.error)}). It was left as is; restore ` +
        'it from a backup.',
      {
        file: fileName,
      },
    );
  }
  assertScryptParams(parsed.data.kdf, fileName);
  return parsed.data;
}

/**
 * Decrypts with a key that already passed the vault's password check, so a failure here means
 * this file was altered, not that the password is wrong. The caller zeroes the returned buffer.
 */
export function decryptKeystore(file: KeystoreFile, kek: Uint8Array, fileName: string): Buffer {
  const plain = open(kek, { nonce: file.cipher.nonce, ciphertext: file.ciphertext }, associatedData(file));
  if (!plain) {
    throw new VaultError(
      'VAULT_KEYSTORE_TAMPERED',
      `The keystore file ${fileName} does not decrypt with the vault password: it was modified or belongs to ` +
        'another vault. It was left as is.',
      { file: fileName },
    );
  }
  return plain;
}

export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected content';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'top level';
  return `${where}: ${issue.message}`;
}

/** What a keystore holds once decrypted. Byte arrays so they can be zeroed after use. */
export type SecretPayload =
  { kind: 'privateKey'; privateKey: Uint8Array } | { kind: 'mnemonic'; entropy: Uint8Array; passphrase: string };

/**
 * privateKey: the 32 key bytes.
 * mnemonic: 1 byte entropy length (16–32) ‖ BIP39 entropy ‖ UTF-8 passphrase (may be empty).
 * The entropy, not the words, is stored: the phrase is rebuilt from the English word list.
 */
export function encodePayload(payload: SecretPayload): Uint8Array {
  if (payload.kind === 'privateKey') return Uint8Array.from(payload.privateKey);
  const passphrase = Buffer.from(payload.passphrase, 'utf8');
  const out = new Uint8Array(1 + payload.entropy.length + passphrase.length);
  out[0] = payload.entropy.length;
  out.set(payload.entropy, 1);
  out.set(passphrase, 1 + payload.entropy.length);
  passphrase.fill(0);
  return out;
}

export function decodePayload(kind: SecretKind, bytes: Uint8Array, fileName: string): SecretPayload {
  const damaged = () =>
    new VaultError(
      'VAULT_FILE_CORRUPT',
      `The keystore file ${fileName} decrypted to content of the wrong shape. It was left as is.`,
      { file: fileName },
    );
  if (kind === 'privateKey') {
    if (bytes.length !== 32) throw damaged();
    // Copies into plain Uint8Arrays: Buffer#slice would return views that zeroing `bytes` clears.
    return { kind, privateKey: new Uint8Array(bytes) };
  }
  const length = bytes[0] ?? 0;
  if (length < 16 || length > 32 || length % 4 !== 0 || bytes.length < 1 + length) throw damaged();
  return {
    kind,
    entropy: new Uint8Array(bytes.subarray(1, 1 + length)),
    passphrase: Buffer.from(bytes.subarray(1 + length)).toString('utf8'),
  };
}

export function zeroPayload(payload: SecretPayload): void {
  if (payload.kind === 'privateKey') payload.privateKey.fill(0);
  else payload.entropy.fill(0);
}
