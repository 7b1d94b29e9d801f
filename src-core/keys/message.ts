import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes } from '../bytes/bytes';
import { utf8ToBytes } from '../bytes/utf8';
import { hexToBytes } from '../bytes/hex';
import type { HexAddress } from '../brand';
import { recoverAddress, signDigest } from './keys';

/** TronWeb signMessageV2 (TIP-191 style): keccak256("\x19TRON Signed Message:\n" + byteLength + message). */
export function hashMessageV2(message: string | Uint8Array): Uint8Array {
  const body = typeof message === 'string' ? utf8ToBytes(message) : message;
  const prefix = utf8ToBytes(`\x19TRON Signed Message:\n${body.length}`);
  return keccak_256(concatBytes(prefix, body));
}

export function signMessageV2(message: string | Uint8Array, privateKey: Uint8Array): Uint8Array {
  return signDigest(hashMessageV2(message), privateKey);
}

export function verifyMessageV2(message: string | Uint8Array, signatureHex: string): HexAddress {
  return recoverAddress(hashMessageV2(message), hexToBytes(signatureHex, 'signature'));
}
