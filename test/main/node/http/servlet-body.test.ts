import { describe, expect, it } from 'vitest';
import {
  extraDataOf,
  formToJsonText,
  getHexAddress,
  hashMapOrder,
  jsonLongValue,
  permissionIdOf,
  servletText,
  type ServletBody,
} from '@main/node/http/servlet-body';
import { parseJsonLossless } from '@core/json/lossless';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { encodeBase58Check } from '@core/bytes/base58';

/** The servlets' own reads of a body (java-tron Util, PostParams, fastjson 1.2.83). */
const body = (text: string): ServletBody => ({ text, json: parseJsonLossless(text) as Record<string, unknown> });

function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return `${(error as { className: string }).className} : ${(error as Error).message}`;
  }
  return 'no error';
}

describe('what java-tron servlets read from a body', () => {
  it('joins the lines as BufferedReader.lines() and "\\n" do: CRLF and CR become LF, the last line break goes', () => {
    expect(servletText('{\r\n"a":1\r\n}\r\n')).toBe('{\n"a":1\n}');
    expect(servletText('{\r"a":1}\n\n')).toBe('{\n"a":1}\n');
    expect(servletText('')).toBe('');
  });

  it('PostParams turns a form into a fastjson object: string values, a repeated key a list, java.util.HashMap order', () => {
    expect(formToJsonText('address=41ab&visible=true')).toBe('{"address":"41ab","visible":"true"}');
    expect(formToJsonText('a=1&a=2')).toBe('{"a":["1","2"]}');
    // String.hashCode, h ^ (h >>> 16), 16 buckets: resource 5, frozen_balance 9, owner_address 10;
    // address and visible share bucket 3 and keep their order.
    expect(hashMapOrder(['frozen_balance', 'owner_address', 'resource'])).toEqual([
      'resource',
      'frozen_balance',
      'owner_address',
    ]);
    expect(hashMapOrder(['visible', 'address'])).toEqual(['visible', 'address']);
    expect(formToJsonText('{"already":"json"}')).toBe('{"already":"json"}');
  });

  it('Util.getJsonLongValue: 0 when absent, null or "", a whole number in any notation or string, else Overflow / Rounding necessary', () => {
    const b = body(
      '{"a":1e6,"b":"1000000","c":null,"d":"","e":99999999999999999999,"f":1.5,"g":"x","h":-9223372036854775808}',
    );
    expect(jsonLongValue(b, 'a')).toBe(1_000_000n);
    expect(jsonLongValue(b, 'b')).toBe(1_000_000n);
    expect(jsonLongValue(b, 'c')).toBe(0n);
    expect(jsonLongValue(b, 'd')).toBe(0n);
    expect(jsonLongValue(b, 'missing')).toBe(0n);
    expect(jsonLongValue(b, 'h')).toBe(-(2n ** 63n));
    expect(thrown(() => jsonLongValue(b, 'e'))).toBe('java.lang.ArithmeticException : Overflow');
    expect(thrown(() => jsonLongValue(b, 'f'))).toBe('java.lang.ArithmeticException : Rounding necessary');
    expect(thrown(() => jsonLongValue(b, 'g'))).toBe('java.lang.NumberFormatException : null');
  });

  it('Util.setTransactionPermissionId: 0 when absent, a NullPointerException for null or "", no silent cut to 32 bits', () => {
    expect(permissionIdOf(body('{}'))).toBe(0);
    expect(permissionIdOf(body('{"Permission_id":2}'))).toBe(2);
    expect(permissionIdOf(body('{"Permission_id":"3"}'))).toBe(3);
    expect(thrown(() => permissionIdOf(body('{"Permission_id":null}')))).toBe('java.lang.NullPointerException : null');
    expect(thrown(() => permissionIdOf(body('{"Permission_id":""}')))).toBe('java.lang.NullPointerException : null');
    expect(thrown(() => permissionIdOf(body('{"Permission_id":"two"}')))).toBe(
      'java.lang.NumberFormatException : For input string: "two"',
    );
    expect(thrown(() => permissionIdOf(body('{"Permission_id":4294967298}')))).toBe(
      'java.lang.ArithmeticException : Overflow',
    );
  });

  it("Util.setTransactionExtraData: hex, or UTF-8 with visible; bad hex is Bouncy Castle's DecoderException", () => {
    expect(bytesToHex(extraDataOf(body('{"extra_data":"6869"}'), false)!)).toBe('6869');
    expect(bytesToHex(extraDataOf(body('{"extra_data":"hi"}'), true)!)).toBe('6869');
    expect(extraDataOf(body('{"extra_data":""}'), false)).toBeUndefined();
    expect(thrown(() => extraDataOf(body('{"extra_data":"hi"}'), false))).toBe(
      'org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string',
    );
    expect(thrown(() => extraDataOf(body('{"extra_data":null}'), false))).toBe('java.lang.NullPointerException : null');
  });

  it('Util.getHexAddress: Base58Check to hex, "" for a bad one, IllegalArgumentException for a character outside the alphabet', () => {
    const hex = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
    expect(getHexAddress(encodeBase58Check(hexToBytes(hex)))).toBe(hex);
    expect(getHexAddress('')).toBe('');
    expect(getHexAddress('TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT')).toBe('');
    expect(thrown(() => getHexAddress(hex))).toBe('java.lang.IllegalArgumentException : Illegal character 0 at 8');
  });
});
