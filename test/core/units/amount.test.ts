import { describe, expect, it } from 'vitest';
import { AmountError } from '../../../src-core/errors';
import { INT64_MAX, UINT256_MAX, formatTrx, formatUnits, parseTrx, parseUnits } from '../../../src-core/units';
import { expectWalletError } from '../../fixtures/expect-error';

describe('parseTrx', () => {
  it('turns TRX text into sun with exact integer arithmetic', () => {
    expect(parseTrx('1')).toBe(1_000_000n);
    expect(parseTrx('2.5')).toBe(2_500_000n);
    expect(parseTrx('0.000001')).toBe(1n);
    expect(parseTrx('0.1')).toBe(100_000n);
    expect(parseTrx('  15000 ')).toBe(15_000_000_000n);
    expect(parseTrx('007.50')).toBe(7_500_000n);
  });

  it('reads the largest int64 amount exactly', () => {
    expect(parseTrx('9223372036854.775807')).toBe(INT64_MAX);
  });

  it('accepts grouping only when a group separator is configured and groups are of three digits', () => {
    expect(parseTrx('1,234,567.5', { groupSeparator: ',' })).toBe(1_234_567_500_000n);
    expect(parseTrx('1 234', { groupSeparator: ' ' })).toBe(1_234_000_000n);
    expectWalletError(() => parseTrx('1,234'), AmountError, 'AMOUNT_MALFORMED');
    expectWalletError(() => parseTrx('12,34', { groupSeparator: ',' }), AmountError, 'AMOUNT_MALFORMED');
    expectWalletError(() => parseTrx('1,2345', { groupSeparator: ',' }), AmountError, 'AMOUNT_MALFORMED');
  });

  it('accepts a comma decimal separator with a dot group separator', () => {
    expect(parseTrx('1.000,25', { decimalSeparator: ',', groupSeparator: '.' })).toBe(1_000_250_000n);
  });

  it('refuses more decimals than TRX has', () => {
    const error = expectWalletError(() => parseTrx('0.0000001'), AmountError, 'AMOUNT_TOO_MANY_DECIMALS');
    expect(error.message).toContain('0.000001');
  });

  it('refuses trailing zeros beyond the allowed decimals too, because the precision typed is wrong', () => {
    expectWalletError(() => parseTrx('1.0000000'), AmountError, 'AMOUNT_TOO_MANY_DECIMALS');
  });

  it('refuses empty and blank text', () => {
    expectWalletError(() => parseTrx(''), AmountError, 'AMOUNT_EMPTY');
    expectWalletError(() => parseTrx('   '), AmountError, 'AMOUNT_EMPTY');
  });

  it('refuses a value that is not text', () => {
    expectWalletError(() => parseTrx(5 as unknown as string), AmountError, 'AMOUNT_NOT_TEXT');
  });

  it('refuses negative amounts unless allowed', () => {
    expectWalletError(() => parseTrx('-1'), AmountError, 'AMOUNT_NEGATIVE');
    expect(parseTrx('-1.5', { allowNegative: true })).toBe(-1_500_000n);
  });

  it('refuses exponent notation', () => {
    for (const text of ['1e6', '1E6', '1.5e-3', '2e+2'])
      expectWalletError(() => parseTrx(text), AmountError, 'AMOUNT_EXPONENT');
  });

  it('refuses malformed text', () => {
    for (const text of ['abc', '1.2.3', '.5', '5.', '+5', '0x10', '1 000', 'Infinity', 'NaN', '-', '1,5', '١٢']) {
      expectWalletError(() => parseTrx(text), AmountError, 'AMOUNT_MALFORMED');
    }
  });

  it('refuses amounts above int64', () => {
    expectWalletError(() => parseTrx('9223372036854.775808'), AmountError, 'AMOUNT_TOO_LARGE');
    expectWalletError(() => parseTrx('10000000000000'), AmountError, 'AMOUNT_TOO_LARGE');
  });

  it('refuses amounts below int64 when negatives are allowed', () => {
    expect(parseTrx('-9223372036854.775808', { allowNegative: true })).toBe(-(2n ** 63n));
    expectWalletError(
      () => parseTrx('-9223372036854.775809', { allowNegative: true }),
      AmountError,
      'AMOUNT_TOO_SMALL',
    );
  });

  it('refuses zero when the caller needs a positive amount', () => {
    expectWalletError(() => parseTrx('0.000000', { allowZero: false }), AmountError, 'AMOUNT_ZERO');
    expect(parseTrx('0')).toBe(0n);
  });

  it('honours a custom maximum', () => {
    expectWalletError(() => parseTrx('15000.000001', { max: 15_000_000_000n }), AmountError, 'AMOUNT_TOO_LARGE');
  });

  it('refuses identical group and decimal separators', () => {
    expectWalletError(
      () => parseTrx('1', { decimalSeparator: ',', groupSeparator: ',' }),
      AmountError,
      'AMOUNT_BAD_SEPARATORS',
    );
  });
});

