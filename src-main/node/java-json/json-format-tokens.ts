/**
 * Where each token of JsonFormat.Tokenizer ends (java-tron's JsonFormat.java, its TOKEN pattern):
 * an identifier `[a-zA-Z_][0-9a-zA-Z_+-]*`, a number `[.]?[0-9+-][0-9a-zA-Z_.+-]*`, or a string in
 * double or single quotes that stops at a line end (an escaped character belongs to it). Any other
 * character is a token of its own. The words are read through character tables and the usual
 * string by native search; only a string with an escape or a line break goes through the pattern.
 */

// java.util.regex's possessive quantifiers are written as a look-ahead captured and re-matched,
// which cannot backtrack; "$" stops at line ends.
const QUOTED = new RegExp(
  [
    '"(?=((?:[^"\\n\\\\]|\\\\[^\\n\\r\\u0085\\u2028\\u2029])*))\\1(?:"|\\\\?$)',
    "'(?=((?:[^'\\n\\\\]|\\\\[^\\n\\r\\u0085\\u2028\\u2029])*))\\2(?:'|\\\\?$)",
  ].join('|'),
  'ym',
);

/** Whether each UTF-16 unit below 128 matches `pattern`, as a table indexed by its code. */
function charTable(pattern: RegExp): Uint8Array {
  return Uint8Array.from({ length: 128 }, (_, code) => (pattern.test(String.fromCharCode(code)) ? 1 : 0));
}

const WORD_START = charTable(/[a-zA-Z_]/);
const WORD_REST = charTable(/[0-9a-zA-Z_+-]/);
const NUMBER_START = charTable(/[0-9+-]/);
const NUMBER_REST = charTable(/[0-9a-zA-Z_.+-]/);

const DOT = 46;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;

/** The token ends of one text; positions asked for only grow, so each search for a backslash or a line feed is done once. */
export class TokenEnds {
  /** The first backslash and line feed at or after some position up to the last one asked for (-1: none left). */
  private backslash = -2;
  private lineFeed = -2;

  constructor(private readonly text: string) {}

  /** Past the token starting at `at`, or -1 when no token of the pattern starts there. */
  after(at: number): number {
    const c = this.text.charCodeAt(at);
    if (c < 128 && WORD_START[c]) return this.past(at + 1, WORD_REST);
    if (c < 128 && NUMBER_START[c]) return this.past(at + 1, NUMBER_REST);
    if (c === DOT) {
      const next = this.text.charCodeAt(at + 1);
      return next < 128 && NUMBER_START[next] ? this.past(at + 2, NUMBER_REST) : -1;
    }
    if (c === DOUBLE_QUOTE) {
      const end = this.plainStringEnd(at);
      if (end > 0) return end;
    } else if (c !== SINGLE_QUOTE) return -1;
    QUOTED.lastIndex = at;
    return QUOTED.test(this.text) ? QUOTED.lastIndex : -1;
  }

  /** The first position from `from` whose character is not in `table`. */
  private past(from: number, table: Uint8Array): number {
    const text = this.text;
    let at = from;
    for (let c = text.charCodeAt(at); c < 128 && table[c]; c = text.charCodeAt(++at));
    return at;
  }

  /**
   * Past the closing quote of the double-quoted string at `at` when neither a backslash nor a line
   * feed comes before that quote, which is all the pattern would match there; -1 for any other.
   */
  private plainStringEnd(at: number): number {
    const text = this.text;
    const quote = text.indexOf('"', at + 1);
    if (quote < 0) return -1;
    if (this.backslash !== -1 && this.backslash <= at) this.backslash = text.indexOf('\\', at);
    if (this.lineFeed !== -1 && this.lineFeed <= at) this.lineFeed = text.indexOf('\n', at);
    const escaped = this.backslash !== -1 && this.backslash < quote;
    return escaped || (this.lineFeed !== -1 && this.lineFeed < quote) ? -1 : quote + 1;
  }
}
