import { createRequire } from 'node:module';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Keys and signatures for the benches' clients through libsecp256k1 (the `secp256k1` package the
 * node recovers with): a client signing with noble in the node's own process would take more of
 * its CPU than the node's work being measured. Keys are derived from an index, so a run is the
 * same every time.
 */
interface Libsecp256k1Signing {
  privateKeyVerify(key: Uint8Array): boolean;
  publicKeyCreate(key: Uint8Array, compressed: false): Uint8Array;
  ecdsaSign(digest: Uint8Array, key: Uint8Array): { signature: Uint8Array; recid: number };
}

const secp = createRequire(import.meta.url)('secp256k1') as Libsecp256k1Signing;

export interface BenchKey {
  readonly key: Uint8Array;
  /** 21-byte TRON address (0x41 ‖ last 20 bytes of keccak-256 of the public key). */
  readonly address: Uint8Array;
}

/** Key number `index`: sha256 of a label and the index (retried in the negligible case it is not a valid key). */
export function benchKey(index: number): BenchKey {
  for (let attempt = 0; ; attempt++) {
    const key = sha256(new TextEncoder().encode(`scale bench key ${index} ${attempt}`));
    if (!secp.privateKeyVerify(key)) continue;
    const hash = keccak_256(secp.publicKeyCreate(key, false).subarray(1));
    const address = new Uint8Array(21);
    address[0] = 0x41;
    address.set(hash.subarray(12), 1);
    return { key, address };
  }
}

/** TRON's 65-byte signature r ‖ s ‖ v (v = recovery id 0 or 1) over a transaction id. */
export function signId(id: Uint8Array, key: Uint8Array): Uint8Array {
  const { signature, recid } = secp.ecdsaSign(id, key);
  const out = new Uint8Array(65);
  out.set(signature);
  out[64] = recid;
  return out;
}
