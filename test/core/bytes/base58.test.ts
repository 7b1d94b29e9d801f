import { describe, expect, it } from 'vitest';
import { decodeBase58Check, encodeBase58Check } from '../../../src-core/bytes/base58';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { EncodingError } from '../../../src-core/errors';
import { vectors } from '../../fixtures/vectors';

describe('base58check', () => {
  it('encodes the vector addresses exactly as TronWeb', () => {
    for (const key of Object.values<{ hex: string; base58: string }>(vectors.keys)) {
      expect(encodeBase58Check(hexToBytes(key.hex))).toBe(key.base58);
      expect(decodeBase58Check(key.base58)).toEqual(hexToBytes(key.hex));
    }
  });

  it('refuses a bad checksum', () => {
    const good = vectors.keys.K1.base58 as string;
    const bad = good.slice(0, -1) + (good.endsWith('7') ? '8' : '7');
    expect(() => decodeBase58Check(bad)).toThrow(EncodingError);
    expect(() => decodeBase58Check(bad)).toThrow(/checksum/);
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => decodeBase58Check('T0OIl')).toThrow(/alphabet/);
  });

  it('refuses empty text', () => {
    expect(() => decodeBase58Check('')).toThrow(/empty/);
  });
});
