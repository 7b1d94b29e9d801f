import { createECDH, createHmac } from 'node:crypto';

/**
 * BIP32 private-key derivation (CKDpriv, "Key derivation" in the BIP) on node:crypto: HMAC-SHA512
 * and the secp256k1 point multiplications of non-hardened steps run in OpenSSL. The node derives
 * its genesis keys on every start, which @noble's pure-JS points made take seconds on a busy
 * machine.
 */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HARDENED = 0x80000000;

export interface ExtendedKey {
  readonly privateKey: Uint8Array;
  readonly chainCode: Uint8Array;
}

const toBigint = (bytes: Uint8Array): bigint => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);

function toBytes32(value: bigint): Uint8Array {
  return Uint8Array.from(Buffer.from(value.toString(16).padStart(64, '0'), 'hex'));
}

/** serP(point(k)): the compressed public key. */
export function compressedPublicKey(privateKey: Uint8Array): Uint8Array {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey(null, 'compressed');
}

/** The uncompressed public key (0x04 ‖ X ‖ Y). */
export function uncompressedPublicKey(privateKey: Uint8Array): Uint8Array {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey();
}

/** A key from IL ‖ IR, refused where the BIP says the key is invalid (IL ≥ n, or a zero key). */
function fromHmac(I: Uint8Array, add: bigint): ExtendedKey {
  const il = toBigint(I.subarray(0, 32));
  const key = (il + add) % N;
  if (il >= N || key === 0n) throw new RangeError('BIP32: this index gives an invalid key; use the next one.');
  return { privateKey: toBytes32(key), chainCode: Uint8Array.from(I.subarray(32)) };
}

/** The master key of a seed: HMAC-SHA512 keyed with "Bitcoin seed". */
export function masterKey(seed: Uint8Array): ExtendedKey {
  return fromHmac(createHmac('sha512', 'Bitcoin seed').update(seed).digest(), 0n);
}

/** CKDpriv((k, c), i); `index` ≥ 2^31 is a hardened child. */
export function childKey(parent: ExtendedKey, index: number): ExtendedKey {
  if (!Number.isInteger(index) || index < 0 || index > 0xffffffff) throw new RangeError(`BIP32: bad index ${index}.`);
  const data = new Uint8Array(37);
  if (index >= HARDENED) data.set(parent.privateKey, 1);
  else data.set(compressedPublicKey(parent.privateKey), 0);
  new DataView(data.buffer).setUint32(33, index);
  return fromHmac(createHmac('sha512', parent.chainCode).update(data).digest(), toBigint(parent.privateKey));
}

/** The key at a path such as m/44'/195'/0'/0 from the master key. */
export function derivePath(master: ExtendedKey, path: string): ExtendedKey {
  const parts = path.split('/');
  if (parts[0] !== 'm') throw new RangeError(`BIP32: a path starts with "m", got "${path}".`);
  let key = master;
  for (const part of parts.slice(1)) {
    const match = /^(\d+)(')?$/.exec(part);
    if (!match) throw new RangeError(`BIP32: bad path element "${part}" in "${path}".`);
    const index = Number(match[1]);
    if (index >= HARDENED) throw new RangeError(`BIP32: path index ${index} is too large.`);
    key = childKey(key, match[2] ? index + HARDENED : index);
  }
  return key;
}
