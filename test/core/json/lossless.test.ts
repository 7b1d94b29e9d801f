import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonLossless, stringifyJson, toBigInt, toJsonInt } from '../../../src-core/json/lossless';
import { EncodingError } from '../../../src-core/errors';

describe('lossless JSON', () => {
  it('keeps integers beyond 2^53 exact as bigint', () => {
    const parsed = parseJsonLossless('{"amount": 90071992547409931, "small": 5, "f": 1.5}') as Record<string, unknown>;
    expect(parsed.amount).toBe(90071992547409931n);
    expect(parsed.small).toBe(5);
    expect(parsed.f).toBe(1.5);
  });

  it('prints bigint as a bare integer', () => {
    expect(stringifyJson({ a: 2n ** 63n - 1n, b: [1n, 'x'] })).toBe('{"a":9223372036854775807,"b":[1,"x"]}');
  });

  it('prints a bigint nested after other values, whole and in order', () => {
    const value = { text: 'a', list: [{ n: 1 }, { deep: [2n ** 60n, null] }], last: true };
    expect(stringifyJson(value)).toBe('{"text":"a","list":[{"n":1},{"deep":[1152921504606846976,null]}],"last":true}');
  });

  it('never turns a string into a number, whatever it contains', () => {
    const tricky = { name: '"\u0000bigint0\u0000"', n: 1n };
    expect(parseJsonLossless(stringifyJson(tricky))).toEqual({ name: tricky.name, n: 1 });
  });

  it('writes what JSON.stringify writes for values without bigint', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2), (value, indent) => {
        expect(stringifyJson(value, indent)).toBe(JSON.stringify(value, null, indent));
      }),
    );
  });

  it('round-trips JSON with large integers', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n })), (record) => {
        const back = parseJsonLossless(stringifyJson(record)) as Record<string, unknown>;
        for (const [k, v] of Object.entries(record)) expect(BigInt(back[k] as bigint | number)).toBe(v);
      }),
    );
  });

  it('reports malformed JSON with a typed error', () => {
    expect(() => parseJsonLossless('{"a": 12345678901234567, }')).toThrow(EncodingError);
  });

  it('converts JSON integers to bigint and back', () => {
    expect(toBigInt('42')).toBe(42n);
    expect(() => toBigInt(1.5)).toThrow(/whole number/);
    expect(() => toBigInt(2 ** 60)).toThrow(/too large/);
    expect(toJsonInt(2n ** 60n)).toBe(2n ** 60n);
    expect(toJsonInt(7n)).toBe(7);
  });
});
