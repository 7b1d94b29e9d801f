import { describe, expect, it } from 'vitest';
import { EnvelopeError } from '../../../src-core/errors';
import { canonicalJson, toJsonSafe } from '../../../src-core/envelope';
import { expectWalletError } from '../../fixtures/expect-error';

describe('canonicalJson', () => {
  it('sorts keys, drops undefined members and prints bigints exactly', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined, d: 2n ** 64n })).toBe(
      '{"a":[true,null,"x"],"b":1,"d":18446744073709551616}',
    );
    expect(canonicalJson({ é: 1, e: 2, Z: 3 })).toBe('{"Z":3,"e":2,"é":1}');
    expect(canonicalJson(-0)).toBe('0');
  });

  it('refuses values an envelope never holds', () => {
    for (const value of [1.5, Number.NaN, 2 ** 60, () => 1, Symbol('s')])
      expectWalletError(() => canonicalJson({ v: value }), EnvelopeError, 'ENVELOPE_NOT_CANONICAL');
  });

  it('turns bigints into decimal strings for plain JSON', () => {
    expect(toJsonSafe({ a: [1n, { b: 2n, c: undefined }] })).toEqual({ a: ['1', { b: '2' }] });
  });
});
