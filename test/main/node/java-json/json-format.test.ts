import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeBase58Check } from '@core/bytes/base58';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { stringifyJson } from '@core/json/lossless';
import { longToBigint } from '@core/proto/runtime';
import { getCodec, type FieldInfo } from '@core/proto/schema';
import { javaHexDecode, mergeJsonFormat } from '@main/node/java-json/json-format';
import { JavaError } from '@main/node/errors';
import { fitsInt64, INT64_FIELDS, wideIntegers } from '../../../fixtures/wide-integers';

/**
 * java-tron's JsonFormat.merge (framework/.../services/http/JsonFormat.java at 1e35f79a): the
 * texts below are its Tokenizer.parseException ("line:col: " + description) and the Java 8
 * NumberFormatException messages it wraps.
 */
const PARSE = 'org.tron.core.services.http.JsonFormat$ParseException';
const ADDRESS = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

function refusal(text: string, message: string, visible = false): { className: string; message: string } {
  try {
    mergeJsonFormat(text, message, visible);
  } catch (error) {
    if (error instanceof JavaError) return { className: error.className, message: error.message };
    throw error;
  }
  throw new Error(`${text} was merged`);
}

/** The amount a TransferContract's JSON gives, read the JsonFormat way. */
const amount = (text: string): bigint =>
  longToBigint(mergeJsonFormat(text, 'protocol.TransferContract', false).amount as never);

