import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { loadLibsecp256k1 } from '@main/node/signatures/native';
import { publicKeyFromPrivate, randomPrivateKey, signDigest } from '@core/keys/keys';

describe('loadLibsecp256k1', () => {
  it("loads the secp256k1 package's N-API binding, never its pure-JS elliptic fallback", () => {
    const lib = loadLibsecp256k1();
    expect(lib.modulePath).toMatch(/node_modules[\\/]secp256k1[\\/]bindings\.js$/);
    expect(lib.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('recovers the uncompressed public key of a signature, and throws for one with r = 0', () => {
    const lib = loadLibsecp256k1();
    const key = randomPrivateKey();
    const digest = secp256k1.utils.randomSecretKey();
    const sig = signDigest(digest, key, 0);
    expect(lib.ecdsaRecover(sig.subarray(0, 64), sig[64]!, digest, false)).toEqual(publicKeyFromPrivate(key));
    const zeroR = Uint8Array.from(sig.subarray(0, 64)).fill(0, 0, 32);
    expect(() => lib.ecdsaRecover(zeroR, sig[64]!, digest, false)).toThrow();
  });
});
