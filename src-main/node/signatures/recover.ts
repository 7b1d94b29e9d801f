import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '../../../src-core/bytes/hex';
import type { RecoveredSignature } from '../permission-check/permission-check';

/**
 * Signer recovery with java-tron's rules (`SignUtils.signatureToAddress` → `ECKey.signatureToKey`):
 * r ‖ s ‖ v, bytes past 65 ignored, v < 27 gets 27 added, headers 27..34 accepted (31..34 =
 * compressed, minus 4); the address is 0x41 ‖ keccak-256(X ‖ Y)[12..32]. The same logic runs inside
 * the worker threads (worker-source.ts); the statuses below are what travels back.
 */
export const STATUS_OK = 0;
export const STATUS_BAD_HEADER = 1;
export const STATUS_UNRECOVERABLE = 2;

/**
 * Recovers the 65-byte uncompressed public key (0x04 ‖ X ‖ Y) from r ‖ s and the recovery id
 * (0..3, SEC 1 §4.1.6), or throws when there is none: r or s zero or ≥ n, no curve point with x = r
 * (+ n for ids 2 and 3), or the point at infinity.
 */
export type PublicKeyRecoverer = (compact: Uint8Array, recoveryId: number, digest: Uint8Array) => Uint8Array;

export const noblePublicKeyRecoverer: PublicKeyRecoverer = (compact, recoveryId, digest) =>
  secp256k1.Signature.fromBytes(compact, 'compact').addRecoveryBit(recoveryId).recoverPublicKey(digest).toBytes(false);

export function headerOf(v: number): number {
  return v < 27 ? v + 27 : v;
}

export function statusToResult(status: number, address: Uint8Array, v: number): RecoveredSignature {
  if (status === STATUS_OK) return { ok: true, address, addressHex: bytesToHex(address) };
  if (status === STATUS_BAD_HEADER)
    return { ok: false, kind: 'compute', message: `Header byte out of range: ${headerOf(v)}` };
  return { ok: false, kind: 'compute', message: 'Could not recover public key from signature' };
}

/** Recovers in this thread with `recoverPublicKey`: where workers are off or have failed. */
export function recoverSignerWith(
  recoverPublicKey: PublicKeyRecoverer,
  digest: Uint8Array,
  signature: Uint8Array,
): RecoveredSignature {
  const v = signature[64]!;
  let header = headerOf(v);
  if (header < 27 || header > 34) return statusToResult(STATUS_BAD_HEADER, new Uint8Array(), v);
  if (header >= 31) header -= 4;
  try {
    const publicKey = recoverPublicKey(signature.subarray(0, 64), header - 27, digest);
    const address = new Uint8Array(21);
    address[0] = 0x41;
    address.set(keccak_256(publicKey.subarray(1)).subarray(12), 1);
    return statusToResult(STATUS_OK, address, v);
  } catch {
    return statusToResult(STATUS_UNRECOVERABLE, new Uint8Array(), v);
  }
}

/** The noble reference: what tests compare every other path with. */
export function recoverInline(digest: Uint8Array, signature: Uint8Array): RecoveredSignature {
  return recoverSignerWith(noblePublicKeyRecoverer, digest, signature);
}
