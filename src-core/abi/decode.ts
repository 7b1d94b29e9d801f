import { AbiError } from '../errors';
import { bytesToHex } from '../bytes/hex';
import { bytesToUtf8 } from '../bytes/utf8';
import type { AbiType, ArrayType, TupleType } from './types';
import { TWO_POW_256, tupleType } from './types';
import { type AbiTypeList, toParameterTuple } from './syntax';
import type { AbiValue } from './values';
import { WORD_HEX, ZEROS, hexSliceToAscii, hexSliceToBytes, lowerHexOrUndefined, prefixLength } from './words';

/**
 * Strict Solidity ABI decoding. Besides the Solidity ABI specification's length rules, it refuses what Solidity's own
 * decoder refuses and a little more, so that a value shown to a person is the value the contract sees:
 * - offsets and lengths that point outside the data (or above 2^32);
 * - integers outside their width (`uint8` with high bits, `int8` without proper sign extension);
 * - `bool` words other than 0 and 1 (TronWeb, through ethers, reads any non-zero word as true);
 * - addresses with non-zero bytes above the 20-byte address (no silent truncation);
 * - non-zero padding after `bytesN`, `bytes` and `string` content;
 * - `string` content that is not valid UTF-8;
 * - offsets that reuse words so that the data yields more values than it has words (a canonical
 *   encoding never does; such data can expand a few bytes into millions of values).
 * Trailing data after the values is allowed, as in Solidity.
 * Errors name the byte position (from the start of the parameters) of the offending word.
 */

/** Lowercase hex of ABI data, checked once: hex digits only, a whole number of 32-byte words. */
export function normalizeAbiData(data: string | Uint8Array, what = 'data'): string {
  if (data instanceof Uint8Array) {
    if (data.length % 32 !== 0) throw lengthError(data.length * 2, what);
    return bytesToHex(data);
  }
  if (typeof data !== 'string') throw new AbiError('ABI_DATA_HEX', `The ABI ${what} must be hex text or a Uint8Array.`);
  const from = prefixLength(data);
  const hex = lowerHexOrUndefined(data, from);
  if (hex === undefined)
    throw new AbiError('ABI_DATA_HEX', `The ABI ${what} contains a character that is not a hex digit.`, { what });
  if (hex.length % WORD_HEX !== 0) throw lengthError(hex.length, what);
  return hex;
}

function lengthError(digits: number, what: string): AbiError {
  return new AbiError(
    'ABI_DATA_LENGTH',
    `The ABI ${what} has ${digits} hex characters, which is not a multiple of 64: ABI data is made of ` +
      '32-byte words, so it was cut off or has extra characters.',
    { what, length: digits },
  );
}

/** Decodes hex (optional `0x`) or bytes holding the parameters of `types`, without a selector. */
export function decodeParams(types: AbiTypeList, data: string | Uint8Array): AbiValue[] {
  const tuple = toParameterTuple(types);
  return decodeNormalized(tuple, normalizeAbiData(data));
}

/** Decodes one value of one type encoded as the only parameter. */
export function decodeValue(type: AbiType, data: string | Uint8Array): AbiValue {
  return decodeNormalized(tupleType([type]), normalizeAbiData(data))[0]!;
}

/** Decodes already-normalized lowercase hex (see `normalizeAbiData`). */
export function decodeNormalized(tuple: TupleType, hex: string): AbiValue[] {
  const reader: Reader = { hex, size: hex.length / 2, budget: hex.length / WORD_HEX };
  if (tuple.components.length > 0 && hex.length === 0) {
    throw new AbiError(
      'ABI_DATA_TOO_SHORT',
      `The ABI data is empty but ${tuple.canonical} was expected; the call may have reverted or the contract ` +
        'may not exist.',
      { expected: tuple.canonical },
    );
  }
  return decodeTuple(reader, tuple, 0);
}

interface Reader {
  readonly hex: string;
  /** Data size in bytes. */
  readonly size: number;
  /**
   * Values left to decode. A canonical encoding spends at least one word per value, so more
   * values than words means offsets that reuse data, which can blow a few bytes up into
   * millions of values; such data is refused.
   */
  budget: number;
}

function spend(reader: Reader, at: number): void {
  if (--reader.budget < 0) {
    throw new AbiError(
      'ABI_DATA_TOO_COMPLEX',
      `The ABI data reuses the same words for more values than it holds (at byte ${at}); it is not a valid encoding.`,
      { at },
    );
  }
}

function needBytes(reader: Reader, at: number, bytes: number, type: AbiType): void {
  if (at + bytes > reader.size) {
    throw new AbiError(
      'ABI_DATA_TOO_SHORT',
      `The ABI data ends at byte ${reader.size} but ${type.canonical} at byte ${at} needs ${bytes} bytes; ` +
        'the data is truncated or does not match the types.',
      { at, needed: bytes, size: reader.size, type: type.canonical },
    );
  }
}

/** An offset or length word: must fit 32 bits (ABI data never comes near 4 GiB). */
function readSize(reader: Reader, at: number, what: 'offset' | 'length', type: AbiType): number {
  const p = at * 2;
  if (!reader.hex.startsWith(ZEROS[56]!, p)) {
    const code = what === 'offset' ? 'ABI_OFFSET_OUT_OF_BOUNDS' : 'ABI_LENGTH_OUT_OF_BOUNDS';
    throw new AbiError(
      code,
      `The ${what} of ${type.canonical} at byte ${at} is far larger than the data (${reader.size} bytes).`,
      { at, type: type.canonical },
    );
  }
  return parseInt(reader.hex.slice(p + 56, p + 64), 16);
}

