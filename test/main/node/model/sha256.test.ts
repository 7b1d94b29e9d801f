import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@core/bytes/hex';
import { sha256, sha256Hex } from '@main/node/model/sha256';

describe('node sha256', () => {
  it('hashes the FIPS 180-4 "abc" example', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('agrees with noble on arbitrary bytes, as hex and as bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
        const expected = nobleSha256(data);
        expect(sha256Hex(data)).toBe(bytesToHex(expected));
        expect(sha256(data)).toEqual(expected);
      }),
    );
  });

  it('returns a fresh plain array each time, so a caller may overwrite it', () => {
    const data = Uint8Array.of(1, 2, 3);
    const first = sha256(data);
    first.fill(0);
    expect(sha256(data)).toEqual(nobleSha256(data));
    expect(Object.getPrototypeOf(first)).toBe(Uint8Array.prototype);
  });
});
