import $protobuf from 'protobufjs/minimal.js';
import Long from 'long';
import { google, protocol } from './generated/tron.js';
import { EncodingError } from '../errors';

// protobufjs finds `long` through a dynamic require that bundlers and ES modules cannot see;
// without it int64 fields would decode as lossy doubles. Wire it explicitly, once.
$protobuf.util.Long = Long;
$protobuf.configure();

export { google, protocol, Long };
export type { Long as LongValue };

const MASK32 = 0xffffffffn;
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
const INT64_LIMIT = 2 ** 63;
const INT32_LIMIT = 2 ** 31;

function int64RangeError(value: unknown): EncodingError {
  return new EncodingError('INT64_RANGE', `The value ${String(value)} does not fit a signed 64-bit integer.`, {
    value: String(value),
  });
}

/**
 * The generated encoder cuts whatever it is given to the field's width: a number past 2^63, an
 * unsigned Long with the top bit set or a fraction would reach the wire as a different value.
 * Every int64 and int32 write is checked first, whoever built the message.
 */
function guardWriters(): void {
  const writer = $protobuf.Writer.prototype as unknown as Record<string, (value: unknown) => unknown>;
  const int64 = writer.int64!;
  const int32 = writer.int32!;
  writer.int64 = function checkedInt64(this: unknown, value: unknown) {
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < -INT64_LIMIT || value >= INT64_LIMIT) throw int64RangeError(value);
    } else if (typeof value === 'string') {
      if (!/^-?\d+$/.test(value) || BigInt(value) < INT64_MIN || BigInt(value) > INT64_MAX)
        throw int64RangeError(value);
    } else if (value instanceof Long && value.unsigned && value.high < 0) {
      throw int64RangeError(value.toString());
    }
    return int64.call(this, value);
  };
  writer.int32 = function checkedInt32(this: unknown, value: unknown) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < -INT32_LIMIT || value >= INT32_LIMIT)
      throw new EncodingError('INT32_RANGE', `The value ${String(value)} does not fit a signed 32-bit integer.`, {
        value: String(value),
      });
    return int32.call(this, value);
  };
}
guardWriters();

/**
 * An int64 field's value for the static encoder. A value outside the signed 64-bit range is
 * refused: cutting it to 64 bits would put a different number on the wire without a word.
 */
export function bigintToLong(value: bigint): Long {
  if (value < INT64_MIN || value > INT64_MAX) throw int64RangeError(value);
  return Long.fromBits(Number(value & MASK32) | 0, Number((value >> 32n) & MASK32) | 0, false);
}

export function longToBigint(value: Long | number | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'number') return BigInt(value);
  return BigInt.asIntN(64, (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0));
}

/** int64 map keys decode as protobufjs "long hashes" (8-char binary strings); encoders take decimal text. */
export function int64MapKeyToBigint(key: string): bigint {
  if (/^-?\d+$/.test(key)) return BigInt(key);
  const bits = $protobuf.util.LongBits.fromHash(key);
  return BigInt.asIntN(64, (BigInt(bits.hi >>> 0) << 32n) | BigInt(bits.lo >>> 0));
}
