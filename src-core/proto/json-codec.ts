import { EncodingError } from '../errors';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { bytesToUtf8, isValidUtf8, utf8ToBytes } from '../bytes/utf8';
import { decodeBase58Check, encodeBase58Check } from '../bytes/base58';
import { toBigInt, toJsonInt } from '../json/lossless';
import { bigintToLong, INT64_MAX, INT64_MIN, int64MapKeyToBigint, Long, longToBigint, type LongValue } from './runtime';
import {
  getCodec,
  getEnumInfo,
  getMessageInfo,
  hasMessage,
  INT64_TYPES,
  type FieldInfo,
  type MessageInfo,
} from './schema';
import { visibleFormOf } from './visible-fields';

/**
 * Protobuf message objects ⇄ JSON following java-tron's JsonFormat (`org.tron.core.services.http.JsonFormat`):
 * proto field names, proto3 defaults omitted on output (a set-but-empty message prints `{}`),
 * int64 as bare numbers, enums by name, maps as `[{key, value}]`, bytes as lowercase hex, or
 * Base58Check / UTF-8 for the listed fields when `visible` is true.
 */
export interface JsonCodecOptions {
  readonly visible?: boolean;
  /**
   * `strict` (the wallet): odd-length hex is an error. `java-tron` (the node's HTTP input):
   * odd-length hex is left-padded with a zero, as ByteArray.fromHexString does.
   */
  readonly hexMode?: 'strict' | 'java-tron';
  /**
   * Resolves the message type packed in a `google.protobuf.Any`. Transactions pass the contract
   * type here, as java-tron does; without it the `type_url` suffix is used.
   */
  readonly resolveAny?: (typeUrl: string) => string | undefined;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const UINT32_MAX = 2 ** 32 - 1;
const UINT64_MAX = 2n ** 64n - 1n;

// ---------------------------------------------------------------------------------------------
// message object → JSON

/** `message`: a plain object or a decoded protobufjs message (its defaults live on the prototype). */
export function messageToJson(
  fullName: string,
  message: object,
  options: JsonCodecOptions = {},
): Record<string, unknown> {
  const info = getMessageInfo(fullName);
  const fields = message as Readonly<Record<string, unknown>>;
  if (fullName === 'google.protobuf.Any') return anyToJson(fields, options);
  const out: Record<string, unknown> = {};
  for (const field of info.fields) {
    const value = fields[field.name];
    if (value === undefined || value === null) continue;
    if (field.mapKeyType) {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) continue;
      out[field.name] = entries.map(([key, v]) => ({
        key: mapKeyToJson(field.mapKeyType!, key),
        value: valueToJson(info, field, v, options),
      }));
    } else if (field.repeated) {
      const list = value as unknown[];
      if (list.length === 0) continue;
      out[field.name] = list.map((v) => valueToJson(info, field, v, options));
    } else {
      if (field.kind !== 'message' && isDefault(field, value)) continue;
      out[field.name] = valueToJson(info, field, value, options);
    }
  }
  return out;
}

function mapKeyToJson(type: string, key: string): unknown {
  if (type === 'string') return key;
  if (type === 'bool') return key === 'true';
  return INT64_TYPES.has(type) ? toJsonInt(int64MapKeyToBigint(key)) : Number(key);
}

function isDefault(field: FieldInfo, value: unknown): boolean {
  switch (field.type) {
    case 'bytes':
      return (value as Uint8Array).length === 0;
    case 'string':
      return value === '';
    case 'bool':
      return value === false;
    default:
      if (INT64_TYPES.has(field.type)) return typeof value === 'object' ? (value as LongValue).isZero() : value === 0;
      return value === 0;
  }
}

function valueToJson(owner: MessageInfo, field: FieldInfo, value: unknown, options: JsonCodecOptions): unknown {
  if (field.kind === 'message') return messageToJson(field.type, value as Record<string, unknown>, options);
  if (field.kind === 'enum') return getEnumInfo(field.type).namesByValue.get(value as number) ?? value;
  if (INT64_TYPES.has(field.type)) return int64ToJson(value as LongValue | number);
  if (field.type === 'bytes') return bytesToJson(owner, field, value as Uint8Array, options);
  return value;
}

function int64ToJson(value: LongValue | number): number | bigint {
  if (typeof value === 'number') return value;
  // Longs within ±2^53 convert exactly through toNumber, without a BigInt.
  if (value.high >= -0x200000 && value.high < 0x200000) return value.toNumber();
  return toJsonInt(longToBigint(value));
}

