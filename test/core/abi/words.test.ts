import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  asciiToHex,
  hexSliceToAscii,
  hexSliceToBytes,
  lowerHexOrUndefined,
  padLeft,
  padRight,
  prefixLength,
  sizeWord,
} from '../../../src-core/abi/words';
import { bytesToHex } from '../../../src-core/bytes/hex';

describe('ABI word helpers', () => {
  it('pads to whole 32-byte words', () => {
    expect(padLeft('1')).toBe('0'.repeat(63) + '1');
    expect(padRight('ab')).toBe('ab' + '0'.repeat(62));
    expect(padRight('')).toBe('');
    expect(padRight('a'.repeat(64))).toBe('a'.repeat(64));
    expect(sizeWord(32)).toBe('0'.repeat(62) + '20');
  });

  it('reads bytes back from any slice of lowercase hex', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.nat(10), (bytes, skip) => {
        const hex = '00'.repeat(skip) + bytesToHex(bytes);
        expect(hexSliceToBytes(hex, skip * 2, hex.length)).toEqual(bytes);
      }),
    );
  });

  it('converts ASCII both ways and declines anything else', () => {
    expect(asciiToHex('TRON')).toBe('54524f4e');
    expect(hexSliceToAscii('54524f4e', 0, 8)).toBe('TRON');
    expect(asciiToHex('é')).toBeUndefined();
    expect(hexSliceToAscii('c3a9', 0, 4)).toBeUndefined();
  });

  it('lowercases hex and refuses other characters', () => {
    expect(lowerHexOrUndefined('0xAB', 2)).toBe('ab');
    expect(lowerHexOrUndefined('ab', 0)).toBe('ab');
    expect(lowerHexOrUndefined('ag', 0)).toBeUndefined();
    expect(prefixLength('0X1')).toBe(2);
    expect(prefixLength('x0')).toBe(0);
  });
});
