import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@core/bytes/hex';
import { failsPointDecompression } from '@main/node/permission-check/point-decompression';

/**
 * ECKey.recoverPubBytesFromSignature decompresses the point whose x is r (plus n for recovery ids
 * 2 and 3); Bouncy Castle refuses an x whose x³ + 7 is no square ("Invalid point compression").
 * The oracle here is @noble/curves decoding the compressed point 02 ‖ x (SEC 1 §2.3.4).
 */
const P = secp256k1.Point.CURVE().p;
const N = secp256k1.Point.CURVE().n;

function decompresses(x: bigint): boolean {
  try {
    secp256k1.Point.fromBytes(hexToBytes(`02${x.toString(16).padStart(64, '0')}`));
    return true;
  } catch {
    return false;
  }
}

function signature(r: bigint, v: number): Uint8Array {
  const bytes = new Uint8Array(65);
  bytes.set(hexToBytes(r.toString(16).padStart(64, '0')), 0);
  bytes.fill(1, 32, 64);
  bytes[64] = v;
  return bytes;
}

describe('failsPointDecompression', () => {
  it('flags the all-zero signature: x = 0 gives x³ + 7 = 7, no square modulo p', () => {
    expect(failsPointDecompression(new Uint8Array(65))).toBe(true);
    expect(decompresses(0n)).toBe(false);
  });

  it('agrees with decoding the compressed point for random r and every recovery id (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: P - 1n }), fc.integer({ min: 0, max: 3 }), (r, recId) => {
        const x = r + BigInt(recId >> 1) * N;
        const expected = x < P && !decompresses(x);
        // v as the wallet writes it (0/1) and as Ethereum-style 27/28: the same header for java-tron.
        expect(failsPointDecompression(signature(r, recId))).toBe(expected);
        expect(failsPointDecompression(signature(r, recId + 27))).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves other failures to the recovery: x at or past p, a header outside 27…34, a short signature', () => {
    // Recovery id 2 on r ≥ p − n puts x past p: java-tron's recovery returns null, no exception.
    const r = P - N + 5n;
    expect(failsPointDecompression(signature(r, 2))).toBe(false);
    expect(failsPointDecompression(Uint8Array.of(...new Uint8Array(64), 35))).toBe(false);
    expect(failsPointDecompression(new Uint8Array(64))).toBe(false);
  });
});
