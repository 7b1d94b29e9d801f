import { hash } from 'node:crypto';
import { hexToBytes } from '../../../src-core/bytes/hex';

/**
 * SHA-256 (FIPS 180-4) through node:crypto (OpenSSL): transaction ids and block hashes are on
 * every admission and block, where the one-shot native hash costs a fraction of a JavaScript one.
 * The hex form comes straight from OpenSSL; the bytes are a fresh array the caller may change.
 */
export function sha256Hex(data: Uint8Array): string {
  return hash('sha256', data, 'hex');
}

export function sha256(data: Uint8Array): Uint8Array {
  return hexToBytes(hash('sha256', data, 'hex'));
}
