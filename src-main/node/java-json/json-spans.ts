/**
 * Where each value of a JSON text starts and ends, so that a part of a request can be handed on
 * exactly as the client wrote it (a number keeps its digits, fraction and exponent). The text
 * must already be valid JSON.
 */
export interface JsonSpan {
  readonly kind: 'object' | 'array' | 'string' | 'number' | 'literal';
  readonly start: number;
  readonly end: number;
  /** Object members in order (a repeated key keeps every occurrence). */
  readonly members?: readonly { readonly key: string; readonly value: JsonSpan }[];
  readonly items?: readonly JsonSpan[];
}

const endedEarly = (): SyntaxError => new SyntaxError('The JSON text ends before its last value does.');

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * `depth` bounds how deep members and items are listed: an object or array below it is a span
 * without `members` or `items` (its extent only), so a reader of the first levels allocates
 * nothing for the rest.
 */
export function parseSpans(text: string, depth = Infinity): JsonSpan {
  return new SpanReader(text).value(depth);
}

/**
 * One pass over a valid JSON text (a class rather than closures: nothing is created per call but the
 * spans). Callers parse the text first; a text that ends early still throws rather than looping.
 */
class SpanReader {
  private pos = 0;
  /**
   * The first backslash at or after `pos` as last searched (-1: none left), so strings are skipped by native search.
   */
  private backslash = -2;

  constructor(private readonly text: string) {}

  private space(): void {
    const text = this.text;
    let pos = this.pos;
    for (let c = text.charCodeAt(pos); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++pos));
    this.pos = pos;
  }

  /** Past the string starting at `pos`; whether it holds an escape. */
  private string(): boolean {
    const text = this.text;
    let pos = this.pos + 1;
    let escaped = false;
    for (;;) {
      const quote = text.indexOf('"', pos);
      if (quote < 0) throw endedEarly();
      if (this.backslash !== -1 && this.backslash < pos) this.backslash = text.indexOf('\\', pos);
      if (this.backslash === -1 || this.backslash > quote) {
        this.pos = quote + 1;
        return escaped;
      }
      // The escaped character, a quote or not, belongs to the string.
      escaped = true;
      pos = this.backslash + 2;
    }
  }

  /** Past the object or array starting at `pos`, its strings included. */
  private skipNested(): void {
    const text = this.text;
    let pos = this.pos;
    let open = 0;
    do {
      if (pos >= text.length) throw endedEarly();
      const c = text.charCodeAt(pos);
      if (c === 34 /* " */) {
        this.pos = pos;
        this.string();
        pos = this.pos;
        continue;
      }
      if (c === 123 || c === 91) open++;
      else if (c === 125 || c === 93) open--;
      pos++;
    } while (open > 0);
    this.pos = pos;
  }

  value(depth: number): JsonSpan {
    const text = this.text;
    this.space();
    const start = this.pos;
    const c = text.charCodeAt(start);
    if ((c === 123 || c === 91) && depth <= 0) {
      this.skipNested();
      return { kind: c === 123 ? 'object' : 'array', start, end: this.pos };
    }
    if (c === 123 /* { */) {
      this.pos++;
      const members: { key: string; value: JsonSpan }[] = [];
      this.space();
      while (text.charCodeAt(this.pos) !== 125 /* } */) {
        if (this.pos >= text.length) throw endedEarly();
        this.space();
        const keyStart = this.pos;
        const key = this.string()
          ? (JSON.parse(text.slice(keyStart, this.pos)) as string)
          : text.slice(keyStart + 1, this.pos - 1);
        this.space();
        this.pos++; // ':'
        members.push({ key, value: this.value(depth - 1) });
        this.space();
        if (text.charCodeAt(this.pos) === 44 /* , */) this.pos++;
      }
      this.pos++;
      return { kind: 'object', start, end: this.pos, members };
    }
    if (c === 91 /* [ */) {
      this.pos++;
      const items: JsonSpan[] = [];
      this.space();
      while (text.charCodeAt(this.pos) !== 93 /* ] */) {
        if (this.pos >= text.length) throw endedEarly();
        items.push(this.value(depth - 1));
        this.space();
        if (text.charCodeAt(this.pos) === 44 /* , */) this.pos++;
        this.space();
      }
      this.pos++;
      return { kind: 'array', start, end: this.pos, items };
    }
    if (c === 34 /* " */) {
      this.string();
      return { kind: 'string', start, end: this.pos };
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57) /* 0-9 */) {
      NUMBER.lastIndex = start;
      NUMBER.test(text);
      this.pos = NUMBER.lastIndex;
      return { kind: 'number', start, end: this.pos };
    }
    this.pos += text.startsWith('null', start) ? 4 : text.startsWith('true', start) ? 4 : 5;
    return { kind: 'literal', start, end: this.pos };
  }
}

/** The last occurrence of `key` in an object span, as fastjson keeps it. */
export function member(span: JsonSpan | undefined, key: string): JsonSpan | undefined {
  if (span?.kind !== 'object') return undefined;
  let found: JsonSpan | undefined;
  for (const m of span.members!) if (m.key === key) found = m.value;
  return found;
}

/** `text` with each span's slice replaced (spans must not overlap). */
export function splice(text: string, replacements: readonly { span: JsonSpan; text: string }[]): string {
  let out = '';
  let at = 0;
  for (const r of [...replacements].sort((a, b) => a.span.start - b.span.start)) {
    out += text.slice(at, r.span.start) + r.text;
    at = r.span.end;
  }
  return out + text.slice(at);
}