function bytesToJson(owner: MessageInfo, field: FieldInfo, bytes: Uint8Array, options: JsonCodecOptions): string {
  if (!options.visible) return bytesToHex(bytes);
  const form = visibleFormOf(owner.fullName, field.name);
  if (form === 'address') {
    if (bytes.length === 21) return encodeBase58Check(bytes);
    // Log addresses are 20 bytes; java-tron restores the 0x41 prefix before encoding.
    if (bytes.length === 20) return encodeBase58Check(Uint8Array.of(0x41, ...bytes));
    return bytesToHex(bytes);
  }
  if (form === 'text') return isValidUtf8(bytes) ? bytesToUtf8(bytes) : bytesToHex(bytes);
  return bytesToHex(bytes);
}

function anyToJson(message: Record<string, unknown>, options: JsonCodecOptions): Record<string, unknown> {
  const typeUrl = (message.type_url as string | undefined) ?? '';
  const value = (message.value as Uint8Array | undefined) ?? new Uint8Array();
  const inner = resolveAnyType(typeUrl, options);
  if (!inner) return { ...(typeUrl ? { type_url: typeUrl } : {}), value: bytesToHex(value) };
  const decoded = getCodec(inner).decode(value);
  return { value: messageToJson(inner, decoded, options), type_url: typeUrl };
}

function resolveAnyType(typeUrl: string, options: JsonCodecOptions): string | undefined {
  const resolved = options.resolveAny?.(typeUrl);
  if (resolved) return resolved;
  const suffix = typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
  return suffix && hasMessage(suffix) ? suffix : undefined;
}

// ---------------------------------------------------------------------------------------------
// JSON → message object (ready for the static encoder)

export function jsonToMessage(
  fullName: string,
  json: unknown,
  options: JsonCodecOptions = {},
  path = '',
): Record<string, unknown> {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw jsonError('JSON_NOT_OBJECT', path || fullName, 'must be a JSON object');
  }
  if (fullName === 'google.protobuf.Any') return jsonToAny(json as Record<string, unknown>, options, path);
  const info = getMessageInfo(fullName);
  const source = json as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in source) {
    const field = info.fieldsByName.get(key);
    const value = source[key];
    // java-tron ignores unknown keys and nulls (JsonFormat.handleMissingField).
    if (!field || value === null || value === undefined) continue;
    if (field.mapKeyType) {
      out[key] = jsonToMap(info, field, value, options, join(path, key));
    } else if (field.repeated) {
      if (!Array.isArray(value)) throw jsonError('JSON_NOT_ARRAY', join(path, key), 'must be a JSON array');
      const list: unknown[] = [];
      for (let i = 0; i < value.length; i++) {
        if (value[i] !== null) list.push(jsonToValue(info, field, value[i], options, path, key, i));
      }
      out[key] = list;
    } else {
      const converted = jsonToValue(info, field, value, options, path, key);
      // proto3 defaults are not put on the wire; keep them out of the message object too.
      if (field.kind !== 'message' && isDefault(field, converted)) continue;
      out[key] = converted;
    }
  }
  return out;
}

function join(path: string, key: string, index?: number): string {
  const base = path ? `${path}.${key}` : key;
  return index === undefined ? base : `${base}[${index}]`;
}

function jsonToMap(
  owner: MessageInfo,
  field: FieldInfo,
  value: unknown,
  options: JsonCodecOptions,
  where: string,
): Record<string, unknown> {
  const entries: [unknown, unknown][] = Array.isArray(value)
    ? value.map((e: { key?: unknown; value?: unknown }) => [e?.key, e?.value])
    : Object.entries(value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [key, v] of entries) {
    if (key === undefined || key === null) throw jsonError('JSON_BAD_MAP', where, 'has an entry without a key');
    out[String(key)] = jsonToValue(owner, field, v, options, `${where}[${String(key)}]`, '');
  }
  return out;
}

function jsonToValue(
  owner: MessageInfo,
  field: FieldInfo,
  value: unknown,
  options: JsonCodecOptions,
  path: string,
  key: string,
  index?: number,
): unknown {
  const where = key ? join(path, key, index) : path;
  if (field.kind === 'message') return jsonToMessage(field.type, value, options, where);
  if (field.kind === 'enum') return jsonToEnum(field.type, value, where);
  switch (field.type) {
    case 'bytes':
      return jsonToBytes(owner, field, value, options, where);
    case 'string':
      if (typeof value !== 'string') throw jsonError('JSON_BAD_STRING', where, 'must be a string');
      return value;
    case 'bool':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw jsonError('JSON_BAD_BOOL', where, 'must be true or false');
    case 'double':
    case 'float':
      if (typeof value !== 'number') throw jsonError('JSON_BAD_NUMBER', where, 'must be a number');
      return value;
    default:
      return INT64_TYPES.has(field.type)
        ? jsonToInt64(field.type, value, where)
        : jsonToInt32(field.type, value, where);
  }
}