function dirty(at: number, type: AbiType, problem: string): AbiError {
  return new AbiError('ABI_DIRTY_PADDING', `The ${type.canonical} word at byte ${at} ${problem}`, {
    at,
    type: type.canonical,
  });
}

function decodeTuple(reader: Reader, type: TupleType, base: number): AbiValue[] {
  const components = type.components;
  let headBytes = 0;
  for (let i = 0; i < components.length; i++) headBytes += components[i]!.headSize;
  needBytes(reader, base, headBytes, type);
  const out: AbiValue[] = new Array(components.length);
  let pos = base;
  for (let i = 0; i < components.length; i++) {
    const component = components[i]!;
    out[i] = decodeMember(reader, component, base, pos);
    pos += component.headSize;
  }
  return out;
}

/** A member of a tuple or array: in place when static, behind an offset from `base` when dynamic. */
function decodeMember(reader: Reader, type: AbiType, base: number, pos: number): AbiValue {
  if (!type.dynamic) return decodeAt(reader, type, pos);
  const target = base + readSize(reader, pos, 'offset', type);
  if (target + 32 > reader.size) {
    throw new AbiError(
      'ABI_OFFSET_OUT_OF_BOUNDS',
      `The offset of ${type.canonical} at byte ${pos} points to byte ${target}, past the end of the data ` +
        `(${reader.size} bytes).`,
      {
        at: pos,
        target,
        size: reader.size,
        type: type.canonical,
      },
    );
  }
  return decodeAt(reader, type, target);
}

function decodeAt(reader: Reader, type: AbiType, at: number): AbiValue {
  const hex = reader.hex;
  const p = at * 2;
  switch (type.kind) {
    case 'uint': {
      spend(reader, at);
      const zeros = 64 - type.bits / 4;
      if (zeros > 0 && !hex.startsWith(ZEROS[zeros]!, p))
        throw dirty(at, type, `holds a value larger than ${type.canonical} allows.`);
      return BigInt('0x' + hex.slice(p, p + 64));
    }
    case 'int': {
      spend(reader, at);
      let n = BigInt('0x' + hex.slice(p, p + 64));
      if (n > type.max) n -= TWO_POW_256;
      if (n < type.min) throw dirty(at, type, `is not a sign-extended ${type.canonical} value.`);
      return n;
    }
    case 'address':
      spend(reader, at);
      if (!hex.startsWith(ZEROS[24]!, p)) throw dirty(at, type, 'has non-zero bytes above the 20-byte address.');
      // The TRON prefix 0x41 is restored (java-tron DataWord.toTronAddress).
      return '41' + hex.slice(p + 24, p + 64);
    case 'bool': {
      spend(reader, at);
      const last = hex.charCodeAt(p + 63);
      if (!hex.startsWith(ZEROS[63]!, p) || (last !== 48 && last !== 49)) {
        throw new AbiError('ABI_BOOL_INVALID', `The bool word at byte ${at} is neither 0 (false) nor 1 (true).`, {
          at,
        });
      }
      return last === 49;
    }
    case 'fixedBytes': {
      spend(reader, at);
      const digits = type.size * 2;
      if (digits < 64 && !hex.startsWith(ZEROS[64 - digits]!, p + digits))
        throw dirty(at, type, `has non-zero bytes after its ${type.size} bytes.`);
      return hex.slice(p, p + digits);
    }
    case 'bytes':
    case 'string':
      return decodeBytesLike(reader, type, at);
    case 'array':
      return decodeArray(reader, type, at);
    case 'tuple':
      return decodeTuple(reader, type, at);
  }
}

function decodeBytesLike(reader: Reader, type: AbiType, at: number): string {
  spend(reader, at);
  const hex = reader.hex;
  const length = readSize(reader, at, 'length', type);
  const start = at + 32;
  const padded = Math.ceil(length / 32) * 32;
  if (start + padded > reader.size) {
    throw new AbiError(
      'ABI_LENGTH_OUT_OF_BOUNDS',
      `The ${type.canonical} at byte ${at} claims ${length} bytes, more than the data holds after it.`,
      {
        at,
        length,
        size: reader.size,
        type: type.canonical,
      },
    );
  }
  const from = start * 2;
  const to = from + length * 2;
  const padEnd = from + padded * 2;
  if (to < padEnd && !hex.startsWith(ZEROS[padEnd - to]!, to))
    throw dirty(at, type, `has non-zero padding after its ${length} bytes.`);
  if (type.kind === 'bytes') return hex.slice(from, to);
  const ascii = hexSliceToAscii(hex, from, to);
  if (ascii !== undefined) return ascii;
  try {
    return bytesToUtf8(hexSliceToBytes(hex, from, to));
  } catch {
    throw new AbiError('ABI_UTF8_INVALID', `The string at byte ${at} is not valid UTF-8 text.`, { at });
  }
}

function decodeArray(reader: Reader, type: ArrayType, at: number): AbiValue[] {
  let count: number;
  let base: number;
  if (type.length === null) {
    spend(reader, at);
    count = readSize(reader, at, 'length', type);
    base = at + 32;
    if (base + count * type.element.headSize > reader.size) {
      throw new AbiError(
        'ABI_LENGTH_OUT_OF_BOUNDS',
        `The ${type.canonical} at byte ${at} claims ${count} elements, more than the data holds after it.`,
        {
          at,
          length: count,
          size: reader.size,
          type: type.canonical,
        },
      );
    }
  } else {
    count = type.length;
    base = at;
    needBytes(reader, at, count * type.element.headSize, type);
  }
  const element = type.element;
  const out: AbiValue[] = new Array(count);
  let pos = base;
  for (let i = 0; i < count; i++) {
    out[i] = decodeMember(reader, element, base, pos);
    pos += element.headSize;
  }
  return out;
}
