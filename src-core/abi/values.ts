import { AbiError, EncodingError, AddressError } from '../errors';
import { addressToBytes } from '../address/address';
import { bytesToHex } from '../bytes/hex';
import type { AbiType, IntType, UintType } from './types';
import { lowerHexOrUndefined, prefixLength } from './words';

/**
 * Decoded ABI values: integers are `bigint`, `bool` is a boolean, `address` is `41…` lowercase
 * hex (a `HexAddress`), `bytes`/`bytesN` are lowercase hex without `0x` (a `Hex`), `string` is
 * text, and arrays and tuples are arrays.
 */
export type AbiValue = bigint | boolean | string | AbiValue[];

/** Like `AbiValue`, with tuples as objects keyed by component name (see `named.ts`). */
export type AbiNamedValue = bigint | boolean | string | AbiNamedValue[] | { [name: string]: AbiNamedValue };

/**
 * What the encoder accepts for each type:
 * - `uintN`/`intN`: bigint, a safe-integer number, or a decimal string (`"-12"`);
 * - `address`: `T…` Base58Check, `41…` hex (21 bytes) or `0x…` 20-byte EVM hex;
 * - `bool`: a boolean;
 * - `bytes`/`bytesN`: hex (with or without `0x`, any case) or a Uint8Array;
 * - `string`: text (encoded as UTF-8);
 * - arrays: arrays; tuples: arrays, or objects keyed by component name when the ABI names them all.
 */
export type AbiInput = unknown;

/** Where a value sits, for messages: `to`, `order.amount`, `signers[1]`, `#0`. */
export function describeValue(path: string, type: AbiType): string {
  return `The value for ${path} (${type.canonical})`;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 70 ? `${value.slice(0, 67)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return `a Uint8Array of ${value.length} bytes`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : String(value);
}

export function valueError(code: string, path: string, type: AbiType, problem: string, value?: unknown): AbiError {
  return new AbiError(code, `${describeValue(path, type)} ${problem}`, {
    path,
    type: type.canonical,
    ...(value !== undefined ? { value: show(value) } : {}),
  });
}

/** A decimal integer: optional minus sign and digits, nothing else (BigInt() alone would accept "", " 1" or "0x1"). */
function parseDecimal(text: string): bigint | undefined {
  const start = text.charCodeAt(0) === 45 ? 1 : 0;
  if (text.length === start) return undefined;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return BigInt(text);
}

export function toInteger(value: unknown, type: UintType | IntType, path: string): bigint {
  let n: bigint;
  if (typeof value === 'bigint') {
    n = value;
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value) || !Number.isInteger(value)) {
      throw valueError('ABI_INTEGER_INVALID', path, type, `must be a whole number, got ${show(value)}.`, value);
    }
    if (!Number.isSafeInteger(value)) {
      throw valueError(
        'ABI_INTEGER_INVALID',
        path,
        type,
        `is ${value}, beyond 2^53, where a JavaScript number has lost precision; pass a bigint or a decimal string.`,
        value,
      );
    }
    n = BigInt(value);
  } else if (typeof value === 'string') {
    const parsed = parseDecimal(value);
    if (parsed === undefined) {
      const fraction = /^-?\d*\.\d+$/.test(value) || /^-?\d+(\.\d*)?e/i.test(value);
      const problem = fraction
        ? 'has a fraction or exponent; integers must be whole decimal numbers'
        : 'is not a decimal integer';
      throw valueError('ABI_INTEGER_INVALID', path, type, `${problem} (${show(value)}).`, value);
    }
    n = parsed;
  } else {
    throw valueError(
      'ABI_VALUE_TYPE',
      path,
      type,
      `must be a bigint, a number or a decimal string, got ${show(value)}.`,
      value,
    );
  }
  const min = type.kind === 'int' ? type.min : 0n;
  if (n < min || n > type.max) {
    throw valueError(
      'ABI_INTEGER_OUT_OF_RANGE',
      path,
      type,
      `is ${n}, outside the range ${min} to ${type.max}.`,
      value,
    );
  }
  return n;
}

/** Lowercase hex digits of a hex string (optional 0x), or undefined if it is not hex of even length. */
export function cleanHex(text: string): string | undefined {
  const from = prefixLength(text);
  if ((text.length - from) % 2 !== 0) return undefined;
  return lowerHexOrUndefined(text, from);
}

/**
 * The 20 address bytes as 40 hex digits. The ABI word holds the EVM form, so the TRON 0x41
 * prefix is dropped (Solidity ABI specification, `address` as uint160).
 */
export function toAddressBody(value: unknown, path: string, type: AbiType): string {
  if (typeof value !== 'string') {
    throw valueError(
      'ABI_VALUE_TYPE',
      path,
      type,
      `must be an address string (T… Base58Check, 41… hex or 0x… EVM hex), got ${show(value)}.`,
      value,
    );
  }
  const hex = cleanHex(value);
  if (hex !== undefined) {
    const prefixed = prefixLength(value) === 2;
    // 0x + 20 bytes is the EVM form; 21 bytes must carry the TRON prefix (with or without 0x).
    if (hex.length === 40 && prefixed) return hex;
    if (hex.length === 42 && hex.charCodeAt(0) === 52 && hex.charCodeAt(1) === 49) return hex.slice(2);
    const reason =
      hex.length === 42
        ? 'does not start with the TRON prefix 41'
        : `is ${hex.length / 2} bytes of hex; expected 21 bytes starting with 41, or 0x and 20 bytes`;
    throw valueError('ABI_ADDRESS_INVALID', path, type, `${reason} (${show(value)}).`, value);
  }
  try {
    return bytesToHex(addressToBytes(value).subarray(1));
  } catch (error) {
    if (error instanceof AddressError || error instanceof EncodingError) {
      throw valueError('ABI_ADDRESS_INVALID', path, type, `is not a valid TRON address: ${error.message}`, value);
    }
    throw error;
  }
}

/** Byte content of a `bytes`/`bytesN` value as lowercase hex. */
export function toBytesHex(value: unknown, path: string, type: AbiType): string {
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (typeof value === 'string') {
    const hex = cleanHex(value);
    if (hex === undefined)
      throw valueError(
        'ABI_BYTES_INVALID',
        path,
        type,
        `is not hex with an even number of digits (${show(value)}).`,
        value,
      );
    return hex;
  }
  throw valueError('ABI_VALUE_TYPE', path, type, `must be hex text or a Uint8Array, got ${show(value)}.`, value);
}

/**
 * TextEncoder turns a lone UTF-16 surrogate into U+FFFD, so such text would not decode back to
 * itself; refuse it instead of changing the value silently.
 */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return true;
  }
  return false;
}
