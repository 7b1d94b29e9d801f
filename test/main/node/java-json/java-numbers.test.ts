import { describe, expect, it } from 'vitest';
import {
  intValueExact,
  JavaNumberFormatError,
  longValueExact,
  parseJsonFormatInteger,
} from '@main/node/java-json/java-numbers';

/** Java 8's number parsing behind java-tron's HTTP layer: JsonFormat.parseInteger and BigDecimal.longValueExact. */
describe('Java number parsing', () => {
  const parseError = (text: string, bits: 32 | 64 = 64): string => {
    try {
      parseJsonFormatInteger(text, bits);
    } catch (error) {
      expect(error).toBeInstanceOf(JavaNumberFormatError);
      return (error as Error).message;
    }
    throw new Error(`${text} was parsed`);
  };

  it('JsonFormat.parseInteger: decimal, "0x" hex, leading-zero octal, the int64 and int32 ranges', () => {
    expect(parseJsonFormatInteger('1000000', 64)).toBe(1_000_000n);
    expect(parseJsonFormatInteger('-9223372036854775808', 64)).toBe(-(2n ** 63n));
    expect(parseJsonFormatInteger('0x1f', 64)).toBe(31n);
    expect(parseJsonFormatInteger('010', 64)).toBe(8n);
    expect(parseJsonFormatInteger('0', 32)).toBe(0n);
    expect(parseError('9223372036854775808')).toBe(
      'Number out of range for 64-bit signed integer: 9223372036854775808',
    );
    expect(parseError('2147483648', 32)).toBe('Number out of range for 32-bit signed integer: 2147483648');
    expect(parseError('-2147483649', 32)).toBe('Number out of range for 32-bit signed integer: -2147483649');
  });

  it('Long.parseLong and new BigInteger complain in Java 8 words', () => {
    expect(parseError('1e6')).toBe('For input string: "1e6"');
    expect(parseError('"5"')).toBe('For input string: ""5""');
    expect(parseError('true')).toBe('For input string: "true"');
    expect(parseError('0.5')).toBe('For input string: "0.5"');
    // 19 characters: groups of 1, 9 and 9; the third holds the point.
    expect(parseError('12345678901234567.5')).toBe('For input string: "1234567.5"');
    expect(parseError('1234567890123456-7')).toBe('Illegal embedded sign character');
  });

  it('BigDecimal.longValueExact (Util.getJsonLongValue): whole numbers in any notation, Overflow and Rounding necessary', () => {
    expect(longValueExact('1e6')).toBe(1_000_000n);
    expect(longValueExact('1000000.000')).toBe(1_000_000n);
    expect(longValueExact('1234567890123456789e0')).toBe(1_234_567_890_123_456_789n);
    expect(longValueExact('-9223372036854775808')).toBe(-(2n ** 63n));
    expect(longValueExact('0.0')).toBe(0n);
    const arithmetic = (text: string) => {
      try {
        longValueExact(text);
      } catch (error) {
        return `${(error as { className: string }).className} : ${(error as Error).message}`;
      }
      return 'taken';
    };
    expect(arithmetic('99999999999999999999')).toBe('java.lang.ArithmeticException : Overflow');
    expect(arithmetic('9223372036854775808')).toBe('java.lang.ArithmeticException : Overflow');
    expect(arithmetic('1e19')).toBe('java.lang.ArithmeticException : Overflow');
    // More than 19 integer digits is Overflow before the fraction is looked at.
    expect(arithmetic('12345678901234567890.5')).toBe('java.lang.ArithmeticException : Overflow');
    expect(arithmetic('0E+100')).toBe('java.lang.ArithmeticException : Overflow');
    expect(arithmetic('1.5')).toBe('java.lang.ArithmeticException : Rounding necessary');
    expect(arithmetic('0.5')).toBe('java.lang.ArithmeticException : Rounding necessary');
    expect(arithmetic('1e-999999999')).toBe('java.lang.ArithmeticException : Rounding necessary');
    expect(arithmetic('abc')).toBe('java.lang.NumberFormatException : null');
    expect(arithmetic('')).toBe('java.lang.NumberFormatException : null');
  });

  it('intValueExact keeps an int32 or refuses it, where fastjson would cut it to 32 bits', () => {
    expect(intValueExact('2')).toBe(2);
    expect(intValueExact('2.0')).toBe(2);
    expect(() => intValueExact('4294967298')).toThrow('Overflow');
    expect(() => intValueExact('2.5')).toThrow('Rounding necessary');
  });
});
