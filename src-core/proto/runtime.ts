import $protobuf from 'protobufjs/minimal.js';
import Long from 'long';
import { google, protocol } from './generated/tron.js';

// protobufjs finds `long` through a dynamic require that bundlers and ES modules cannot see;
// without it int64 fields would decode as lossy doubles. Wire it explicitly, once.
$protobuf.util.Long = Long;
$protobuf.configure();

export { google, protocol, Long };
export type { Long as LongValue };

const MASK32 = 0xffffffffn;

export function bigintToLong(value: bigint): Long {
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
