import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../brand';
import { KeyError } from '../errors';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { ADDRESS_PREFIX } from '../address/address';

export const SIGNATURE_LENGTH = 65;

export function privateKeyFromHex(hex: string): Uint8Array {
  const bytes = hexToBytes(hex, 'private key');
  assertPrivateKey(bytes);
  return bytes;
}

export function assertPrivateKey(key: Uint8Array): void {
  if (key.length !== 32) throw new KeyError('KEY_WRONG_LENGTH', `A private key is 32 bytes, got ${key.length}.`);
  if (!secp256k1.utils.isValidSecretKey(key)) {
    throw new KeyError('KEY_OUT_OF_RANGE', 'The private key is zero or not below the secp256k1 group order.');
  }
}

/** Uncompressed public key: 0x04 ‖ X ‖ Y (65 bytes). */
export function publicKeyFromPrivate(privateKey: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  return secp256k1.getPublicKey(privateKey, false);
}

/** java-tron Hash.computeAddress: 0x41 ‖ last 20 bytes of keccak256(X ‖ Y). */
export function addressBytesFromPublicKey(publicKey: Uint8Array): Uint8Array {
  let uncompressed = publicKey;
  if (publicKey.length === 33) uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  if (uncompressed.length !== 65 || uncompressed[0] !== 4) {
    throw new KeyError('PUBLIC_KEY_INVALID', 'The public key must be 33 (compressed) or 65 (uncompressed) bytes.');
  }
  const hash = keccak_256(uncompressed.subarray(1));
  const out = new Uint8Array(21);
  out[0] = ADDRESS_PREFIX;
  out.set(hash.subarray(12), 1);
  return out;
}

export function addressFromPublicKey(publicKey: Uint8Array): HexAddress {
  return bytesToHex(addressBytesFromPublicKey(publicKey)) as string as HexAddress;
}

export function addressFromPrivateKey(privateKey: Uint8Array): HexAddress {
  return addressFromPublicKey(publicKeyFromPrivate(privateKey));
}

/**
 * Signs a 32-byte digest (a txID, a block hash, a message hash) without hashing it again.
 * RFC6979 deterministic nonce, low-s. Output r ‖ s ‖ v with v = recovery id + 27, as TronWeb emits.
 */
export function signDigest(digest: Uint8Array, privateKey: Uint8Array, vOffset: 0 | 27 = 27): Uint8Array {
  if (digest.length !== 32)
    throw new KeyError('DIGEST_WRONG_LENGTH', `A signed digest is 32 bytes, got ${digest.length}.`);
  assertPrivateKey(privateKey);
  const recovered = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered', lowS: true });
  const out = new Uint8Array(SIGNATURE_LENGTH);
  out.set(recovered.subarray(1, 65), 0);
  out[64] = recovered[0]! + vOffset;
  return out;
}

/**
 * Recovery id from the v byte, following java-tron (TransactionCapsule / ECKey.signatureToKeyBytes):
 * v below 27 gets 27 added; 27..34 are valid headers; 31..34 mean "compressed" and map to 27..30.
 * So both v = 0/1 (java-tron's own block signatures) and 27/28 (TronWeb) are accepted.
 */
export function recoveryIdFromV(v: number): number {
  let header = v < 27 ? v + 27 : v;
  if (header < 27 || header > 34)
    throw new KeyError('SIGNATURE_BAD_HEADER', `Header byte out of range: ${header}`, { header });
  if (header >= 31) header -= 4;
  return header - 27;
}

/** Recovers the uncompressed public key that produced `signature` over `digest`. */
export function recoverPublicKey(digest: Uint8Array, signature: Uint8Array): Uint8Array {
  if (signature.length < SIGNATURE_LENGTH) {
    throw new KeyError('SIGNATURE_WRONG_LENGTH', `Signature size is ${signature.length}`, { length: signature.length });
  }
  if (digest.length !== 32)
    throw new KeyError('DIGEST_WRONG_LENGTH', `A signed digest is 32 bytes, got ${digest.length}.`);
  const recovery = recoveryIdFromV(signature[64]!);
  try {
    const sig = secp256k1.Signature.fromBytes(signature.subarray(0, 64), 'compact').addRecoveryBit(recovery);
    return sig.recoverPublicKey(digest).toBytes(false);
  } catch {
    throw new KeyError('SIGNATURE_UNRECOVERABLE', 'Could not recover public key from signature');
  }
}

/** The signer's 21-byte address; bytes beyond 65 are ignored, as java-tron does. */
export function recoverAddressBytes(digest: Uint8Array, signature: Uint8Array): Uint8Array {
  return addressBytesFromPublicKey(recoverPublicKey(digest, signature));
}

export function recoverAddress(digest: Uint8Array, signature: Uint8Array): HexAddress {
  return bytesToHex(recoverAddressBytes(digest, signature)) as string as HexAddress;
}

export function randomPrivateKey(): Uint8Array {
  return secp256k1.utils.randomSecretKey();
}
