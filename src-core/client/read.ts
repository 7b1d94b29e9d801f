import type { HexAddress } from '../brand';
import { toHexAddress } from '../address/address';
import { hexToBytes } from '../bytes/hex';
import { isValidUtf8, bytesToUtf8 } from '../bytes/utf8';
import { NodeApiError, NodeClientErrorCode } from '../errors';

/**
 * Field readers for node JSON. java-tron omits proto3 defaults (java-tron JsonFormat), so an
 * absent field reads as 0 / 0n / "" / false / []. A field that is present with the wrong type is a
 * NODE_BAD_RESPONSE: the node is not speaking java-tron's dialect and guessing would be unsafe.
 * Integers are accepted as numbers, bigints (from the lossless parser) or decimal strings (nodes
 * asked for `int64_as_string`).
 */

export type JsonObject = Record<string, unknown>;

export function badResponse(endpoint: string, what: string): NodeApiError {
  return new NodeApiError(
    NodeClientErrorCode.NODE_BAD_RESPONSE,
    `The node's answer to ${endpoint} is not in the form java-tron uses (${what}); check that the URL points at a TRON full node.`,
    { endpoint, problem: what },
  );
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** java-tron prints `{}` for objects it cannot find (the query servlets). */
export function isEmptyObject(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 0;
}

export function asObject(value: unknown, endpoint: string, what = 'the body'): JsonObject {
  if (!isObject(value)) throw badResponse(endpoint, `${what} is not a JSON object`);
  return value;
}

function integerValue(value: unknown, endpoint: string, key: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw badResponse(endpoint, `"${key}" is not an integer`);
}

/** An int64 that is an amount (sun) or may exceed 2^53: always a bigint. */
export function big(o: JsonObject, key: string, endpoint: string): bigint {
  const value = o[key];
  return value === undefined || value === null ? 0n : integerValue(value, endpoint, key);
}

/** Counters, times in ms, energy units: plain numbers, refused if they would lose precision. */
export function int(o: JsonObject, key: string, endpoint: string): number {
  const value = o[key];
  if (value === undefined || value === null) return 0;
  const n = integerValue(value, endpoint, key);
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw badResponse(endpoint, `"${key}" is too large for this field`);
  }
  return Number(n);
}

export function str(o: JsonObject, key: string, endpoint: string): string {
  const value = o[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badResponse(endpoint, `"${key}" is not a string`);
  return value;
}

export function bool(o: JsonObject, key: string, endpoint: string): boolean {
  const value = o[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw badResponse(endpoint, `"${key}" is not true or false`);
  return value;
}

export function list(o: JsonObject, key: string, endpoint: string): unknown[] {
  const value = o[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badResponse(endpoint, `"${key}" is not a list`);
  return value;
}

export function objects(o: JsonObject, key: string, endpoint: string): JsonObject[] {
  return list(o, key, endpoint).map((item) => asObject(item, endpoint, `an entry of "${key}"`));
}

export function child(o: JsonObject, key: string, endpoint: string): JsonObject {
  const value = o[key];
  if (value === undefined || value === null) return {};
  return asObject(value, endpoint, `"${key}"`);
}

export function strings(o: JsonObject, key: string, endpoint: string): string[] {
  return list(o, key, endpoint).map((item) => {
    if (typeof item !== 'string') throw badResponse(endpoint, `an entry of "${key}" is not a string`);
    return item;
  });
}

export function addressOf(value: unknown, endpoint: string, key: string): HexAddress {
  if (typeof value !== 'string') throw badResponse(endpoint, `"${key}" is not an address`);
  try {
    return toHexAddress(value);
  } catch {
    throw badResponse(endpoint, `"${key}" is not a valid TRON address`);
  }
}

export function address(o: JsonObject, key: string, endpoint: string): HexAddress {
  if (o[key] === undefined) throw badResponse(endpoint, `"${key}" is missing`);
  return addressOf(o[key], endpoint, key);
}

export function optionalAddress(o: JsonObject, key: string, endpoint: string): HexAddress | undefined {
  const value = o[key];
  return value === undefined || value === null || value === '' ? undefined : addressOf(value, endpoint, key);
}

/**
 * java-tron hex-encodes `bytes` fields such as `Return.message` and `resMessage` when visible=false
 * (JsonFormat). Returns the UTF-8 text, or the input unchanged when it is not hex of valid UTF-8 (some
 * nodes and visible=true answers already send text).
 */
export function decodeHexText(value: string): string {
  if (value.length === 0 || value.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(value)) return value;
  const bytes = hexToBytes(value);
  return isValidUtf8(bytes) ? bytesToUtf8(bytes) : value;
}
