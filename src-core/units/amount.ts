import { AmountError } from '../errors';

/**
 * Decimal text ⇄ integer amounts. TRX has 6 decimals (1 TRX = 1,000,000 sun); a TRC10 or TRC20
 * token has whatever its `precision` / `decimals()` says. Everything is `bigint` and string
 * arithmetic: a float never touches an amount, so 0.1 + 0.2 cannot happen here.
 */

export const TRX_DECIMALS = 6;
export const INT64_MAX = 2n ** 63n - 1n;
export const INT64_MIN = -(2n ** 63n);
/** TRC20 balances are uint256; pass this as `max` when parsing them. */
export const UINT256_MAX = 2n ** 256n - 1n;
/** TRC20 `decimals()` is a uint8. */
export const MAX_DECIMALS = 255;

export type DecimalSeparator = '.' | ',';
export type GroupSeparator = ',' | '.' | ' ' | '_' | "'" | '\u00a0' | '\u202f';

export interface ParseAmountOptions {
  /** Accept a leading minus sign (default false: amounts moved on chain are never negative). */
  readonly allowNegative?: boolean;
  /** Accept zero (default true; a transfer form passes false). */
  readonly allowZero?: boolean;
  /** Largest accepted value in base units (default int64 max, the range of every on-chain amount). */
  readonly max?: bigint;
  /** Smallest accepted value in base units (default 0, or int64 min when negatives are allowed). */
  readonly min?: bigint;
  readonly decimalSeparator?: DecimalSeparator;
  /** When set, this separator is accepted between groups of exactly three integer digits. */
  readonly groupSeparator?: GroupSeparator;
  /** The unit named in messages, e.g. "TRX" or "USDT". */
  readonly unit?: string;
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new AmountError(
      'AMOUNT_BAD_DECIMALS',
      `A token has between 0 and ${MAX_DECIMALS} decimals, got ${String(decimals)}.`,
      { decimals: String(decimals) },
    );
  }
}

function checkSeparators(decimal: string, group: string | undefined): void {
  if (group !== undefined && group === decimal) {
    throw new AmountError(
      'AMOUNT_BAD_SEPARATORS',
      `The group separator and the decimal separator must differ (both are "${decimal}").`,
    );
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Parses decimal text into base units (`decimals` = 6 gives sun from TRX). */
export function parseUnits(text: string, decimals: number, options: ParseAmountOptions = {}): bigint {
  checkDecimals(decimals);
  const decimalSeparator = options.decimalSeparator ?? '.';
  checkSeparators(decimalSeparator, options.groupSeparator);
  const unit = options.unit ?? 'units';
  if (typeof text !== 'string') throw new AmountError('AMOUNT_NOT_TEXT', 'The amount must be given as text.');
  const trimmed = text.trim();
  if (trimmed === '') throw new AmountError('AMOUNT_EMPTY', 'Enter an amount.');

  const negative = trimmed.startsWith('-');
  const body = negative ? trimmed.slice(1) : trimmed;
  if (/^[\d.,_ '\u00a0\u202f]*\d[eE][+-]?\d+$/.test(body)) {
    throw new AmountError(
      'AMOUNT_EXPONENT',
      'Write the amount out in full digits; exponent notation such as 1e6 is not accepted.',
      { text },
    );
  }

  const parts = body.split(decimalSeparator);
  if (parts.length > 2)
    throw new AmountError('AMOUNT_MALFORMED', `The amount "${text}" has more than one decimal separator.`, { text });
  const integerText = parts[0]!;
  const fractionText = parts[1];
  const group = options.groupSeparator;
  const plainInteger = /^\d+$/;
  const groupedInteger = group === undefined ? undefined : new RegExp(`^\\d{1,3}(?:${escapeRegex(group)}\\d{3})+$`);
  const integerOk =
    plainInteger.test(integerText) || (groupedInteger !== undefined && groupedInteger.test(integerText));
  if (!integerOk || (fractionText !== undefined && !/^\d+$/.test(fractionText))) {
    throw new AmountError(
      'AMOUNT_MALFORMED',
      `"${text}" is not an amount; use digits with at most one "${decimalSeparator}", e.g. 12${decimalSeparator}5.`,
      { text },
    );
  }
  if (negative && !options.allowNegative)
    throw new AmountError('AMOUNT_NEGATIVE', 'The amount cannot be negative.', { text });
  const fraction = fractionText ?? '';
  if (fraction.length > decimals) {
    const smallest = decimals === 0 ? '1' : `0${decimalSeparator}${'0'.repeat(decimals - 1)}1`;
    throw new AmountError(
      'AMOUNT_TOO_MANY_DECIMALS',
      `${unit} amounts have at most ${decimals} decimal places (the smallest is ${smallest}); "${text}" has ` +
        `${fraction.length}.`,
      {
        text,
        decimals,
      },
    );
  }

  const digits = integerText.split(group ?? '\u0000').join('') + fraction.padEnd(decimals, '0');
  const magnitude = BigInt(digits);
  const value = negative ? -magnitude : magnitude;
  if (value === 0n && options.allowZero === false)
    throw new AmountError('AMOUNT_ZERO', 'The amount must be greater than zero.', { text });
  const max = options.max ?? INT64_MAX;
  const min = options.min ?? (options.allowNegative ? INT64_MIN : 0n);
  if (value > max) {
    throw new AmountError(
      'AMOUNT_TOO_LARGE',
      `The amount is larger than the most this field can hold (${formatUnits(max, decimals)} ${unit}).`,
      { text, max: max.toString() },
    );
  }
  if (value < min) {
    throw new AmountError(
      'AMOUNT_TOO_SMALL',
      `The amount is smaller than the least this field accepts (${formatUnits(min, decimals)} ${unit}).`,
      { text, min: min.toString() },
    );
  }
  return value;
}

/** TRX text → sun. */
export function parseTrx(text: string, options: ParseAmountOptions = {}): bigint {
  return parseUnits(text, TRX_DECIMALS, { unit: 'TRX', ...options });
}

export type Rounding = 'down' | 'half-up' | 'half-even';

export interface FormatAmountOptions {
  /** Insert a separator between groups of three integer digits (default false). */
  readonly group?: boolean;
  readonly groupSeparator?: GroupSeparator;
  readonly decimalSeparator?: DecimalSeparator;
  /** Keep at least this many fraction digits (default 0: trailing zeros are dropped). */
  readonly minFractionDigits?: number;
  /**
   * Show at most this many fraction digits, rounding the rest away (display only: the result
   * is no longer exact and must never be parsed back into an amount to send).
   */
  readonly maxFractionDigits?: number;
  readonly rounding?: Rounding;
  /** Appended after a space, e.g. "TRX". */
  readonly unit?: string;
}

function checkDigitsOption(value: number | undefined, name: string): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > MAX_DECIMALS)) {
    throw new AmountError(
      'AMOUNT_BAD_FORMAT_OPTION',
      `The ${name} option must be a whole number between 0 and ${MAX_DECIMALS}.`,
    );
  }
}

