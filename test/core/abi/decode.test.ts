import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utils } from 'tronweb';
import {
  type AbiType,
  type AbiValue,
  type FunctionFragment,
  decodeParams,
  decodeValue,
  encodeParams,
  encodeValue,
  normalizeAbiData,
  parseAbiEntry,
  toParameterTuple,
} from '../../../src-core/abi';
import { vectors } from '../../fixtures/vectors';
import { expectAbiError } from './expect-abi-error';
import { leafTypeArb, paramsWithValuesArb, typedValueArb, valueArb } from './arbitraries';
import { fromTronWebValue, jsonFunction } from './tronweb-compare';

interface AbiVector {
  name: string;
  types?: string[];
  abi_fragment?: unknown;
  encoded: string;
  decoded?: unknown[];
}

/** The vectors' form: integers as decimal strings, bytes with 0x. */
function toVectorForm(type: AbiType, value: AbiValue): unknown {
  switch (type.kind) {
    case 'uint':
    case 'int':
      return (value as bigint).toString();
    case 'bytes':
    case 'fixedBytes':
      return `0x${value as string}`;
    case 'array':
      return (value as AbiValue[]).map((v) => toVectorForm(type.element, v));
    case 'tuple':
      return (value as AbiValue[]).map((v, i) => toVectorForm(type.components[i]!, v));
    default:
      return value;
  }
}

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');

