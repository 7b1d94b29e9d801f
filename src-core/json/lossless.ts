import { EncodingError } from '../errors';

/**
 * JSON with exact integers. java-tron prints int64 fields as bare numbers; amounts in sun can
 * exceed 2^53, where `JSON.parse` silently rounds. Integers that do not fit a double exactly are
 * returned as `bigint`; everything else is what `JSON.parse` returns.
 */
export function parseJsonLossless(text: string): unknown {
  // Fast path: the native parser is exact when no integer literal has 16 or more digits.
  if (!/[:,[]\s*-?\d{16}/.test(text)) return JSON.parse(text);
  return new LosslessParser(text).parseDocument();
}

/**
 * JSON text where `bigint` values print as bare integers. Otherwise it behaves like
 * `JSON.stringify` (toJSON, undefined and functions skipped in objects, null in arrays).
 */
export function stringifyJson(value: unknown, indent?: number): string {
  if (!indent) {
    // The native writer prints the same text and is several times faster; it refuses a bigint
    // (TypeError), and then the whole value is written here. A block of hundreds of transactions
    // is one reply.
    try {
      return JSON.stringify(value) ?? 'null';
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return writeValue(value, indent ? ' '.repeat(indent) : '', '') ?? 'null';
}

function writeValue(value: unknown, indent: string, current: string): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  const inner = current + indent;
  const open = indent ? `\n${inner}` : '';
  const close = indent ? `\n${current}` : '';
  const separator = indent ? `,\n${inner}` : ',';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => writeValue(item, indent, inner) ?? 'null');
    return `[${open}${items.join(separator)}${close}]`;
  }
  const parts: string[] = [];
  for (const key of Object.keys(value as object)) {
    const written = writeValue((value as Record<string, unknown>)[key], indent, inner);
    if (written !== undefined) parts.push(`${JSON.stringify(key)}:${indent ? ' ' : ''}${written}`);
  }
  if (parts.length === 0) return '{}';
  return `{${open}${parts.join(separator)}${close}}`;
}

/** A JSON integer as bigint; accepts number, bigint or a decimal string. */
export function toBigInt(value: unknown, what = 'value'): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value))
      throw new EncodingError('NOT_AN_INTEGER', `The ${what} must be a whole number, got ${value}.`);
    if (!Number.isSafeInteger(value))
      throw new EncodingError(
        'UNSAFE_INTEGER',
        `The ${what} ${value} is too large to be exact as a number; pass it as a bigint or a string.`,
      );
    return BigInt(value);
  }
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  throw new EncodingError('NOT_AN_INTEGER', `The ${what} must be a whole number.`);
}

/** The JSON number form of an int64: a number when exact, otherwise a bigint. */
export function toJsonInt(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

class LosslessParser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    const value = this.parseValue();
    this.skipSpace();
    if (this.pos !== this.text.length) this.fail('unexpected text after the JSON value');
    return value;
  }

  private fail(what: string): never {
    throw new EncodingError('JSON_INVALID', `Invalid JSON at position ${this.pos}: ${what}.`, { position: this.pos });
  }

  private skipSpace(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else break;
    }
  }

  private parseValue(): unknown {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.parseObject();
    if (c === '[') return this.parseArray();
    if (c === '"') return this.parseString();
    if (c === 't') return this.literal('true', true);
    if (c === 'f') return this.literal('false', false);
    if (c === 'n') return this.literal('null', null);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.parseNumber();
    return this.fail('expected a value');
  }

  private literal<T>(word: string, value: T): T {
    if (this.text.startsWith(word, this.pos)) {
      this.pos += word.length;
      return value;
    }
    return this.fail(`expected ${word}`);
  }

  private parseNumber(): number | bigint {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 400));
    if (!match) return this.fail('malformed number');
    this.pos += match[0].length;
    if (match[2] === undefined && match[3] === undefined) {
      const asNumber = Number(match[0]);
      return Number.isSafeInteger(asNumber) ? asNumber : BigInt(match[0]);
    }
    return Number(match[0]);
  }

  private parseString(): string {
    const start = this.pos;
    this.pos++;
    let escaped = false;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos]!;
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') {
        this.pos++;
        return JSON.parse(this.text.slice(start, this.pos)) as string;
      }
      this.pos++;
    }
    return this.fail('unterminated string');
  }

  private parseArray(): unknown[] {
    this.pos++;
    const out: unknown[] = [];
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return out;
    }
    for (;;) {
      out.push(this.parseValue());
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === ']') return out;
      if (c !== ',') this.fail('expected , or ]');
    }
  }

  private parseObject(): Record<string, unknown> {
    this.pos++;
    const out: Record<string, unknown> = {};
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail('expected a key');
      const key = this.parseString();
      this.skipSpace();
      if (this.text[this.pos++] !== ':') this.fail('expected :');
      const value = this.parseValue();
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected , or }');
    }
  }
}