describe('JsonFormat.merge', () => {
  it('reads a builder body: hex bytes, int64, enums by name, by number and all lower case capitalised', () => {
    const transfer = mergeJsonFormat(
      `{"owner_address":"${ADDRESS}","to_address":"0x${ADDRESS}","amount":1000000,"visible":false,"Permission_id":2}`,
      'protocol.TransferContract',
      false,
    );
    expect(bytesToHex(transfer.owner_address as Uint8Array)).toBe(ADDRESS);
    expect(bytesToHex(transfer.to_address as Uint8Array)).toBe(ADDRESS);
    expect(longToBigint(transfer.amount as never)).toBe(1_000_000n);
    const freeze = (resource: string) =>
      mergeJsonFormat(`{"frozen_balance":1,"resource":${resource}}`, 'protocol.FreezeBalanceV2Contract', false)
        .resource;
    expect(freeze('"ENERGY"')).toBe(1);
    expect(freeze('2')).toBe(2);
    expect(mergeJsonFormat('{"type":"active"}', 'protocol.Permission', false).type).toBe(2);
    // proto3 defaults stay off the wire, as the Java builder leaves them out.
    expect(mergeJsonFormat('{"amount":0,"owner_address":""}', 'protocol.TransferContract', false)).toEqual({});
  });

  it('refuses an int64 sent as a string or in exponent form: "Couldn\'t parse integer: For input string: …" (Tokenizer.consumeInt64)', () => {
    const merge = (amount: string) => refusal(`{"amount":${amount}}`, 'protocol.TransferContract');
    expect(merge('"1000000"')).toEqual({
      className: PARSE,
      message: `1:11: Couldn't parse integer: For input string: ""1000000""`,
    });
    expect(merge('1e6')).toEqual({
      className: PARSE,
      message: `1:11: Couldn't parse integer: For input string: "1e6"`,
    });
    expect(merge('1.5')).toEqual({
      className: PARSE,
      message: `1:11: Couldn't parse integer: For input string: "1.5"`,
    });
    // 16 characters and more go through new BigInteger, whose complaint names the first digit group.
    expect(merge('"12345678901234567890"')).toEqual({
      className: PARSE,
      message: `1:11: Couldn't parse integer: For input string: ""123"`,
    });
    expect(merge('1e+20000000000000')).toEqual({
      className: PARSE,
      message: `1:11: Couldn't parse integer: Illegal embedded sign character`,
    });
  });

  it('refuses an int64 past 2^63−1 or below −2^63: "Number out of range for 64-bit signed integer" (JsonFormat.parseInteger)', () => {
    const merge = (amount: string) => refusal(`{\n  "amount": ${amount}\n}`, 'protocol.TransferContract');
    expect(merge('99999999999999999999')).toEqual({
      className: PARSE,
      message: "2:13: Couldn't parse integer: Number out of range for 64-bit signed integer: 99999999999999999999",
    });
    expect(merge('9223372036854775808')).toEqual({
      className: PARSE,
      message: "2:13: Couldn't parse integer: Number out of range for 64-bit signed integer: 9223372036854775808",
    });
    expect(merge('-9223372036854775809').message).toContain('Number out of range for 64-bit signed integer');
    const min = mergeJsonFormat('{"amount":-9223372036854775808}', 'protocol.TransferContract', false);
    expect(longToBigint(min.amount as never)).toBe(-(2n ** 63n));
  });

  it('checks the values of unknown keys too: an unknown number must be an int64, an empty object or list is refused (handleMissingField)', () => {
    expect(refusal('{"fee_limit":99999999999999999999}', 'protocol.TriggerSmartContract')).toEqual({
      className: PARSE,
      message: "1:14: Couldn't parse integer: Number out of range for 64-bit signed integer: 99999999999999999999",
    });
    expect(refusal('{"extra":1.5}', 'protocol.TransferContract').message).toBe(
      `1:10: Couldn't parse integer: For input string: "1.5"`,
    );
    expect(refusal('{"extra":{}}', 'protocol.TransferContract').message).toBe('1:11: Expected identifier. -}');
    expect(refusal('{"extra":[]}', 'protocol.TransferContract').message).toBe('1:11: Expected string.');
    expect(mergeJsonFormat('{"extra":{"a":[1,true,null,"x"]},"amount":5}', 'protocol.TransferContract', false)).toEqual(
      { amount: expect.anything() },
    );
  });

  it('names an enum it does not know: Enum type "protocol.ResourceCode" has no value named … (parseExceptionPreviousToken)', () => {
    expect(refusal('{"resource":"energy"}', 'protocol.FreezeBalanceV2Contract')).toEqual({
      className: PARSE,
      message: '1:13: Enum type "protocol.ResourceCode" has no value named "Energy".',
    });
    expect(refusal('{"resource":"Power"}', 'protocol.FreezeBalanceV2Contract').message).toBe(
      '1:13: Enum type "protocol.ResourceCode" has no value named "Power".',
    );
    expect(refusal('{"resource":7}', 'protocol.FreezeBalanceV2Contract').message).toBe(
      '1:13: Enum type "protocol.ResourceCode" has no value with number 7.',
    );
  });

  it('reads booleans and strings only as JSON literals and strings', () => {
    expect(refusal('{"lock":"true"}', 'protocol.DelegateResourceContract').message).toBe(
      '1:9: Expected "true" or "false".',
    );
    expect(refusal('{"name":5}', 'protocol.SmartContract').message).toBe('1:9: Expected string.');
    expect(refusal('{"name":"a\\/b"}', 'protocol.SmartContract').message).toBe("1:9: Invalid escape sequence: '\\/'");
  });

  it('with visible, takes addresses only in Base58Check: hex fails the decode (Commons.decodeFromBase58Check)', () => {
    const base58 = encodeBase58Check(hexToBytes(ADDRESS));
    const ok = mergeJsonFormat(`{"owner_address":"${base58}"}`, 'protocol.TransferContract', true);
    expect(bytesToHex(ok.owner_address as Uint8Array)).toBe(ADDRESS);
    // "41a6…": '0' is outside the Base58 alphabet, an IllegalArgumentException the tokenizer reports.
    expect(refusal(`{"owner_address":"${ADDRESS}"}`, 'protocol.TransferContract', true)).toEqual({
      className: PARSE,
      message: '1:18: INVALID base58 String, Illegal character 0 at 8',
    });
    // A bad checksum or an empty value is null there, and ByteString.copyFrom(null) a NullPointerException.
    const wrongChecksum = base58.slice(0, -1) + (base58.endsWith('a') ? 'b' : 'a');
    expect(refusal(`{"owner_address":"${wrongChecksum}"}`, 'protocol.TransferContract', true)).toEqual({
      className: 'java.lang.NullPointerException',
      message: 'null',
    });
    expect(refusal('{"owner_address":""}', 'protocol.TransferContract', true).className).toBe(
      'java.lang.NullPointerException',
    );
  });

  it('with visible, takes exchange token ids as text and proposal approvals in Base58Check', () => {
    const create = mergeJsonFormat(
      `{"owner_address":"${encodeBase58Check(hexToBytes(ADDRESS))}","first_token_id":"_","first_token_balance":1,"second_token_id":"1000001","second_token_balance":1}`,
      'protocol.ExchangeCreateContract',
      true,
    );
    expect(bytesToHex(create.first_token_id as Uint8Array)).toBe('5f');
    expect(new TextDecoder().decode(create.second_token_id as Uint8Array)).toBe('1000001');
    for (const message of ['ExchangeInjectContract', 'ExchangeWithdrawContract', 'ExchangeTransactionContract']) {
      const merged = mergeJsonFormat('{"token_id":"_"}', `protocol.${message}`, true);
      expect({ message, tokenId: bytesToHex(merged.token_id as Uint8Array) }).toEqual({ message, tokenId: '5f' });
    }
    const proposal = mergeJsonFormat(
      `{"approvals":["${encodeBase58Check(hexToBytes(ADDRESS))}"]}`,
      'protocol.Proposal',
      true,
    );
    expect((proposal.approvals as Uint8Array[]).map(bytesToHex)).toEqual([ADDRESS]);
  });

  it('reads hex as ByteArray.fromHexString: "0x" dropped, odd length padded, anything else "INVALID hex String"', () => {
    expect(
      bytesToHex(mergeJsonFormat('{"data":"0xabc"}', 'protocol.TriggerSmartContract', false).data as Uint8Array),
    ).toBe('0abc');
    expect(refusal('{"data":"0Xab"}', 'protocol.TriggerSmartContract').message).toBe('1:9: INVALID hex String');
    expect(refusal('{"data":"zz"}', 'protocol.TriggerSmartContract').message).toBe('1:9: INVALID hex String');
  });

  it('counts lines and columns from 1 over the text as the servlet joined it', () => {
    expect(refusal('{\n\n    "owner_address": "41",\n    "amount": true\n}', 'protocol.TransferContract').message).toBe(
      `4:15: Couldn't parse integer: For input string: "true"`,
    );
    expect(refusal('', 'protocol.TransferContract').message).toBe('1:1: Expected "{".');
  });

  it("places an error about the previous token on that token's line, after comments and blank lines", () => {
    expect(
      refusal('{ # a comment\n\n  "resource":\n   "power" # another\n}', 'protocol.FreezeBalanceV2Contract').message,
    ).toBe('4:4: Enum type "protocol.ResourceCode" has no value named "Power".');
    expect(refusal('{"amount":1,\r\n"x" 5 ,\n "y"}', 'protocol.TransferContract').message).toBe(
      '3:5: Expected string.',
    );
  });

  it('reads hex digits of either case, skipping spaces and line breaks between them, to the same bytes', () => {
    const read = (hex: string): string =>
      bytesToHex(mergeJsonFormat(`{"data":"${hex}"}`, 'protocol.TriggerSmartContract', false).data as Uint8Array);
    expect(read('00aBcDeF09')).toBe('00abcdef09');
    expect(read('0x00ABCDEF')).toBe('00abcdef');
    // The padding to an even length counts the spaces; Hex.decode then skips them.
    expect(read('00 ab cd')).toBe('00abcd');
    expect(read('0 ab cd')).toBe('00abcd');
    expect(refusal('{"data":"00ag"}', 'protocol.TriggerSmartContract').message).toBe('1:9: INVALID hex String');
  });

  it('decodes hex exactly as ByteArray.fromHexString then Hex.decode would, whatever the characters (property)', () => {
    // The rule written out plainly: "0x" dropped, an odd length padded with "0", then spaces, tabs
    // and line breaks skipped; the rest must be an even number of hex digits of either case.
    const model = (text: string): string | undefined => {
      let data = text.startsWith('0x') ? text.slice(2) : text;
      if (data.length % 2 !== 0) data = `0${data}`;
      const digits = [...data].filter((c) => !' \t\n\r'.includes(c));
      if (digits.length % 2 !== 0 || digits.some((c) => !'0123456789abcdefABCDEF'.includes(c))) return undefined;
      return digits.join('').toLowerCase();
    };
    const decoded = (text: string): string | undefined => {
      const bytes = javaHexDecode(text);
      return bytes === undefined ? undefined : bytesToHex(bytes);
    };
    const chars = [...'0123456789abcdefABCDEFgGxX \t\n\r\u000b', '\uff41', '\u0660', '\u00e1', '\u0100', '\u0130'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 12 }), fc.boolean(), (list, prefixed) => {
        const text = (prefixed ? '0x' : '') + list.join('');
        expect(decoded(text)).toBe(model(text));
      }),
      { numRuns: 2000 },
    );
    expect(decoded('')).toBe('');
    expect(decoded('0x')).toBe('');
    expect(decoded('0X0a')).toBeUndefined();
    expect(decoded('ＡＢ')).toBeUndefined();
  });

  it('takes keys quoted or bare, and names the first character no identifier has, a whole code point', () => {
    expect(amount('{amount:5}')).toBe(5n);
    expect(amount('{"amount":5,"x.y_1":2}')).toBe(5n);
    expect(refusal('{"amount":5,"\u00e9":1}', 'protocol.TransferContract').message).toBe(
      '1:13: Expected identifier. -\u00e9',
    );
    expect(refusal('{"a\u{1f600}":1}', 'protocol.TransferContract').message).toBe(
      '1:2: Expected identifier. -\u{1f600}',
    );
    expect(refusal('{"amo\\"unt":5}', 'protocol.TransferContract').message).toBe('1:2: Expected identifier. -\\');
    expect(amount('{"":5,"amount":6}')).toBe(6n);
    // A one-digit key names a field by its number (JsonFormat's unknown-field lookup); longer ones are skipped.
    expect(amount('{"3":7}')).toBe(7n);
    expect(amount('{"03":7,"amount":8}')).toBe(8n);
  });

  it('reads a message named by its field number from the hex of its bytes, naming its size when they do not parse', () => {
    const merged = mergeJsonFormat('{"1":"0a020102"}', 'protocol.Transaction', false);
    expect(bytesToHex((merged.raw_data as { ref_block_bytes: Uint8Array }).ref_block_bytes)).toBe('0102');
    expect(refusal('{"1":"0a0201"}', 'protocol.Transaction').message).toBe(
      '1:14: Failed to build protocol.Transaction.raw from <ByteString size=3>',
    );
    expect(refusal('{"1":"0g"}', 'protocol.Transaction').message).toBe('1:6: INVALID hex String');
    expect(refusal('{"1":5}', 'protocol.Transaction').message).toBe('1:6: Expected string.');
  });

  it('reads a quoted token up to its closing quote on the same line; a line break or a trailing backslash leaves it open', () => {
    // Unknown keys: their string values are tokenized, escapes and carriage returns included.
    expect(amount('{"x":"a\rb","y":"a\\"b\\\\","z":"\u2028","amount":5}')).toBe(5n);
    expect(amount('{"x":\'a"b\',"amount":6}')).toBe(6n);
    expect(refusal('{"x":"ab\nc","amount":5}', 'protocol.TransferContract').message).toBe(
      '1:6: String missing ending quote.',
    );
    expect(refusal('{"x":"ab\\\nc","amount":5}', 'protocol.TransferContract').message).toBe(
      '1:6: String missing ending quote.',
    );
    expect(refusal('{"x":"ab\\\rc","amount":5}', 'protocol.TransferContract').message).toBe(
      '1:6: String missing ending quote.',
    );
    expect(refusal('{"x":"ab', 'protocol.TransferContract').message).toBe('1:6: String missing ending quote.');
    expect(refusal('{"x":"ab\\', 'protocol.TransferContract').message).toBe('1:6: String missing ending quote.');
    expect(refusal('{"x":"a\\"b\\\\\\", "amount":5}', 'protocol.TransferContract').message).toBe('1:24: Expected ":".');
    expect(refusal("{'amount':5}", 'protocol.TransferContract').message).toBe("1:2: Expected identifier. -'");
    expect(refusal('{"owner_address":"41ab\\n"}', 'protocol.TransferContract').message).toBe(
      '1:18: INVALID hex String',
    );
  });

  it("takes every int64 field of every message exactly or refuses it with JsonFormat's range text, never a wrapped value (property, −2^70…2^70)", () => {
    const read = (field: FieldInfo, decoded: Record<string, unknown>): unknown => {
      const value = decoded[field.name];
      if (field.mapKeyType) return Object.values((value as Record<string, unknown> | undefined) ?? {})[0];
      return field.repeated ? (value as unknown[] | undefined)?.[0] : value;
    };
    for (const { message, field } of INT64_FIELDS) {
      const json = (n: bigint): string => {
        const value = field.mapKeyType
          ? [{ key: field.mapKeyType === 'string' ? 'k' : 1, value: n }]
          : field.repeated
            ? [n]
            : n;
        return stringifyJson({ [field.name]: value });
      };
      fc.assert(
        fc.property(wideIntegers, (n) => {
          const text = json(n);
          if (!fitsInt64(n)) {
            const column = text.indexOf(String(n)) + 1;
            expect(refusal(text, message)).toEqual({
              className: PARSE,
              message: `1:${column}: Couldn't parse integer: Number out of range for 64-bit signed integer: ${n}`,
            });
            return;
          }
          const codec = getCodec(message);
          const decoded = codec.decode(codec.encode(mergeJsonFormat(text, message, false)).finish());
          expect(longToBigint(read(field, decoded) as never)).toBe(n);
        }),
        { numRuns: 25 },
      );
    }
  });
});
