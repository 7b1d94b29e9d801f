import { describe, expect, it } from 'vitest';
import {
  addressType,
  arrayType,
  boolType,
  bytesType,
  fixedBytesType,
  intType,
  parametersTuple,
  stringType,
  tupleType,
  uintType,
} from '../../../src-core/abi';
import { elementaryType } from '../../../src-core/abi/types';
import { expectAbiError } from './expect-abi-error';

describe('ABI type tree', () => {
  it('gives integers their range', () => {
    expect(uintType(8).max).toBe(255n);
    expect(intType(8).min).toBe(-128n);
    expect(intType(8).max).toBe(127n);
    expect(uintType().canonical).toBe('uint256');
    expect(intType().max).toBe((1n << 255n) - 1n);
  });

  it('shares one node per elementary type', () => {
    expect(uintType(64)).toBe(uintType(64));
    expect(fixedBytesType(4)).toBe(fixedBytesType(4));
  });

  it('marks bytes, string and dynamic arrays as dynamic with a one-word head', () => {
    for (const type of [bytesType, stringType, arrayType(uintType(8))]) {
      expect(type.dynamic).toBe(true);
      expect(type.headSize).toBe(32);
    }
  });

  it('keeps static fixed arrays and tuples in place with their full size', () => {
    const fixed = arrayType(addressType, 3);
    expect(fixed.dynamic).toBe(false);
    expect(fixed.headSize).toBe(96);
    const tuple = tupleType([boolType, fixed]);
    expect(tuple.dynamic).toBe(false);
    expect(tuple.headSize).toBe(128);
    expect(tuple.canonical).toBe('(bool,address[3])');
  });

  it('makes a fixed array or tuple dynamic when it holds a dynamic part', () => {
    expect(arrayType(stringType, 2).dynamic).toBe(true);
    expect(arrayType(stringType, 2).headSize).toBe(32);
    expect(tupleType([uintType(), bytesType]).dynamic).toBe(true);
  });

  it('writes nested array dimensions innermost first, as Solidity does', () => {
    expect(arrayType(arrayType(uintType(8), 2)).canonical).toBe('uint8[2][]');
  });

  it('keeps parameter names for decoding without changing the canonical form', () => {
    const tuple = parametersTuple([
      { name: 'to', type: addressType, indexed: false },
      { name: '', type: uintType(), indexed: false },
    ]);
    expect(tuple.names).toEqual(['to', '']);
    expect(tuple.canonical).toBe('(address,uint256)');
  });

  it('maps uint, int and byte to their canonical types, and trcToken to a uint256 that keeps its name', () => {
    expect(elementaryType('uint')).toBe(uintType(256));
    expect(elementaryType('int')).toBe(intType(256));
    expect(elementaryType('byte')).toBe(fixedBytesType(1));
    expect(elementaryType('trcToken')).toMatchObject({
      kind: 'uint',
      bits: 256,
      max: uintType(256).max,
      canonical: 'trcToken',
    });
    expect(elementaryType('uint08')).toBeUndefined();
    expect(elementaryType('address8')).toBeUndefined();
  });

  it('refuses integer widths that are not multiples of 8 from 8 to 256', () => {
    for (const bits of [0, 7, 12, 264]) expectAbiError(() => uintType(bits), 'ABI_TYPE_INVALID');
    expectAbiError(() => intType(257), 'ABI_TYPE_INVALID');
  });

  it('refuses bytesN outside 1..32 and fixed arrays of zero length', () => {
    expectAbiError(() => fixedBytesType(0), 'ABI_TYPE_INVALID');
    expectAbiError(() => fixedBytesType(33), 'ABI_TYPE_INVALID');
    expectAbiError(() => arrayType(boolType, 0), 'ABI_TYPE_INVALID');
  });
});
