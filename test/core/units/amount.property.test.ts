import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INT64_MAX,
  INT64_MIN,
  UINT256_MAX,
  formatTrx,
  formatUnits,
  parseTrx,
  parseUnits,
  type GroupSeparator,
} from '../../../src-core/units';

describe('amount text round trip', () => {
  it('parses back every sun amount it formats, grouped or not', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: INT64_MAX }), fc.boolean(), (sun, group) => {
        const text = formatTrx(sun, { group });
        expect(parseTrx(text, { groupSeparator: ',' })).toBe(sun);
      }),
    );
  });

  it('round-trips signed int64 amounts for any decimals and separator pair', () => {
    const separators = fc.constantFrom<[',' | '.', GroupSeparator]>(
      ['.', ','],
      ['.', ' '],
      [',', '.'],
      ['.', '_'],
      [',', '\u00a0'],
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
        fc.integer({ min: 0, max: 30 }),
        separators,
        (amount, decimals, [decimalSeparator, groupSeparator]) => {
          const text = formatUnits(amount, decimals, { group: true, groupSeparator, decimalSeparator });
          expect(parseUnits(text, decimals, { allowNegative: true, decimalSeparator, groupSeparator })).toBe(amount);
        },
      ),
    );
  });

  it('round-trips uint256 token amounts with 18 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: UINT256_MAX }), (amount) => {
        expect(parseUnits(formatUnits(amount, 18), 18, { max: UINT256_MAX })).toBe(amount);
      }),
    );
  });

  it('formats parsed text back to its canonical form', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,12}(\.\d{0,5}[1-9])?$/), (text) => {
        expect(formatTrx(parseTrx(text))).toBe(text);
      }),
    );
  });
});
