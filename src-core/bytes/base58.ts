import { base58, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { EncodingError } from '../errors';

const base58check = createBase58check(sha256);

/** Base58Check as used by TRON: payload ‖ first 4 bytes of sha256(sha256(payload)). */
export function encodeBase58Check(payload: Uint8Array): string {
  return base58check.encode(payload);
}

export function decodeBase58Check(text: string): Uint8Array {
  if (typeof text !== 'string' || text.length === 0) {
    throw new EncodingError('BASE58_EMPTY', 'The Base58Check value is empty.');
  }
  let raw: Uint8Array;
  try {
    raw = base58.decode(text);
  } catch {
    throw new EncodingError(
      'BASE58_INVALID_CHARACTER',
      'The Base58Check value has a character outside the Base58 alphabet.',
    );
  }
  if (raw.length < 5)
    throw new EncodingError('BASE58_TOO_SHORT', 'The Base58Check value is too short to hold a checksum.');
  try {
    return base58check.decode(text);
  } catch {
    throw new EncodingError(
      'BASE58_BAD_CHECKSUM',
      'The Base58Check checksum does not match; the text was mistyped or altered.',
    );
  }
}
