import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { EncodingError } from '../../../src-core/errors';
import { CborReader, encodeCborArray, encodeCborBytes, encodeCborUint } from '../../../src-core/ur/cbor';
import { expectWalletError } from '../../fixtures/expect-error';

describe('CBOR subset', () => {
  it.each([
    [0, '00'],
    [23, '17'],
    [24, '1818'],
    [255, '18ff'],
    [256, '190100'],
    [65535, '19ffff'],
    [65536, '1a00010000'],
    [0xffffffff, '1affffffff'],
    [2 ** 32, '1b0000000100000000'],
  ])('writes %d with the shortest head (%s) and reads it back', (value, hex) => {
    expect(bytesToHex(encodeCborUint(value))).toBe(hex);
    expect(new CborReader(hexToBytes(hex)).uint()).toBe(value);
  });

  it('writes byte strings and arrays as RFC 8949 appendix A does', () => {
    expect(bytesToHex(encodeCborBytes(hexToBytes('01020304')))).toBe('4401020304');
    expect(bytesToHex(encodeCborArray([encodeCborUint(1), encodeCborUint(2), encodeCborUint(3)]))).toBe('83010203');
  });

  it('accepts a longer head than needed, as RFC 8949 allows', () => {
    expect(new CborReader(hexToBytes('1a00000005')).uint()).toBe(5);
  });

  it('refuses other types, indefinite lengths, truncation and trailing bytes', () => {
    expectWalletError(() => new CborReader(hexToBytes('20')).uint(), EncodingError, 'UR_BAD_CBOR');
    expectWalletError(() => new CborReader(hexToBytes('5f4101ff')).bytesItem(), EncodingError, 'UR_BAD_CBOR');
    expectWalletError(() => new CborReader(hexToBytes('440102')).bytesItem(), EncodingError, 'UR_BAD_CBOR');
    expectWalletError(() => new CborReader(hexToBytes('19ff')).uint(), EncodingError, 'UR_BAD_CBOR');
    expectWalletError(() => new CborReader(hexToBytes('')).uint(), EncodingError, 'UR_BAD_CBOR');
    expectWalletError(() => new CborReader(hexToBytes('1b0020000000000000')).uint(), EncodingError, 'UR_BAD_CBOR');
    const reader = new CborReader(hexToBytes('0101'));
    reader.uint();
    expectWalletError(() => reader.end(), EncodingError, 'UR_BAD_CBOR');
  });
});
