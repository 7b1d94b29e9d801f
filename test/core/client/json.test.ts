import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJson, stringifyJson } from '../../../src-core/client/json';

describe('stringifyJson', () => {
  it('writes bigint as a bare integer, including values beyond 2^53', () => {
    expect(stringifyJson({ amount: 1_000_000n, big: 9_223_372_036_854_775_807n })).toBe('{"amount":1000000,"big":9223372036854775807}');
  });

  it('matches JSON.stringify for plain data and drops undefined keys', () => {
    const value = { a: 'x"y', b: [1, 2.5, true, null], c: { d: undefined, e: 'ü' }, f: undefined };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('writes undefined array items as null, as JSON.stringify does', () => {
    expect(stringifyJson([1, undefined, 3])).toBe('[1,null,3]');
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [() => 1], [Symbol('s')]])('refuses %s', (value) => {
    expect(() => stringifyJson({ value })).toThrow(TypeError);
  });

  it('refuses a value that contains itself', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => stringifyJson(loop)).toThrow(TypeError);
  });
});

describe('parseJson', () => {
  it('keeps safe integers as numbers and returns larger ones as bigint', () => {
    const parsed = parseJson('{"small":9007199254740991,"large":9007199254740993,"negative":-9223372036854775808}') as Record<string, unknown>;
    expect(parsed.small).toBe(Number.MAX_SAFE_INTEGER);
    expect(parsed.large).toBe(9007199254740993n);
    expect(parsed.negative).toBe(-9223372036854775808n);
  });

  it('parses everything JSON.parse parses, identically for ordinary values', () => {
    const text = ' {"a":[1,-2.5e3,0.125,true,false,null,"q\\"\\u00e9\\n"],"b":{},"c":[]}\n';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('keeps a "__proto__" key as an ordinary property', () => {
    const parsed = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['empty text', ''],
    ['trailing text', '{} x'],
    ['a trailing comma', '[1,]'],
    ['a single-quoted string', "{'a':1}"],
    ['a leading zero', '01'],
    ['a bad escape', '"\\x"'],
    ['an unterminated string', '"abc'],
    ['a raw control character', '"a\u0001b"'],
    ['HTML', '<html>Not Found</html>'],
    ['nesting deeper than any node answer', '['.repeat(300) + ']'.repeat(300)],
  ])('refuses %s', (_what, text) => {
    expect(() => parseJson(text)).toThrow(JsonSyntaxError);
  });

  it('round-trips with stringifyJson without losing int64 precision', () => {
    const text = '{"balance":123456789012345678,"list":[1,2],"s":"x"}';
    expect(stringifyJson(parseJson(text))).toBe(text);
  });
});
