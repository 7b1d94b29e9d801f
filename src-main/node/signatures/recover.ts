import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '../../../src-core/bytes/hex';
import type { RecoveredSignature } from '../auth/permission-check';

/**
 * Signer recovery with java-tron's rules (java-tron-http.md §2.2): r ‖ s ‖ v, bytes past 65
 * ignored, v < 27 gets 27 added, headers 27..34 accepted (31..34 = compressed, minus 4).
 * The same logic runs inside the worker threads (recovery-worker-source.ts); the statuses below
 * are what travels back.
 */
export const STATUS_OK = 0;
export const STATUS_BAD_HEADER = 1;
export const STATUS_UNRECOVERABLE = 2;

export function headerOf(v: number): number {
  return v < 27 ? v + 27 : v;
}

export function statusToResult(status: number, address: Uint8Array, v: number): RecoveredSignature {
  if (status === STATUS_OK) return { ok: true, address, addressHex: bytesToHex(address) };
  if (status === STATUS_BAD_HEADER)
    return { ok: false, kind: 'compute', message: `Header byte out of range: ${headerOf(v)}` };
  return { ok: false, kind: 'compute', message: 'Could not recover public key from signature' };
}

/** Recovers in this thread: the fallback when workers are off, and the reference for tests. */
export function recoverInline(digest: Uint8Array, signature: Uint8Array): RecoveredSignature {
  const v = signature[64]!;
  let header = headerOf(v);
  if (header < 27 || header > 34) return statusToResult(STATUS_BAD_HEADER, new Uint8Array(), v);
  if (header >= 31) header -= 4;
  try {
    const sig = secp256k1.Signature.fromBytes(signature.subarray(0, 64), 'compact').addRecoveryBit(header - 27);
    const publicKey = sig.recoverPublicKey(digest).toBytes(false);
    const address = new Uint8Array(21);
    address[0] = 0x41;
    address.set(keccak_256(publicKey.subarray(1)).subarray(12), 1);
    return statusToResult(STATUS_OK, address, v);
  } catch {
    return statusToResult(STATUS_UNRECOVERABLE, new Uint8Array(), v);
  }
}
