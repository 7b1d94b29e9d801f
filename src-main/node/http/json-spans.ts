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

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseSpans(text: string): JsonSpan {
  let pos = 0;
  const space = (): void => {
    while (pos < text.length && ' \t\n\r'.includes(text[pos]!)) pos++;
  };
  const string = (): void => {
    pos++;
    while (text[pos] !== '"') pos += text[pos] === '\\' ? 2 : 1;
    pos++;
  };
  const value = (): JsonSpan => {
    space();
    const start = pos;
    const c = text[pos];
    if (c === '{') {
      pos++;
      const members: { key: string; value: JsonSpan }[] = [];
      space();
      while (text[pos] !== '}') {
        space();
        const keyStart = pos;
        string();
        const key = JSON.parse(text.slice(keyStart, pos)) as string;
        space();
        pos++; // ':'
        members.push({ key, value: value() });
        space();
        if (text[pos] === ',') pos++;
      }
      pos++;
      return { kind: 'object', start, end: pos, members };
    }
    if (c === '[') {
      pos++;
      const items: JsonSpan[] = [];
      space();
      while (text[pos] !== ']') {
        items.push(value());
        space();
        if (text[pos] === ',') pos++;
        space();
      }
      pos++;
      return { kind: 'array', start, end: pos, items };
    }
    if (c === '"') {
      string();
      return { kind: 'string', start, end: pos };
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = pos;
      NUMBER.exec(text);
      pos = NUMBER.lastIndex;
      return { kind: 'number', start, end: pos };
    }
    pos += text.startsWith('null', pos) ? 4 : text.startsWith('true', pos) ? 4 : 5;
    return { kind: 'literal', start, end: pos };
  };
  return value();
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