describe('decodeParams', () => {
  it('reproduces every decoded value of the TronWeb ABI vectors', () => {
    const withDecoded = (vectors.abi as AbiVector[]).filter((v) => v.decoded !== undefined);
    expect(withDecoded.length).toBe(13);
    for (const vector of withDecoded) {
      const tuple = toParameterTuple(
        vector.types ?? (parseAbiEntry(vector.abi_fragment) as FunctionFragment).inputTuple,
      );
      expect(toVectorForm(tuple, decodeParams(tuple, vector.encoded)), vector.name).toEqual(vector.decoded);
    }
  });

  it('gives back what was encoded, for random nested type trees and values', () => {
    fc.assert(
      fc.property(paramsWithValuesArb, ([tuple, values]) => {
        expect(decodeParams(tuple, encodeParams(tuple, values))).toEqual(values);
      }),
      { numRuns: 300 },
    );
  });

  it('gives back a single value encoded alone', () => {
    fc.assert(
      fc.property(typedValueArb, ([type, value]) => {
        expect(decodeValue(type, encodeValue(type, value))).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('re-encodes decoded data to the same hex', () => {
    fc.assert(
      fc.property(paramsWithValuesArb, ([tuple, values]) => {
        const hex = encodeParams(tuple, values);
        expect(encodeParams(tuple, decodeParams(tuple, hex))).toBe(hex);
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with TronWeb decodeParams on top-level value types', () => {
    fc.assert(
      fc.property(
        fc
          .array(leafTypeArb, { minLength: 1, maxLength: 6 })
          .chain((types) => fc.tuple(fc.constant(types), fc.tuple(...types.map(valueArb)))),
        ([types, values]) => {
          const hex = encodeParams(types, values);
          const theirs = utils.abi.decodeParams(
            [],
            types.map((t) => t.canonical),
            `0x${hex}`,
          ) as unknown[];
          expect(types.map((t, i) => fromTronWebValue(t, theirs[i]))).toEqual(decodeParams(types, hex));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('agrees with TronWeb decodeParamsV2ByABI on random nested tuples and arrays', () => {
    fc.assert(
      fc.property(paramsWithValuesArb, ([tuple, values]) => {
        const hex = encodeParams(tuple, values);
        const theirs = utils.abi.decodeParamsV2ByABI(jsonFunction(tuple) as never, `0x${hex}`) as unknown as unknown[];
        expect(fromTronWebValue(tuple, theirs)).toEqual(decodeParams(tuple, hex));
      }),
      { numRuns: 200 },
    );
  });

  it('accepts bytes, uppercase hex and a 0x prefix', () => {
    const hex = encodeParams(['bytes', 'address'], ['0xABCDEF', '41' + '11'.repeat(20)]);
    const expected = ['abcdef', '41' + '11'.repeat(20)];
    expect(decodeParams(['bytes', 'address'], hex.toUpperCase())).toEqual(expected);
    expect(decodeParams(['bytes', 'address'], `0x${hex}`)).toEqual(expected);
    expect(decodeParams(['bytes', 'address'], Uint8Array.from(Buffer.from(hex, 'hex')))).toEqual(expected);
  });

  it('restores the TRON 41 prefix on addresses at any depth', () => {
    const hex = encodeParams(['(address,address[])'], [['0x' + '22'.repeat(20), ['0x' + '33'.repeat(20)]]]);
    expect(decodeParams(['(address,address[])'], hex)).toEqual([['41' + '22'.repeat(20), ['41' + '33'.repeat(20)]]]);
  });

  it('sign-extends negative integers', () => {
    expect(decodeParams(['int8', 'int256'], 'f'.repeat(62) + '80' + 'f'.repeat(64))).toEqual([-128n, -1n]);
  });

  it('ignores data after the last value, as Solidity does', () => {
    expect(decodeParams(['uint256'], word(7) + word(9))).toEqual([7n]);
  });

  it('decodes nothing from empty data when no types are expected', () => {
    expect(decodeParams([], '')).toEqual([]);
  });
});

describe('decodeParams refuses malformed data', () => {
  it('refuses a length that is not a multiple of 64 hex characters', () => {
    const error = expectAbiError(() => decodeParams(['uint256'], '0x' + '0'.repeat(62)), 'ABI_DATA_LENGTH');
    expect(error.message).toMatch(/multiple of 64/);
    expectAbiError(() => decodeParams(['uint256'], '0'.repeat(65)), 'ABI_DATA_LENGTH');
    expectAbiError(() => decodeParams(['uint256'], new Uint8Array(31)), 'ABI_DATA_LENGTH');
  });

  it('refuses characters that are not hex digits', () => {
    expectAbiError(() => decodeParams(['uint256'], 'zz'.repeat(32)), 'ABI_DATA_HEX');
    expectAbiError(() => decodeParams(['uint256'], 42 as never), 'ABI_DATA_HEX');
    expectAbiError(() => normalizeAbiData('0x0g'), 'ABI_DATA_HEX');
  });

  it('refuses data shorter than the head of the types', () => {
    expect(expectAbiError(() => decodeParams(['uint256'], ''), 'ABI_DATA_TOO_SHORT').message).toMatch(/empty/);
    expectAbiError(() => decodeParams(['uint256', 'uint256'], word(1)), 'ABI_DATA_TOO_SHORT');
    expectAbiError(() => decodeParams(['uint256[3]'], word(1) + word(2)), 'ABI_DATA_TOO_SHORT');
  });

  it('refuses offsets that point past the data or above 32 bits', () => {
    expectAbiError(() => decodeParams(['string'], word(64) + word(0)), 'ABI_OFFSET_OUT_OF_BOUNDS');
    expectAbiError(() => decodeParams(['string'], word(1n << 255n) + word(0)), 'ABI_OFFSET_OUT_OF_BOUNDS');
    expectAbiError(() => decodeParams(['uint256[]'], word(1n << 32n)), 'ABI_OFFSET_OUT_OF_BOUNDS');
  });

  it('refuses lengths that run past the data', () => {
    expectAbiError(() => decodeParams(['string'], word(32) + word(100) + word(0)), 'ABI_LENGTH_OUT_OF_BOUNDS');
    expectAbiError(() => decodeParams(['bytes'], word(32) + word(33) + word(0)), 'ABI_LENGTH_OUT_OF_BOUNDS');
    expectAbiError(
      () => decodeParams(['uint256[]'], word(32) + word(3) + word(1) + word(2)),
      'ABI_LENGTH_OUT_OF_BOUNDS',
    );
    expectAbiError(() => decodeParams(['uint256[]'], word(32) + word(0xffffffff)), 'ABI_LENGTH_OUT_OF_BOUNDS');
    expectAbiError(() => decodeParams(['bytes'], word(32) + word(1n << 64n)), 'ABI_LENGTH_OUT_OF_BOUNDS');
  });

  it('refuses integers wider than their type', () => {
    expectAbiError(() => decodeParams(['uint8'], word(256)), 'ABI_DIRTY_PADDING');
    expectAbiError(() => decodeParams(['uint248'], word(1n << 248n)), 'ABI_DIRTY_PADDING');
    // +128 is not a sign-extended int8; -128 would be ff…80.
    expectAbiError(() => decodeParams(['int8'], word(128)), 'ABI_DIRTY_PADDING');
    expectAbiError(() => decodeParams(['int8'], 'f'.repeat(62) + '7f'), 'ABI_DIRTY_PADDING');
  });

  it('refuses an address word with bytes above the 20-byte address', () => {
    const dirty = '0'.repeat(22) + '41' + '11'.repeat(20);
    expect(expectAbiError(() => decodeParams(['address'], dirty), 'ABI_DIRTY_PADDING').message).toMatch(
      /above the 20-byte address/,
    );
  });

  it('refuses non-zero padding after bytesN, bytes and string content', () => {
    expectAbiError(() => decodeParams(['bytes4'], 'deadbeef' + '0'.repeat(55) + '1'), 'ABI_DIRTY_PADDING');
    expectAbiError(
      () => decodeParams(['bytes'], word(32) + word(1) + 'ab' + '0'.repeat(61) + '1'),
      'ABI_DIRTY_PADDING',
    );
    expectAbiError(() => decodeParams(['string'], word(32) + word(1) + '61' + 'ff'.repeat(31)), 'ABI_DIRTY_PADDING');
  });

  it('refuses a bool that is neither 0 nor 1', () => {
    expectAbiError(() => decodeParams(['bool'], word(2)), 'ABI_BOOL_INVALID');
    expectAbiError(() => decodeParams(['bool'], word((1n << 255n) + 1n)), 'ABI_BOOL_INVALID');
  });

  it('refuses a string that is not valid UTF-8', () => {
    expectAbiError(() => decodeParams(['string'], word(32) + word(2) + 'c328'.padEnd(64, '0')), 'ABI_UTF8_INVALID');
  });

  it('refuses offsets that make a few words decode into more values than the data holds', () => {
    // uint256[][] whose four elements all point at the same three-element array.
    const inner = word(3) + word(1) + word(2) + word(3);
    const data = word(32) + word(4) + word(128).repeat(4) + inner;
    expectAbiError(() => decodeParams(['uint256[][]'], data), 'ABI_DATA_TOO_COMPLEX');
  });
});