describe('parseUnits', () => {
  it('parses token amounts with their own decimals', () => {
    expect(parseUnits('1.5', 18, { max: UINT256_MAX })).toBe(1_500_000_000_000_000_000n);
    expect(parseUnits('42', 0)).toBe(42n);
    expectWalletError(() => parseUnits('4.2', 0), AmountError, 'AMOUNT_TOO_MANY_DECIMALS');
  });

  it('reaches uint256 only when the caller raises the maximum', () => {
    const max = UINT256_MAX.toString();
    expect(parseUnits(max, 0, { max: UINT256_MAX })).toBe(UINT256_MAX);
    expectWalletError(() => parseUnits(max, 0), AmountError, 'AMOUNT_TOO_LARGE');
  });

  it('refuses impossible decimals', () => {
    for (const decimals of [-1, 1.5, 256, Number.NaN])
      expectWalletError(() => parseUnits('1', decimals), AmountError, 'AMOUNT_BAD_DECIMALS');
  });
});

describe('formatTrx and formatUnits', () => {
  it('print sun as TRX with trailing zeros dropped', () => {
    expect(formatTrx(2_500_000n)).toBe('2.5');
    expect(formatTrx(1n)).toBe('0.000001');
    expect(formatTrx(0n)).toBe('0');
    expect(formatTrx(-1_000_000n)).toBe('-1');
    expect(formatTrx(INT64_MAX)).toBe('9223372036854.775807');
  });

  it('group thousands and add the unit when asked', () => {
    expect(formatTrx(1_234_567_890_000n, { group: true, withUnit: true })).toBe('1,234,567.89 TRX');
    expect(formatTrx(123_000_000n, { group: true })).toBe('123');
    expect(formatUnits(1_234_567_000n, 3, { group: true, groupSeparator: '.', decimalSeparator: ',' })).toBe(
      '1.234.567',
    );
    expect(formatUnits(1_234_567_5n, 1, { group: true, groupSeparator: "'" })).toBe("1'234'567.5");
  });

  it('pad to a minimum number of fraction digits', () => {
    expect(formatTrx(1_000_000n, { minFractionDigits: 2 })).toBe('1.00');
    expect(formatTrx(1_234_567n, { minFractionDigits: 2 })).toBe('1.234567');
  });

  it('round for display only when a maximum of fraction digits is set', () => {
    expect(formatTrx(1_234_567n, { maxFractionDigits: 2 })).toBe('1.23');
    expect(formatTrx(1_235_000n, { maxFractionDigits: 2 })).toBe('1.24');
    expect(formatTrx(1_225_000n, { maxFractionDigits: 2, rounding: 'half-even' })).toBe('1.22');
    expect(formatTrx(1_235_000n, { maxFractionDigits: 2, rounding: 'half-even' })).toBe('1.24');
    expect(formatTrx(1_999_999n, { maxFractionDigits: 2, rounding: 'down' })).toBe('1.99');
    expect(formatTrx(999_999_999n, { maxFractionDigits: 0 })).toBe('1000');
    expect(formatTrx(-4_000n, { maxFractionDigits: 2 })).toBe('0');
  });

  it('refuses a number instead of a bigint', () => {
    expectWalletError(() => formatTrx(1.5 as unknown as bigint), AmountError, 'AMOUNT_NOT_BIGINT');
  });

  it('refuses bad formatting options', () => {
    expectWalletError(() => formatTrx(1n, { maxFractionDigits: -1 }), AmountError, 'AMOUNT_BAD_FORMAT_OPTION');
    expectWalletError(() => formatTrx(1n, { minFractionDigits: 0.5 }), AmountError, 'AMOUNT_BAD_FORMAT_OPTION');
    expectWalletError(
      () => formatTrx(1n, { group: true, groupSeparator: '.', decimalSeparator: '.' }),
      AmountError,
      'AMOUNT_BAD_SEPARATORS',
    );
    expectWalletError(() => formatUnits(1n, 300), AmountError, 'AMOUNT_BAD_DECIMALS');
  });
});
