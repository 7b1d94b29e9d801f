import { describe, expect, it } from 'vitest';
import { JavaRuntimeFailure, JsonRpcFailure } from '@main/node/jsonrpc/errors';
import {
  fromHexString,
  hexToBigInteger,
  jsonHexToInt,
  jsonHexToLong,
  quantity,
  toJsonHexAddress,
} from '@main/node/jsonrpc/java-hex';

/** org.tron.common.utils.ByteArray and bouncycastle Hex.decode as java-tron's JSON-RPC uses them. */
function failure(run: () => unknown): JavaRuntimeFailure | JsonRpcFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof JavaRuntimeFailure || error instanceof JsonRpcFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('java-tron hex and number conversions', () => {
  it('decodes hex like ByteArray.fromHexString: lowercase 0x dropped, odd length padded, whitespace skipped, null empty', () => {
    expect([...fromHexString('0x0102')]).toEqual([1, 2]);
    expect([...fromHexString('102')]).toEqual([1, 2]);
    expect([...fromHexString('01 02\n')]).toEqual([1, 2]);
    expect([...fromHexString('0xABcd')]).toEqual([0xab, 0xcd]);
    expect(fromHexString(null)).toHaveLength(0);
  });

  it('fails like bouncycastle 1.69 Hex.decode (DecoderException "exception decoding Hex string: …")', () => {
    expect(failure(() => fromHexString('0xzz'))).toMatchObject({
      javaClass: 'org.bouncycastle.util.encoders.DecoderException',
      javaMessage: 'exception decoding Hex string: invalid characters encountered in Hex string',
    });
    // "0X" is not a prefix for java-tron: the X is a bad character.
    expect(failure(() => fromHexString('0X12'))).toMatchObject({
      javaMessage: 'exception decoding Hex string: invalid characters encountered in Hex string',
    });
    // A character outside bouncycastle's 128-entry table: ArrayIndexOutOfBoundsException (Java 8 message = index).
    expect(failure(() => fromHexString('é1'))).toMatchObject({ javaMessage: 'exception decoding Hex string: 233' });
  });

  it('writes quantities like Long.toHexString and addresses without their 41', () => {
    expect(quantity(0)).toBe('0x0');
    expect(quantity(255n)).toBe('0xff');
    expect(quantity(-1n)).toBe('0xffffffffffffffff');
    expect(toJsonHexAddress(Uint8Array.of(0x41, 0xaa, 0xbb))).toBe('0xaabb');
    expect(toJsonHexAddress(new Uint8Array())).toBeNull();
  });

  it('parses block numbers like hexToBigInteger (0x = base 16, otherwise base 10) and refuses what BigInteger refuses', () => {
    expect(hexToBigInteger('0x10')).toBe(16n);
    expect(hexToBigInteger('10')).toBe(10n);
    expect(hexToBigInteger('-5')).toBe(-5n);
    expect(hexToBigInteger('0x')).toBeUndefined();
    expect(hexToBigInteger('0X10')).toBeUndefined();
    expect(hexToBigInteger('latest')).toBeUndefined();
    expect(hexToBigInteger(null)).toBeUndefined();
  });

  it('parses like jsonHexToLong: "Incorrect hex syntax" without 0x, NumberFormatException for bad or overflowing digits', () => {
    expect(jsonHexToLong('0x7fffffffffffffff')).toBe(2n ** 63n - 1n);
    expect(failure(() => jsonHexToLong('10'))).toMatchObject({
      kind: 'invalidParams',
      javaMessage: 'Incorrect hex syntax',
    });
    expect(failure(() => jsonHexToLong('0xzz'))).toMatchObject({
      javaClass: 'java.lang.NumberFormatException',
      javaMessage: 'For input string: "zz"',
    });
    expect(failure(() => jsonHexToLong('0x10000000000000000'))).toMatchObject({
      javaMessage: 'For input string: "10000000000000000"',
    });
    expect(jsonHexToInt('0x7fffffff')).toBe(2 ** 31 - 1);
    expect(jsonHexToInt('0x80000000')).toBeUndefined();
    expect(jsonHexToInt('1')).toBeUndefined();
  });
});
