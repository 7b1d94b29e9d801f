import { parseJsonLossless, stringifyJson } from '../../../src-core/json/lossless';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { javaHexDecode } from '../java-json/json-format';
import { member, parseSpans, type JsonSpan } from '../java-json/json-spans';
import { JavaError } from '../errors';
import { intValueExact, longValueExact } from '../java-json/java-numbers';
import { JAVA, nullPointer } from '../java-json/error-body';
import { decodeBase58Check } from '../../../src-core/bytes/base58';
import { bytesToHex } from '../../../src-core/bytes/hex';

/**
 * What java-tron's servlets do with a request body besides JsonFormat.merge: the text as
 * `getReader().lines()` joins it, PostParams' form conversion, and the fastjson reads
 * (Util.getJsonLongValue, Util.setTransactionPermissionId, JSONObject.getString).
 */

/** `reader.lines().collect(joining(lineSeparator))`: "\r\n", "\r" and "\n" all become "\n"; no final line break. */
export function servletText(raw: string): string {
  // One line (most bodies): the text as it is.
  if (!raw.includes('\n') && !raw.includes('\r')) return raw;
  const lines = raw.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** java.lang.String.hashCode. */
function javaHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The keys in java.util.HashMap's iteration order: by bucket of the table the map has grown to
 * (16, doubled past three quarters full), then in insertion order within a bucket.
 */
export function hashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (key: string): number => {
    const h = javaHash(key);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((entry) => entry.key);
}

function isJson(text: string): boolean {
  try {
    parseJsonLossless(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostParams.getPostParams for a body sent as exactly `application/x-www-form-urlencoded`
 * (Util.getJsonString): valid JSON stays; otherwise the form's fields become a fastjson object,
 * every value a string (a repeated field a list), printed in HashMap order.
 */
export function formToJsonText(text: string): string {
  if (text === '' || isJson(text)) return text;
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  }
  const object: Record<string, unknown> = {};
  for (const key of hashMapOrder([...values.keys()])) {
    const list = values.get(key)!;
    object[key] = list.length === 1 ? list[0] : list;
  }
  return stringifyJson(object);
}

/** The request body as the servlet's fastjson object sees it. */
export interface ServletBody {
  readonly text: string;
  /** The parsed object (fastjson's JSONObject). */
  readonly json: Record<string, unknown>;
}

/** Where each value of a body's text lies, by its parsed object: a handler reads several numbers of one body. */
const spansOfBody = new WeakMap<object, JsonSpan>();

function spansOf(body: ServletBody): JsonSpan {
  let spans = spansOfBody.get(body.json);
  if (!spans) spansOfBody.set(body.json, (spans = parseSpans(body.text)));
  return spans;
}

/** JSONObject.getString: null when absent or null, the text of a number or a nested value otherwise. */
export function getString(body: ServletBody, key: string): string | undefined {
  const value = body.json[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') {
    // The digits as written: fastjson keeps a fraction or an exponent exact, a double would not.
    const span = member(spansOf(body), key);
    return span ? body.text.slice(span.start, span.end) : String(value);
  }
  return typeof value === 'object' ? stringifyJson(value) : String(value);
}

/** fastjson's castToBigDecimal text: null for "", "null" and {}. */
function decimalText(body: ServletBody, key: string): string | undefined {
  const value = body.json[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return undefined;
  const text = getString(body, key)!;
  return text === '' || text.toLowerCase() === 'null' ? undefined : text;
}

/**
 * Util.getJsonLongValue: 0 when absent; otherwise the BigDecimal of the value, which must be a
 * whole number within the long range (ArithmeticException "Overflow" / "Rounding necessary";
 * text that is no number: NumberFormatException).
 */
export function jsonLongValue(body: ServletBody, key: string): bigint {
  const text = decimalText(body, key);
  return text === undefined ? 0n : longValueExact(text);
}

/**
 * The `Permission_id` Util.setTransactionPermissionId reads (0 = leave the contract's alone):
 * present but null or empty is a NullPointerException, as the unboxing there. fastjson's
 * getInteger would cut a long or a fraction to 32 bits; such a value is refused instead.
 */
export function permissionIdOf(body: ServletBody): number {
  if (!Object.prototype.hasOwnProperty.call(body.json, 'Permission_id')) return 0;
  const value = body.json.Permission_id;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = value === null ? undefined : getString(body, 'Permission_id')!.replace(/,/g, '');
  if (text === undefined || text === '' || text === 'null' || text === 'NULL') throw nullPointer();
  if (typeof value === 'string' && !/^[+-]?\d+(\.0*)?$/.test(text))
    throw new JavaError('java.lang.NumberFormatException', `For input string: "${text}"`);
  return intValueExact(text);
}

/**
 * Util.setTransactionExtraData's `extra_data`: none when absent or empty; UTF-8 bytes with
 * `visible`, hex otherwise (Bouncy Castle's DecoderException for anything else); null is a
 * NullPointerException.
 */
export function extraDataOf(body: ServletBody, visible: boolean): Uint8Array | undefined {
  if (!Object.prototype.hasOwnProperty.call(body.json, 'extra_data')) return undefined;
  const text = getString(body, 'extra_data');
  if (text === undefined) throw nullPointer();
  if (text.length === 0) return undefined;
  return visible ? utf8ToBytes(text) : fromHexString(text);
}

/** ByteArray.fromHexString outside JsonFormat: bad hex is Bouncy Castle's DecoderException. */
export function fromHexString(text: string): Uint8Array {
  const bytes = javaHexDecode(text);
  if (!bytes)
    throw new JavaError(
      'org.bouncycastle.util.encoders.DecoderException',
      'exception decoding Hex string: invalid characters encountered in Hex string',
    );
  return bytes;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Util.getHexAddress: a Base58Check address as hex; "" when it is empty, fails its checksum or is
 * no 21-byte 0x41 address; a character outside the alphabet is an IllegalArgumentException.
 */
export function getHexAddress(text: string): string {
  const bad = [...text].findIndex((c) => !BASE58_ALPHABET.includes(c));
  if (bad >= 0) throw new JavaError(JAVA.illegalArgument, `Illegal character ${text[bad]} at ${bad}`);
  if (text === '') return '';
  try {
    const address = decodeBase58Check(text);
    return address.length === 21 && address[0] === 0x41 ? bytesToHex(address) : '';
  } catch {
    return '';
  }
}
