import { JavaError } from '../errors';

/**
 * How java-tron's HTTP layer (Java 8) turns request text into integers, with the exception texts
 * a client sees: JsonFormat.parseInteger for protobuf fields, BigDecimal.longValueExact behind
 * Util.getJsonLongValue. Values come back exact or not at all.
 */

/** A java.lang.NumberFormatException; JsonFormat wraps its message in "Couldn't parse integer: …". */
export class JavaNumberFormatError extends Error {}

const ARITHMETIC = 'java.lang.ArithmeticException';
const NUMBER_FORMAT = 'java.lang.NumberFormatException';

/** Character.digit for the ASCII digits and letters a token can hold. */
function digitOf(c: string, radix: number): number {
  const code = c.charCodeAt(0);
  let d = -1;
  if (code >= 48 && code <= 57) d = code - 48;
  else if (code >= 97 && code <= 122) d = code - 87;
  else if (code >= 65 && code <= 90) d = code - 55;
  return d < radix ? d : -1;
}

/** NumberFormatException.forInputString as Java 8 words it (no radix suffix). */
function forInputString(s: string): JavaNumberFormatError {
  return new JavaNumberFormatError(`For input string: "${s}"`);
}

/** Long.parseLong(s, radix): sign, digits, the long range; any other character refuses the whole string. */
function parseLong(s: string, radix: number): bigint {
  if (s.length === 0) throw forInputString(s);
  let i = 0;
  let negative = false;
  if (s[0]! < '0') {
    if (s[0] === '-') negative = true;
    else if (s[0] !== '+') throw forInputString(s);
    if (s.length === 1) throw forInputString(s);
    i = 1;
  }
  let result = 0n;
  const limit = negative ? 2n ** 63n : 2n ** 63n - 1n;
  for (; i < s.length; i++) {
    const d = digitOf(s[i]!, radix);
    if (d < 0) throw forInputString(s);
    result = result * BigInt(radix) + BigInt(d);
    if (result > limit) throw forInputString(s);
  }
  return negative ? -result : result;
}

/**
 * Long.parseLong(request.getParameter(name)) as the GET forms of java-tron's servlets call it: a
 * missing parameter is Java 8's NumberFormatException "null", anything that is not a decimal long
 * (empty, a fraction, past the long range) is "For input string: …".
 */
export function longQueryParam(value: string | null): bigint {
  if (value === null) throw new JavaError(NUMBER_FORMAT, 'null');
  try {
    return parseLong(value, 10);
  } catch (error) {
    if (error instanceof JavaNumberFormatError) throw new JavaError(NUMBER_FORMAT, error.message);
    throw error;
  }
}

/** Digits per 32-bit group in java.math.BigInteger's string constructor. */
const DIGITS_PER_INT: Readonly<Record<number, number>> = { 8: 10, 10: 9, 16: 7 };

/** new BigInteger(s, radix) of Java 8, with its exception texts. */
function parseBigInteger(s: string, radix: number): bigint {
  if (s.length === 0) throw new JavaNumberFormatError('Zero length BigInteger');
  let cursor = 0;
  let sign = 1n;
  const minus = s.lastIndexOf('-');
  const plus = s.lastIndexOf('+');
  if (minus >= 0) {
    if (minus !== 0 || plus >= 0) throw new JavaNumberFormatError('Illegal embedded sign character');
    sign = -1n;
    cursor = 1;
  } else if (plus >= 0) {
    if (plus !== 0) throw new JavaNumberFormatError('Illegal embedded sign character');
    cursor = 1;
  }
  if (cursor === s.length) throw new JavaNumberFormatError('Zero length BigInteger');
  while (cursor < s.length && digitOf(s[cursor]!, radix) === 0) cursor++;
  if (cursor === s.length) return 0n;
  const perGroup = DIGITS_PER_INT[radix]!;
  let first = (s.length - cursor) % perGroup;
  if (first === 0) first = perGroup;
  let value = 0n;
  // Each group goes through Integer.parseInt, whose complaint names the group alone.
  for (let size = first; cursor < s.length; size = perGroup) {
    const group = s.slice(cursor, cursor + size);
    cursor += size;
    for (const c of group) if (digitOf(c, radix) < 0) throw forInputString(group);
    value = value * BigInt(radix) ** BigInt(group.length) + BigInt(parseInt(group, radix));
  }
  return sign * value;
}