type Where = string;

function jsonToInt64(type: string, value: unknown, where: Where): LongValue {
  // Hot path: JSON numbers that are exact need no BigInt round trip.
  if (
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    (value >= 0 || (type !== 'uint64' && type !== 'fixed64'))
  ) {
    return Long.fromNumber(value);
  }
  let n: bigint;
  try {
    n = toBigInt(value);
  } catch {
    throw jsonError('JSON_BAD_INTEGER', where, 'must be a whole number');
  }
  const unsigned = type === 'uint64' || type === 'fixed64';
  if (unsigned ? n < 0n || n > UINT64_MAX : n < INT64_MIN || n > INT64_MAX) {
    throw jsonError('JSON_INTEGER_RANGE', where, `is out of range for ${type}`);
  }
  return bigintToLong(unsigned ? BigInt.asIntN(64, n) : n);
}

function jsonToInt32(type: string, value: unknown, where: Where): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n))
    throw jsonError('JSON_BAD_INTEGER', where, 'must be a whole number');
  const unsigned = type === 'uint32' || type === 'fixed32';
  if (unsigned ? n < 0 || n > UINT32_MAX : n < INT32_MIN || n > INT32_MAX) {
    throw jsonError('JSON_INTEGER_RANGE', where, `is out of range for ${type}`);
  }
  return n;
}

function jsonToEnum(fullName: string, value: unknown, where: Where): number {
  const info = getEnumInfo(fullName);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string') {
    const direct = info.valuesByName.get(value);
    if (direct !== undefined) return direct;
    // java-tron capitalises an all-lowercase name: "active" → "Active", "nonpayable" → "Nonpayable".
    if (value === value.toLowerCase() && value.length > 0) {
      const capitalised = info.valuesByName.get(value[0]!.toUpperCase() + value.slice(1));
      if (capitalised !== undefined) return capitalised;
    }
    if (/^-?\d+$/.test(value)) return Number(value);
  }
  throw jsonError('JSON_BAD_ENUM', where, `is not a valid ${fullName.slice(fullName.lastIndexOf('.') + 1)} value`, {
    value: String(value),
  });
}

function jsonToBytes(
  owner: MessageInfo,
  field: FieldInfo,
  value: unknown,
  options: JsonCodecOptions,
  where: Where,
): Uint8Array {
  if (typeof value !== 'string') throw jsonError('JSON_BAD_BYTES', where, 'must be a string');
  if (options.visible) {
    const form = visibleFormOf(owner.fullName, field.name);
    if (form === 'address' && value.length > 0 && !/^(0x)?[0-9a-fA-F]+$/.test(value)) {
      try {
        return decodeBase58Check(value);
      } catch {
        throw jsonError('JSON_BAD_ADDRESS', where, 'is not a valid Base58Check address');
      }
    }
    if (form === 'text') return utf8ToBytes(value);
  }
  return parseHex(value, options, where);
}

function parseHex(value: string, options: JsonCodecOptions, where: Where): Uint8Array {
  let text = value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value;
  if (options.hexMode === 'java-tron' && text.length % 2 === 1) text = `0${text}`;
  try {
    return hexToBytes(text);
  } catch (error) {
    const reason =
      (error as EncodingError).code === 'HEX_ODD_LENGTH' ? 'has an odd number of hex digits' : 'is not valid hex';
    throw jsonError('JSON_BAD_HEX', where, reason, { value: value.length > 80 ? `${value.slice(0, 77)}…` : value });
  }
}

function jsonToAny(json: Record<string, unknown>, options: JsonCodecOptions, path: string): Record<string, unknown> {
  const typeUrl = typeof json.type_url === 'string' ? json.type_url : '';
  const inner = resolveAnyType(typeUrl, options);
  const out: Record<string, unknown> = {};
  if (typeUrl) out.type_url = typeUrl;
  if (json.value === undefined || json.value === null) return out;
  if (typeof json.value === 'string') {
    out.value = parseHex(json.value, options, `${path}.value`);
    return out;
  }
  if (!inner) throw jsonError('JSON_UNKNOWN_ANY', path, `has a type_url "${typeUrl}" whose message type is unknown`);
  const message = jsonToMessage(inner, json.value, options, `${path}.value`);
  out.value = getCodec(inner).encode(message).finish();
  return out;
}

function jsonError(code: string, where: string, problem: string, details: Record<string, unknown> = {}): EncodingError {
  return new EncodingError(code, `The field ${where} ${problem}.`, { field: where, ...details });
}
