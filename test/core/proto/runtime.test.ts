import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EncodingError } from '../../../src-core/errors';
import { jsonToMessage } from '../../../src-core/proto/json-codec';
import { bigintToLong, INT64_MAX, INT64_MIN, Long, longToBigint, protocol } from '../../../src-core/proto/runtime';
import { getCodec, type FieldInfo } from '../../../src-core/proto/schema';
import { fitsInt64, INT64_FIELDS, wideIntegers } from '../../fixtures/wide-integers';

/** The field's JSON for `n` and the value the decoded message holds there. */
function shapeOf(field: FieldInfo): {
  json: (n: bigint) => unknown;
  read: (decoded: Record<string, unknown>) => unknown;
} {
  if (field.mapKeyType)
    return {
      json: (n) => ({ '1': n }),
      // The only entry (an int64 key decodes as protobufjs's 8-character hash, so it is not looked up by name).
      read: (decoded) => Object.values((decoded[field.name] as Record<string, unknown> | undefined) ?? {})[0],
    };
  if (field.repeated)
    return { json: (n) => [n], read: (decoded) => (decoded[field.name] as unknown[] | undefined)?.[0] };
  return { json: (n) => n, read: (decoded) => decoded[field.name] };
}

describe('the protobuf runtime', () => {
  it('bigintToLong keeps −2^63 and 2^63−1 and refuses one past either end instead of cutting it to 64 bits', () => {
    expect(longToBigint(bigintToLong(INT64_MAX))).toBe(INT64_MAX);
    expect(longToBigint(bigintToLong(INT64_MIN))).toBe(INT64_MIN);
    for (const n of [INT64_MAX + 1n, INT64_MIN - 1n, 99_999_999_999_999_999_999n, 2n ** 64n + 1n]) {
      expect(() => bigintToLong(n)).toThrow(EncodingError);
      expect(() => bigintToLong(n)).toThrow(`The value ${n} does not fit a signed 64-bit integer.`);
    }
  });

  it('the generated encoder refuses int64 and int32 values it would change: past the range, fractions, unsigned Longs with the top bit', () => {
    const encode = (amount: unknown) => protocol.TransferContract.encode({ amount } as never).finish();
    expect(() => encode(2 ** 64)).toThrow(EncodingError);
    expect(() => encode(1.5)).toThrow(EncodingError);
    expect(() => encode('18446744073709551617')).toThrow(EncodingError);
    expect(() => encode(Long.fromString('9223372036854775808', true))).toThrow(EncodingError);
    expect(protocol.TransferContract.decode(encode(2 ** 53)).amount.toString()).toBe(String(2 ** 53));
    const contract = (id: unknown) =>
      protocol.Transaction.Contract.encode({ type: 1, Permission_id: id } as never).finish();
    expect(() => contract(2 ** 31)).toThrow(EncodingError);
    expect(() => contract(2 ** 32 + 2)).toThrow(EncodingError);
    expect(protocol.Transaction.Contract.decode(contract(-1)).Permission_id).toBe(-1);
  });

  it('takes every int64 field of every message from JSON exactly, or refuses it: never a wrapped value (property, −2^70…2^70)', () => {
    expect(INT64_FIELDS.length).toBeGreaterThan(100);
    for (const { message, field } of INT64_FIELDS) {
      const shape = shapeOf(field);
      fc.assert(
        fc.property(wideIntegers, (n) => {
          let bytes: Uint8Array;
          try {
            bytes = getCodec(message)
              .encode(jsonToMessage(message, { [field.name]: shape.json(n) }))
              .finish();
          } catch (error) {
            expect(error).toBeInstanceOf(EncodingError);
            expect((error as EncodingError).code).toBe('JSON_INTEGER_RANGE');
            expect(fitsInt64(n)).toBe(false);
            return;
          }
          const value = shape.read(getCodec(message).decode(bytes));
          expect(longToBigint(value as never)).toBe(n);
        }),
        { numRuns: 25 },
      );
    }
  });
});
