import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const CIPHER_NAME = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM output as stored in files: a random 96-bit nonce and ciphertext ‖ 16-byte tag, hex. */
export interface Sealed {
  readonly nonce: string;
  readonly ciphertext: string;
}

export function seal(key: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Sealed {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(CIPHER_NAME, key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { nonce: nonce.toString('hex'), ciphertext: body.toString('hex') };
}

/**
 * Returns the plaintext, or null when the key is wrong or any byte of the nonce, ciphertext, tag
 * or associated data was changed (GCM cannot tell those apart). The caller zeroes the result.
 */
export function open(key: Uint8Array, sealed: Sealed, aad: Uint8Array): Buffer | null {
  const nonce = Buffer.from(sealed.nonce, 'hex');
  const body = Buffer.from(sealed.ciphertext, 'hex');
  if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) return null;
  const decipher = createDecipheriv(CIPHER_NAME, key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  const first = decipher.update(body.subarray(0, body.length - TAG_BYTES));
  try {
    const last = decipher.final();
    const out = Buffer.alloc(first.length + last.length);
    first.copy(out);
    last.copy(out, first.length);
    return out;
  } catch {
    return null;
  } finally {
    first.fill(0);
  }
}
