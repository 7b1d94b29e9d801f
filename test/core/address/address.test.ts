import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  fromEvmAddress,
  isValidAddress,
  toBase58Address,
  toEvmAddress,
  toHexAddress,
} from '../../../src-core/address/address';
import { AddressError } from '../../../src-core/errors';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { vectors } from '../../fixtures/vectors';

describe('address', () => {
  it('converts between hex and base58 for every vector key', () => {
    for (const key of Object.values<{ hex: string; base58: string; evm_hex: string }>(vectors.keys)) {
      expect(toBase58Address(key.hex)).toBe(key.base58);
      expect(toHexAddress(key.base58)).toBe(key.hex);
      expect(toHexAddress(`0x${key.hex.toUpperCase()}`)).toBe(key.hex);
      expect(toEvmAddress(key.base58)).toBe(key.evm_hex);
      expect(fromEvmAddress(key.evm_hex)).toBe(key.hex);
    }
  });

  it('round-trips any 20-byte body', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (body) => {
        const hex = `41${bytesToHex(body)}`;
        expect(toHexAddress(toBase58Address(hex))).toBe(hex);
      }),
    );
  });

  it('refuses a wrong prefix', () => {
    expect(() => toHexAddress('42' + '00'.repeat(20))).toThrow(/prefix 0x41/);
  });

  it('refuses a wrong length', () => {
    expect(() => toHexAddress('41' + '00'.repeat(19))).toThrow(AddressError);
    expect(() => toHexAddress('41' + '00'.repeat(19))).toThrow(/20 bytes long|21 bytes/);
  });

  it('refuses a mistyped base58 address with a checksum message', () => {
    const good = vectors.keys.K2.base58 as string;
    const typo = good.slice(0, 5) + (good[5] === 'a' ? 'b' : 'a') + good.slice(6);
    expect(() => toHexAddress(typo)).toThrow(/checksum/);
    expect(isValidAddress(typo)).toBe(false);
  });

  it('refuses empty and non-string input', () => {
    expect(() => toHexAddress('')).toThrow(/empty/);
    expect(isValidAddress(42)).toBe(false);
  });
});