function roundTo(magnitude: bigint, decimals: number, keep: number, rounding: Rounding): bigint {
  const divisor = 10n ** BigInt(decimals - keep);
  const quotient = magnitude / divisor;
  const remainder = magnitude % divisor;
  if (rounding === 'down' || remainder === 0n) return quotient;
  const twice = remainder * 2n;
  if (twice > divisor) return quotient + 1n;
  if (twice < divisor) return quotient;
  return rounding === 'half-up' || quotient % 2n === 1n ? quotient + 1n : quotient;
}

function groupDigits(digits: string, separator: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    out = digits.slice(start, end) + (out === '' ? '' : separator + out);
  }
  return out;
}

/** Base units → decimal text, exact unless `maxFractionDigits` asks for rounding. */
export function formatUnits(amount: bigint, decimals: number, options: FormatAmountOptions = {}): string {
  if (typeof amount !== 'bigint')
    throw new AmountError(
      'AMOUNT_NOT_BIGINT',
      'Amounts are formatted from bigint base units, never from floating-point numbers.',
    );
  checkDecimals(decimals);
  checkDigitsOption(options.minFractionDigits, 'minFractionDigits');
  checkDigitsOption(options.maxFractionDigits, 'maxFractionDigits');
  const decimalSeparator = options.decimalSeparator ?? '.';
  const groupSeparator = options.groupSeparator ?? ',';
  if (options.group) checkSeparators(decimalSeparator, groupSeparator);

  let magnitude = amount < 0n ? -amount : amount;
  let shown = decimals;
  if (options.maxFractionDigits !== undefined && options.maxFractionDigits < decimals) {
    shown = options.maxFractionDigits;
    magnitude = roundTo(magnitude, decimals, shown, options.rounding ?? 'half-up');
  }
  const scale = 10n ** BigInt(shown);
  const integerDigits = (magnitude / scale).toString();
  let fraction = shown === 0 ? '' : (magnitude % scale).toString().padStart(shown, '0');
  const minimum = options.minFractionDigits ?? 0;
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minimum) fraction = fraction.padEnd(minimum, '0');

  const integerText = options.group ? groupDigits(integerDigits, groupSeparator) : integerDigits;
  const sign = amount < 0n && magnitude !== 0n ? '-' : '';
  const text = sign + integerText + (fraction === '' ? '' : decimalSeparator + fraction);
  return options.unit ? `${text} ${options.unit}` : text;
}

/** sun → TRX text. */
export function formatTrx(sun: bigint, options: FormatAmountOptions & { withUnit?: boolean } = {}): string {
  const { withUnit, ...rest } = options;
  return formatUnits(sun, TRX_DECIMALS, withUnit ? { unit: 'TRX', ...rest } : rest);
}
