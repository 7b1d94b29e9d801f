import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TokenEnds } from '@main/node/java-json/json-format-tokens';

/**
 * JsonFormat.Tokenizer's TOKEN pattern (java-tron's JsonFormat.java) as one JavaScript pattern,
 * possessive quantifiers written as captured look-aheads: the model the token ends must agree with.
 */
const TOKEN = new RegExp(
  [
    '[a-zA-Z_](?=([0-9a-zA-Z_+-]*))\\1',
    '[.]?[0-9+-](?=([0-9a-zA-Z_.+-]*))\\2',
    '"(?=((?:[^"\\n\\\\]|\\\\[^\\n\\r\\u0085\\u2028\\u2029])*))\\3(?:"|\\\\?$)',
    "'(?=((?:[^'\\n\\\\]|\\\\[^\\n\\r\\u0085\\u2028\\u2029])*))\\4(?:'|\\\\?$)",
  ].join('|'),
  'ym',
);

function patternEnd(text: string, at: number): number {
  TOKEN.lastIndex = at;
  return TOKEN.test(text) ? TOKEN.lastIndex : -1;
}

const CHARS = [...'aZ_09+-.eE"\'\\\n\r\t {}[]:,#x', '\u0085', '\u2028', '\u00e9', '\u{1f600}'];

describe('JsonFormat token ends', () => {
  it('end every token where the TOKEN pattern ends it, at every position of any text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }), (list) => {
        const text = list.join('');
        const ends = new TokenEnds(text);
        for (let at = 0; at < text.length; at++) expect([at, ends.after(at)]).toEqual([at, patternEnd(text, at)]);
      }),
      { numRuns: 3000 },
    );
  });

  it('read a transaction body the way the pattern does, token by token', () => {
    const text =
      '{"raw_data":{"contract":[{"parameter":{"value":{"amount":1000,"owner_address":"41ab"},' +
      '"type_url":"type.googleapis.com/protocol.TransferContract"},"type":"TransferContract"}],' +
      '"expiration":1700000000000,"x":"a\\"b","y":\'q\',"z":-.5e+3},"visible":false}';
    const ends = new TokenEnds(text);
    let count = 0;
    for (let at = 0; at < text.length;) {
      const end = ends.after(at);
      expect(end).toBe(patternEnd(text, at));
      at = end > 0 ? end : at + 1;
      count++;
    }
    expect(count).toBeGreaterThan(50);
  });
});
