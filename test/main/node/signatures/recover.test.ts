import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { chooseImplementation } from '@main/node/signatures/implementation';
import { recoverInline, recoverSignerWith } from '@main/node/signatures/recover';
import { addressFromPrivateKey, signDigest } from '@core/keys/keys';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';

/**
 * libsecp256k1 and noble must name the same signer, or refuse the same signature, for every
 * input java-tron can hand them: the node switches between them by platform.
 */
const native = chooseImplementation();
const recoverNative = (digest: Uint8Array, signature: Uint8Array) =>
  recoverSignerWith(native.recoverPublicKey, digest, signature);

const { n: N, p: P } = secp256k1.Point.CURVE();
const MAX_256 = (1n << 256n) - 1n;
const UNRECOVERABLE = { ok: false, kind: 'compute', message: 'Could not recover public key from signature' };

const bytes32 = (value: bigint) => hexToBytes(value.toString(16).padStart(64, '0'));
const digestArb = fc.uint8Array({ minLength: 32, maxLength: 32 });
const keyArb = fc.bigInt(1n, N - 1n).map(bytes32);

function signature(r: bigint, s: bigint, v: number): Uint8Array {
  const out = new Uint8Array(65);
  out.set(bytes32(r), 0);
  out.set(bytes32(s), 32);
  out[64] = v;
  return out;
}

function isCurveX(x: bigint): boolean {
  try {
    secp256k1.Point.fromBytes(Uint8Array.of(2, ...bytes32(x)));
    return true;
  } catch {
    return false;
  }
}

describe('signer recovery: libsecp256k1 against noble', () => {
  it('runs libsecp256k1 here (the native binding loads under vitest)', () => {
    expect(native.name).toBe('libsecp256k1');
  });

  it('recovers the signer of random signatures as noble does, with v as 27/28, 0/1 and compressed 31/32', () => {
    fc.assert(
      fc.property(keyArb, digestArb, fc.constantFrom(0, 27, 31), (key, digest, vForm) => {
        const sig = signDigest(digest, key, vForm === 0 ? 0 : 27);
        if (vForm === 31) sig[64] = sig[64]! + 4;
        const expected = { ok: true, addressHex: addressFromPrivateKey(key) };
        const fromNative = recoverNative(digest, sig);
        expect(fromNative).toMatchObject(expected);
        expect(fromNative).toEqual(recoverInline(digest, sig));
      }),
      { numRuns: 150 },
    );
  });

  it('answers arbitrary r ‖ s ‖ v exactly as noble does, refusals included', () => {
    const r = fc.oneof(
      { arbitrary: fc.bigInt(1n, N - 1n), weight: 4 },
      { arbitrary: fc.bigInt(1n, P - N - 1n), weight: 2 }, // small enough for recovery ids 2 and 3 (x = r + n)
      { arbitrary: fc.bigInt(N, MAX_256), weight: 1 },
      { arbitrary: fc.constant(0n), weight: 1 },
    );
    const s = fc.oneof(
      { arbitrary: fc.bigInt(1n, N - 1n), weight: 4 },
      { arbitrary: fc.bigInt(N, MAX_256), weight: 1 },
      { arbitrary: fc.constant(0n), weight: 1 },
    );
    const outcomes = new Set<string>();
    const v = fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 2 },
      { arbitrary: fc.integer({ min: 27, max: 34 }), weight: 2 },
      { arbitrary: fc.integer({ min: 0, max: 255 }), weight: 1 },
    );
    fc.assert(
      fc.property(digestArb, r, s, v, (digest, rv, sv, vv) => {
        const sig = signature(rv, sv, vv);
        const fromNative = recoverNative(digest, sig);
        expect(fromNative).toEqual(recoverInline(digest, sig));
        outcomes.add(fromNative.ok ? 'recovered' : fromNative.message.replace(/\d+$/, 'N'));
      }),
      { numRuns: 300 },
    );
    // The inputs reach every outcome, so the comparison covers keys as well as refusals.
    expect([...outcomes].sort()).toEqual([
      'Could not recover public key from signature',
      'Header byte out of range: N',
      'recovered',
    ]);
  });

  it('refuses an r that is no x-coordinate on the curve', () => {
    const notOnCurve = fc.bigInt(1n, N - 1n).filter((r) => !isCurveX(r));
    fc.assert(
      fc.property(digestArb, notOnCurve, fc.bigInt(1n, N - 1n), fc.constantFrom(0, 1, 27, 28), (digest, r, s, v) => {
        const sig = signature(r, s, v);
        expect(recoverNative(digest, sig)).toEqual(UNRECOVERABLE);
        expect(recoverInline(digest, sig)).toEqual(UNRECOVERABLE);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses s = 0 on an otherwise valid signature', () => {
    fc.assert(
      fc.property(keyArb, digestArb, fc.constantFrom(0, 27), (key, digest, vOffset) => {
        const sig = signDigest(digest, key, vOffset);
        sig.fill(0, 32, 64);
        expect(recoverNative(digest, sig)).toEqual(UNRECOVERABLE);
        expect(recoverInline(digest, sig)).toEqual(UNRECOVERABLE);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses r ≥ n (and r = 0) even where r mod n would recover a key', () => {
    fc.assert(
      fc.property(keyArb, digestArb, fc.constantFrom(0, 27), (key, digest, vOffset) => {
        const valid = signDigest(digest, key, vOffset);
        const r = BigInt('0x' + bytesToHex(valid.subarray(0, 32)));
        for (const bad of [r + N <= MAX_256 ? r + N : N, 0n]) {
          const sig = Uint8Array.from(valid);
          sig.set(bytes32(bad), 0);
          expect(recoverNative(digest, sig)).toEqual(UNRECOVERABLE);
          expect(recoverInline(digest, sig)).toEqual(UNRECOVERABLE);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a header outside 27..34 with java-tron message, before any curve work', () => {
    const digest = new Uint8Array(32);
    for (const v of [8, 26, 35, 255]) {
      const expected = { ok: false, kind: 'compute', message: `Header byte out of range: ${v < 27 ? v + 27 : v}` };
      expect(recoverNative(digest, signature(1n, 1n, v))).toEqual(expected);
      expect(recoverInline(digest, signature(1n, 1n, v))).toEqual(expected);
    }
  });
});
