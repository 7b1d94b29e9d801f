import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uintType, intType, addressType, bytesType } from '../../../src-core/abi';
import { cleanHex, hasLoneSurrogate, toAddressBody, toBytesHex, toInteger } from '../../../src-core/abi/values';
import { vectors } from '../../fixtures/vectors';
import { expectAbiError } from './expect-abi-error';

const K2 = vectors.keys.K2 as { hex: string; base58: string; evm_hex: string };

describe('value coercion', () => {
  it('reads any decimal text inside the range exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: intType(256).min, max: intType(256).max }), (n) => {
        expect(toInteger(n.toString(), intType(256), 'x')).toBe(n);
      }),
    );
  });

  it('accepts the range ends and refuses one beyond', () => {
    expect(toInteger('255', uintType(8), 'x')).toBe(255n);
    expect(toInteger(-128, intType(8), 'x')).toBe(-128n);
    expect(expectAbiError(() => toInteger(256, uintType(8), 'amount'), 'ABI_INTEGER_OUT_OF_RANGE').message).toBe(
      'The value for amount (uint8) is 256, outside the range 0 to 255.',
    );
  });

  it('reduces every address form to the 20-byte body', () => {
    const body = K2.evm_hex.slice(2);
    for (const form of [K2.base58, K2.hex, `0x${K2.hex}`, K2.evm_hex])
      expect(toAddressBody(form, 'to', addressType)).toBe(body);
  });

  it('refuses a 20-byte address without 0x, which could be mistaken for a truncated TRON address', () => {
    expectAbiError(() => toAddressBody(K2.evm_hex.slice(2), 'to', addressType), 'ABI_ADDRESS_INVALID');
  });

  it('normalizes bytes input to lowercase hex', () => {
    expect(toBytesHex('0XAbCd', 'b', bytesType)).toBe('abcd');
    expect(toBytesHex(Uint8Array.of(1, 255), 'b', bytesType)).toBe('01ff');
    expect(cleanHex('abc')).toBeUndefined();
    expect(cleanHex('0xgg')).toBeUndefined();
  });

  it('detects lone surrogates but not surrogate pairs', () => {
    expect(hasLoneSurrogate('a\udc00')).toBe(true);
    expect(hasLoneSurrogate('\ud800')).toBe(true);
    expect(hasLoneSurrogate('😀 ok')).toBe(false);
  });
});