/** BigInteger.bitLength: bits of the two's-complement form without the sign bit. */
function bitLength(n: bigint): number {
  const magnitude = n >= 0n ? n : -n - 1n;
  return magnitude === 0n ? 0 : magnitude.toString(2).length;
}

const DECIMAL_DIGITS = /^[0-9]+$/;

function outOfRange(text: string, bits: 32 | 64): JavaNumberFormatError {
  return new JavaNumberFormatError(`Number out of range for ${bits}-bit signed integer: ${text}`);
}

/**
 * JsonFormat.parseInteger for a signed int32 (`bits` 32) or int64 field: the token text as the
 * tokenizer cut it (quotes included when the value was a string). "0x" reads hex and a leading
 * "0" octal, as the JsonFormat tokenizer does.
 */
export function parseJsonFormatInteger(text: string, bits: 32 | 64): bigint {
  let pos = 0;
  let negative = false;
  if (text.startsWith('-')) {
    pos = 1;
    negative = true;
  }
  let radix = 10;
  if (text.startsWith('0x', pos)) {
    pos += 2;
    radix = 16;
  } else if (text.startsWith('0', pos)) {
    radix = 8;
  }
  const numberText = text.slice(pos);
  if (numberText.length < 16) {
    // Fewer than 16 decimal digits always fit a long: Long.parseLong's answer without its digit loop.
    let result = radix === 10 && DECIMAL_DIGITS.test(numberText) ? BigInt(numberText) : parseLong(numberText, radix);
    if (negative) result = -result;
    if (bits === 32 && (result > 2n ** 31n - 1n || result < -(2n ** 31n))) throw outOfRange(text, bits);
    return result;
  }
  let value = parseBigInteger(numberText, radix);
  if (negative) value = -value;
  if (bitLength(value) > bits - 1) throw outOfRange(text, bits);
  return value;
}

/** A java.math.BigDecimal: unscaled value × 10^-scale. */
interface Decimal {
  readonly unscaled: bigint;
  readonly scale: number;
}

/** new BigDecimal(text): Java 8 refuses malformed text with a NumberFormatException without a message. */
function parseBigDecimal(text: string): Decimal {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new JavaError(NUMBER_FORMAT, 'null');
  const fraction = match[3] ?? '';
  const digits = `${match[2]}${fraction}`;
  const unscaled = BigInt(digits) * (match[1] === '-' ? -1n : 1n);
  return { unscaled, scale: fraction.length - Number(match[4] ?? '0') };
}

function precisionOf(n: bigint): number {
  return n === 0n ? 1 : (n < 0n ? -n : n).toString().length;
}

/**
 * BigDecimal.longValueExact of `text` (a JSON number token, or the string fastjson hands to
 * `new BigDecimal`): an integer within the long range, else ArithmeticException "Overflow" or
 * "Rounding necessary", in Java's order.
 */
export function longValueExact(text: string): bigint {
  const { unscaled, scale } = parseBigDecimal(text);
  const precision = precisionOf(unscaled);
  if (precision - scale > 19) throw new JavaError(ARITHMETIC, 'Overflow');
  if (unscaled === 0n) return 0n;
  if (precision - scale <= 0) throw new JavaError(ARITHMETIC, 'Rounding necessary');
  let value: bigint;
  if (scale <= 0) value = unscaled * 10n ** BigInt(-scale);
  else {
    const divisor = 10n ** BigInt(scale);
    if (unscaled % divisor !== 0n) throw new JavaError(ARITHMETIC, 'Rounding necessary');
    value = unscaled / divisor;
  }
  if (value > 2n ** 63n - 1n || value < -(2n ** 63n)) throw new JavaError(ARITHMETIC, 'Overflow');
  return value;
}

/**
 * An int32 that must not change: fastjson's getInteger would cut a long or a fraction to 32 bits
 * (java-tron's Permission_id); here such a value is refused with BigDecimal.intValueExact's texts.
 */
export function intValueExact(text: string): number {
  const value = longValueExact(text);
  if (value > 2n ** 31n - 1n || value < -(2n ** 31n)) throw new JavaError(ARITHMETIC, 'Overflow');
  return Number(value);
}
