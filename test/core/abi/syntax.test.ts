import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addressType, parseType, toParameterTuple, uintType } from '../../../src-core/abi';
import { expectAbiError } from './expect-abi-error';
import { typeArb } from './arbitraries';

describe('parseType', () => {
  it('reads back the canonical text of any type tree', () => {
    fc.assert(
      fc.property(typeArb, (type) => {
        expect(parseType(type.canonical)).toEqual(type);
      }),
    );
  });

  it('normalizes uint and int to 256 bits', () => {
    expect(parseType('uint').canonical).toBe('uint256');
    expect(parseType('int[]').canonical).toBe('int256[]');
  });

  it('accepts the tuple keyword, spaces and component names', () => {
    const type = parseType(' tuple( address to , uint amount )[2] ');
    expect(type.canonical).toBe('(address,uint256)[2]');
    expect(type.kind === 'array' && type.element.kind === 'tuple' && type.element.names).toEqual(['to', 'amount']);
  });

  it('returns the same tree for the same text', () => {
    expect(parseType('(bool,string)[]')).toBe(parseType('(bool,string)[]'));
  });

  it('refuses unknown names, broken brackets and trailing text', () => {
    for (const text of [
      '',
      'uint7',
      'bytes33',
      'bytes0',
      'address8',
      'foo',
      'uint256[',
      'uint256[x]',
      'uint256[01]',
      '(uint256',
      'uint256)',
      '()',
      'uint256 x y',
      'uint256[0]',
    ]) {
      expectAbiError(() => parseType(text), 'ABI_TYPE_INVALID');
    }
    expectAbiError(() => parseType(5 as never), 'ABI_TYPE_INVALID');
  });

  it('refuses fixed-point and function types as unsupported', () => {
    for (const text of ['fixed', 'ufixed128x18', 'fixed128x18[]', 'function']) {
      expectAbiError(() => parseType(text), 'ABI_TYPE_UNSUPPORTED');
    }
  });

  it('says where a type is broken', () => {
    expect(expectAbiError(() => parseType('(uint256,foo)'), 'ABI_TYPE_INVALID').message).toContain('"foo"');
  });
});

describe('toParameterTuple', () => {
  it('builds a tuple from texts, trees or parameters', () => {
    const fromText = toParameterTuple(['address', 'uint']);
    expect(fromText.canonical).toBe('(address,uint256)');
    expect(toParameterTuple([addressType, uintType()]).canonical).toBe(fromText.canonical);
    const named = toParameterTuple([{ name: 'to', type: addressType, indexed: false }]);
    expect(named.names).toEqual(['to']);
    expect(toParameterTuple(named)).toBe(named);
  });

  it('reuses the tuple for a repeated list of type texts', () => {
    expect(toParameterTuple(['bool', 'string'])).toBe(toParameterTuple(['bool', 'string']));
  });

  it('refuses anything else', () => {
    expectAbiError(() => toParameterTuple('address' as never), 'ABI_TYPE_INVALID');
    expectAbiError(() => toParameterTuple([null as never]), 'ABI_TYPE_INVALID');
  });
});

describe('nesting limits', () => {
  it('refuses tuples nested deeper than 32 levels instead of exhausting the stack', () => {
    const deep = (n: number) => '('.repeat(n) + 'uint8' + ')'.repeat(n);
    expect(parseType(deep(32)).depth).toBe(32);
    expectAbiError(() => parseType(deep(33)), 'ABI_TYPE_INVALID');
    expectAbiError(() => parseType(deep(100_000)), 'ABI_TYPE_INVALID');
  });

  it('refuses arrays with too many dimensions', () => {
    expectAbiError(() => parseType('uint8' + '[]'.repeat(40)), 'ABI_TYPE_INVALID');
  });
});
