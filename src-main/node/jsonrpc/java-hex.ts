import { bytesToHex } from '../../../src-core/bytes/hex';
import { invalidParams, JAVA_CLASS, JavaRuntimeFailure, nullPointer } from './errors';

/**
 * The hex and number conversions java-tron's JSON-RPC uses (org.tron.common.utils.ByteArray,
 * bouncycastle Hex.decode, Long.parseLong, BigInteger), with the same acceptance and the same
 * failure messages: the node answers a malformed value exactly as java-tron does.
 */
const INT64 = 1n << 64n;

/** `ByteArray.toJsonHex(byte[])`: "0x" + hex, "0x" for none. */
export function toJsonHex(bytes: Uint8Array): string {
  return `0x${bytesToHex(bytes)}`;
}

/** `ByteArray.toJsonHex(long)`: Long.toHexString, no leading zeros; a negative long in two's complement. */
export function quantity(value: bigint | number): string {
  const n = BigInt.asIntN(64, BigInt(value));
  return `0x${(n < 0n ? n + INT64 : n).toString(16)}`;
}

/** `ByteArray.toJsonHexAddress`: a leading 41 dropped (20-byte EVM form), null for none. */
export function toJsonHexAddress(bytes: Uint8Array | undefined): string | null {
  if (!bytes || bytes.length === 0) return null;
  const hex = bytesToHex(bytes);
  return `0x${hex.startsWith('41') ? hex.slice(2) : hex}`;
}

const IGNORED = new Set([' ', '\t', '\n', '\r']);

/**
 * `ByteArray.fromHexString`: null → no bytes, a lowercase "0x" dropped, an odd length padded with a
 * leading 0, then bouncycastle `Hex.decode` (whitespace skipped), whose failures are
 * `DecoderException: exception decoding Hex string: …`.
 */
export function fromHexString(text: string | null): Uint8Array {
  if (text === null) return new Uint8Array();
  let data = text.startsWith('0x') ? text.slice(2) : text;
  if (data.length % 2 !== 0) data = `0${data}`;
  const out: number[] = [];
  let end = data.length;
  while (end > 0 && IGNORED.has(data[end - 1]!)) end--;
  let i = 0;
  const next = (): number => {
    while (i < end && IGNORED.has(data[i]!)) i++;
    if (i >= data.length) throw decoderFailure(`String index out of range: ${i}`);
    const code = data.charCodeAt(i++);
    // bouncycastle's decoding table has 128 entries.
    if (code >= 128) throw decoderFailure(String(code));
    return hexValue(code);
  };
  while (i < end) {
    const high = next();
    const low = next();
    if (high < 0 || low < 0) throw decoderFailure('invalid characters encountered in Hex string');
    out.push((high << 4) | low);
  }
  return Uint8Array.from(out);
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  return -1;
}

function decoderFailure(cause: string): JavaRuntimeFailure {
  return new JavaRuntimeFailure(JAVA_CLASS.decoder, `exception decoding Hex string: ${cause}`);
}

/** `ByteArray.fromHex`: a lowercase "0x" dropped, odd length padded (no decoding). */
export function stripHexPrefix(text: string | null): string {
  if (text === null) throw nullPointer();
  const data = text.startsWith('0x') ? text.slice(2) : text;
  return data.length % 2 !== 0 ? `0${data}` : data;
}

/** `ByteArray.hexToBigInteger`: "0x…" in base 16, anything else in base 10; undefined where Java throws. */
export function hexToBigInteger(text: string | null): bigint | undefined {
  if (text === null) return undefined;
  return text.startsWith('0x') ? parseBigInteger(text.slice(2), 16) : parseBigInteger(text, 10);
}

/** `new BigInteger(text, radix)`: an optional sign, then at least one digit of the radix. */
function parseBigInteger(text: string, radix: 10 | 16): bigint | undefined {
  const digits = radix === 16 ? /^[+-]?[0-9a-fA-F]+$/ : /^[+-]?[0-9]+$/;
  if (!digits.test(text)) return undefined;
  const negative = text.startsWith('-');
  const body = text.replace(/^[+-]/, '');
  const value = BigInt(radix === 16 ? `0x${body}` : body);
  return negative ? -value : value;
}

/** `BigInteger.longValue()`: the low 64 bits, signed. */
export function longValue(value: bigint): bigint {
  return BigInt.asIntN(64, value);
}

/** `Long.parseLong(text, 16)` / `Integer.parseInt(text, 16)`; undefined where Java throws. */
function parseJavaInteger(text: string, bits: 32 | 64): bigint | undefined {
  const value = parseBigInteger(text, 16);
  if (value === undefined) return undefined;
  return BigInt.asIntN(bits, value) === value ? value : undefined;
}

/** `ByteArray.jsonHexToLong`: "0x" required ("Incorrect hex syntax"), then Long.parseLong(…, 16). */
export function jsonHexToLong(text: string | null): bigint {
  if (text === null) throw nullPointer();
  if (!text.startsWith('0x')) throw invalidParams('Incorrect hex syntax');
  const digits = text.slice(2);
  const value = parseJavaInteger(digits, 64);
  // Java 8 NumberFormatException.forInputString.
  if (value === undefined) throw new JavaRuntimeFailure(JAVA_CLASS.numberFormat, `For input string: "${digits}"`);
  return value;
}

/** `ByteArray.jsonHexToInt`; undefined where it throws (every caller maps the failure to its own message). */
export function jsonHexToInt(text: string | null): number | undefined {
  if (text === null || !text.startsWith('0x')) return undefined;
  const value = parseJavaInteger(text.slice(2), 32);
  return value === undefined ? undefined : Number(value);
}
