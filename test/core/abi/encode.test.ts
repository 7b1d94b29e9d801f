import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utils } from 'tronweb';
import {
  type FunctionFragment,
  type AbiValue,
  addressType,
  encodeParams,
  encodeValue,
  parseAbiEntry,
  parseType,
  tupleType,
  uintType,
} from '../../../src-core/abi';
import { vectors } from '../../fixtures/vectors';
import { expectAbiError } from './expect-abi-error';
import { leafTypeArb, paramsWithValuesArb, valueArb } from './arbitraries';
import { jsonFunction, toTronWebValue } from './tronweb-compare';

interface AbiVector {
  name: string;
  types?: string[];
  abi_fragment?: unknown;
  values: unknown[];
  encoded: string;
}

const abiVectors = vectors.abi as AbiVector[];
const K1 = vectors.keys.K1 as { hex: string; base58: string; evm_hex: string };

describe('encodeParams', () => {
  it('reproduces every TronWeb ABI vector byte for byte', () => {
    expect(abiVectors).toHaveLength(14);
    for (const vector of abiVectors) {
      const types = vector.types ?? (parseAbiEntry(vector.abi_fragment) as FunctionFragment).inputTuple;
      expect(`0x${encodeParams(types, vector.values)}`, vector.name).toBe(vector.encoded);
    }
  });

  it('matches TronWeb encodeParams for top-level value types, with base58 and 41-hex addresses', () => {
    fc.assert(
      fc.property(
        fc
          .array(leafTypeArb, { minLength: 1, maxLength: 6 })
          .chain((types) => fc.tuple(fc.constant(types), fc.tuple(...types.map(valueArb)), fc.boolean())),
        ([types, values, base58]) => {
          const ours = values.map((v, i) =>
            types[i]!.kind === 'address' && base58 ? utils.address.fromHex(v as string) : v,
          );
          const theirs = values.map((v, i) =>
            toTronWebValue(types[i]!, (types[i]!.kind === 'address' ? ours[i] : v) as AbiValue),
          );
          const expected = utils.abi.encodeParams(
            types.map((t) => t.canonical),
            theirs,
          );
          expect(`0x${encodeParams(types, ours)}`).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('matches TronWeb encodeParamsV2ByABI for random nested tuples and arrays', () => {
    fc.assert(
      fc.property(paramsWithValuesArb, ([tuple, values]) => {
        const theirs = toTronWebValue(tuple, values) as unknown[];
        const expected = utils.abi.encodeParamsV2ByABI(jsonFunction(tuple) as never, theirs);
        expect(`0x${encodeParams(tuple, values)}`).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('places dynamic values in the tail behind offsets counted from the tuple start', () => {
    const hex = encodeParams(['uint8', 'bytes', 'bool'], [1, '0xabcd', true]);
    const words = hex.match(/.{64}/g)!;
    expect(words).toHaveLength(5);
    expect(BigInt(`0x${words[1]}`)).toBe(96n);
    expect(BigInt(`0x${words[3]}`)).toBe(2n);
    expect(words[4]).toBe('abcd'.padEnd(64, '0'));
  });

  it('accepts integers as bigint, safe number or decimal string', () => {
    const expected = encodeParams(['uint256', 'int16'], [1000n, -5n]);
    expect(encodeParams(['uint', 'int16'], [1000, '-5'])).toBe(expected);
    expect(encodeParams(['uint256', 'int16'], ['1000', -5])).toBe(expected);
  });

  it('encodes negative integers as 256-bit two’s complement', () => {
    expect(encodeParams(['int8'], [-128])).toBe('f'.repeat(62) + '80');
  });

  it('accepts an address as base58, 41-hex, 0x41-hex or 0x EVM form, in any case', () => {
    const expected = encodeParams(['address'], [K1.base58]);
    for (const form of [
      K1.hex,
      K1.hex.toUpperCase(),
      `0x${K1.hex}`,
      K1.evm_hex,
      K1.evm_hex.toUpperCase().replace('0X', '0x'),
    ]) {
      expect(encodeParams(['address'], [form])).toBe(expected);
    }
    expect(expected).toBe('0'.repeat(24) + K1.evm_hex.slice(2));
  });

  it('accepts bytes as hex with or without 0x, or as a Uint8Array', () => {
    const expected = encodeParams(['bytes', 'bytes2'], ['0xABCD', 'beef']);
    expect(encodeParams(['bytes', 'bytes2'], [Uint8Array.of(0xab, 0xcd), Uint8Array.of(0xbe, 0xef)])).toBe(expected);
  });

  it('accepts a tuple as an object keyed by component names', () => {
    const type = parseType('(address to, uint256 amount)');
    const asArray = encodeParams([type], [[K1.base58, 5n]]);
    expect(encodeParams([type], [{ amount: 5n, to: K1.base58 }])).toBe(asArray);
    expect(encodeParams([{ name: 'order', type, indexed: false }], { order: { to: K1.base58, amount: 5n } })).toBe(
      asArray,
    );
  });

  it('encodes an empty parameter list as nothing', () => {
    expect(encodeParams([], [])).toBe('');
  });

  it('encodes a single dynamic value with its offset word', () => {
    expect(encodeValue(parseType('string'), 'a')).toBe(encodeParams(['string'], ['a']));
    expect(encodeValue(uintType(8), 7)).toBe('7'.padStart(64, '0'));
  });

  it('encodes multi-byte UTF-8 text by its byte length', () => {
    const hex = encodeParams(['string'], ['€']);
    expect(hex.slice(64, 128)).toBe('3'.padStart(64, '0'));
    expect(hex.slice(128, 134)).toBe('e282ac');
  });
});

describe('encodeParams refuses bad values', () => {
  it('refuses integers out of range', () => {
    expectAbiError(() => encodeParams(['uint8'], [256]), 'ABI_INTEGER_OUT_OF_RANGE');
    expectAbiError(() => encodeParams(['uint256'], [-1n]), 'ABI_INTEGER_OUT_OF_RANGE');
    expectAbiError(() => encodeParams(['int8'], [-129]), 'ABI_INTEGER_OUT_OF_RANGE');
    expectAbiError(() => encodeParams(['int8'], ['128']), 'ABI_INTEGER_OUT_OF_RANGE');
    expectAbiError(() => encodeParams(['uint256'], [1n << 256n]), 'ABI_INTEGER_OUT_OF_RANGE');
  });

  it('refuses fractions, unsafe numbers and non-decimal text for integers', () => {
    expect(expectAbiError(() => encodeParams(['uint256'], ['1.5']), 'ABI_INTEGER_INVALID').message).toMatch(/fraction/);
    expectAbiError(() => encodeParams(['uint256'], [1.5]), 'ABI_INTEGER_INVALID');
    expectAbiError(() => encodeParams(['uint256'], [2 ** 60]), 'ABI_INTEGER_INVALID');
    expectAbiError(() => encodeParams(['uint256'], ['1e6']), 'ABI_INTEGER_INVALID');
    expectAbiError(() => encodeParams(['uint256'], ['0x10']), 'ABI_INTEGER_INVALID');
    expectAbiError(() => encodeParams(['uint256'], ['']), 'ABI_INTEGER_INVALID');
    expectAbiError(() => encodeParams(['uint256'], [' 1']), 'ABI_INTEGER_INVALID');
    expectAbiError(() => encodeParams(['uint256'], [Number.NaN]), 'ABI_INTEGER_INVALID');
  });

  it('refuses values of the wrong JavaScript type', () => {
    expectAbiError(() => encodeParams(['uint256'], [true]), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeParams(['bool'], ['true']), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeParams(['bool'], [1]), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeParams(['string'], [42]), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeParams(['bytes'], [42]), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeParams(['address'], [null]), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeParams(['uint256[]'], ['1,2']), 'ABI_VALUE_TYPE');
    expectAbiError(() => encodeParams(['(uint256,bool)'], ['x']), 'ABI_VALUE_TYPE');
  });

  it('refuses objects for tuples whose components are unnamed', () => {
    expectAbiError(() => encodeParams(['(uint256,bool)'], [{ a: 1, b: true }]), 'ABI_VALUE_TYPE');
  });

  it('refuses wrong counts: parameters, fixed arrays, tuple fields', () => {
    expectAbiError(() => encodeParams(['uint256', 'bool'], [1]), 'ABI_VALUE_COUNT');
    expectAbiError(() => encodeParams(['uint256[2]'], [[1, 2, 3]]), 'ABI_VALUE_COUNT');
    expectAbiError(() => encodeParams(['(uint256,bool)'], [[1]]), 'ABI_VALUE_COUNT');
    const named = [parseType('(address to, uint256 amount)')];
    expectAbiError(() => encodeParams(named, [{ to: K1.hex }]), 'ABI_VALUE_COUNT');
    expectAbiError(() => encodeParams(named, [{ to: K1.hex, amount: 1, memo: 'x' }]), 'ABI_VALUE_COUNT');
  });

  it('refuses invalid addresses and says which parameter', () => {
    const typo = K1.base58.slice(0, 5) + (K1.base58[5] === 'a' ? 'b' : 'a') + K1.base58.slice(6);
    expect(expectAbiError(() => encodeParams(['address'], [typo]), 'ABI_ADDRESS_INVALID').message).toMatch(/checksum/);
    expectAbiError(() => encodeParams(['address'], [`42${K1.hex.slice(2)}`]), 'ABI_ADDRESS_INVALID');
    expectAbiError(() => encodeParams(['address'], [K1.evm_hex.slice(2)]), 'ABI_ADDRESS_INVALID');
    expectAbiError(() => encodeParams(['address'], ['0x1234']), 'ABI_ADDRESS_INVALID');
    const error = expectAbiError(
      () =>
        encodeParams(
          [parseType('(address to, uint256 amount)[]')],
          [
            [
              [K1.hex, 1],
              ['nope', 2],
            ],
          ],
        ),
      'ABI_ADDRESS_INVALID',
    );
    expect(error.message).toContain('#0[1].to');
  });

  it('refuses bad hex and wrong lengths for bytes', () => {
    expectAbiError(() => encodeParams(['bytes'], ['0xabc']), 'ABI_BYTES_INVALID');
    expectAbiError(() => encodeParams(['bytes'], ['zz']), 'ABI_BYTES_INVALID');
    expectAbiError(() => encodeParams(['bytes4'], ['0x010203']), 'ABI_BYTES_LENGTH');
    expectAbiError(() => encodeParams(['bytes1'], [new Uint8Array(2)]), 'ABI_BYTES_LENGTH');
  });

  it('refuses text with a lone surrogate, which UTF-8 cannot carry', () => {
    expectAbiError(() => encodeParams(['string'], ['a\ud800b']), 'ABI_STRING_INVALID');
    expect(encodeParams(['string'], ['😀'])).toContain('f09f9880');
  });

  it('refuses a type list that is not a list', () => {
    expectAbiError(() => encodeParams(addressType as never, []), 'ABI_TYPE_INVALID');
    expectAbiError(() => encodeParams([42 as never], [1]), 'ABI_TYPE_INVALID');
    expect(encodeParams(tupleType([addressType]), [K1.hex])).toBe(encodeParams(['address'], [K1.hex]));
  });
});
