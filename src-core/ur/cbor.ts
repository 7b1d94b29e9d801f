import { concatBytes } from '../bytes/bytes';
import { EncodingError } from '../errors';

/**
 * The small part of CBOR (RFC 8949) that Uniform Resources need: unsigned integers (major type 0),
 * byte strings (2) and arrays (4), with definite lengths. Writers use the shortest head (RFC 8949 §4.2.1,
 * preferred serialization), as the UR reference implementations do; readers accept any definite
 * head for values up to 2^53 - 1 and refuse everything else with a reason.
 */
const MAJOR = { uint: 0, bytes: 2, array: 4 } as const;

function head(major: number, value: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`A CBOR length or integer must be ≥ 0: ${value}.`);
  const type = major << 5;
  if (value < 24) return new Uint8Array([type | value]);
  if (value < 0x100) return new Uint8Array([type | 24, value]);
  if (value < 0x10000) return new Uint8Array([type | 25, value >>> 8, value & 0xff]);
  if (value < 0x1_0000_0000)
    return new Uint8Array([type | 26, value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
  const out = new Uint8Array(9);
  out[0] = type | 27;
  new DataView(out.buffer).setBigUint64(1, BigInt(value));
  return out;
}

export function encodeCborUint(value: number): Uint8Array {
  return head(MAJOR.uint, value);
}

export function encodeCborBytes(bytes: Uint8Array): Uint8Array {
  return concatBytes(head(MAJOR.bytes, bytes.length), bytes);
}

export function encodeCborArray(items: readonly Uint8Array[]): Uint8Array {
  return concatBytes(head(MAJOR.array, items.length), ...items);
}

function malformed(why: string): never {
  throw new EncodingError('UR_BAD_CBOR', `This code does not hold the data a Uniform Resource should: ${why}.`);
}

/** Reads items one after another from `bytes`; `end()` insists nothing is left over. */
export class CborReader {
  private offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  private readHead(expected: number, what: string): number {
    const first = this.bytes[this.offset];
    if (first === undefined) malformed(`it ends where ${what} should be`);
    if (first >> 5 !== expected) malformed(`${what} was expected`);
    const info = first & 0x1f;
    this.offset++;
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) malformed(`${what} has an indefinite or reserved length`);
    if (this.offset + size > this.bytes.length) malformed(`it ends inside ${what}`);
    let value = 0n;
    for (let i = 0; i < size; i++) value = (value << 8n) | BigInt(this.bytes[this.offset + i]!);
    this.offset += size;
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) malformed(`${what} is too large`);
    return Number(value);
  }

  uint(what = 'an unsigned integer'): number {
    return this.readHead(MAJOR.uint, what);
  }

  bytesItem(what = 'a byte string'): Uint8Array {
    const length = this.readHead(MAJOR.bytes, what);
    if (this.offset + length > this.bytes.length) malformed(`it ends inside ${what}`);
    const out = this.bytes.slice(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  arrayLength(what = 'an array'): number {
    return this.readHead(MAJOR.array, what);
  }

  end(): void {
    if (this.offset !== this.bytes.length) malformed('it has bytes after its data');
  }
}
