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

/** JSON text where `bigint` values print as bare integers. */
export function stringifyJson(value: unknown, indent?: number): string {
  const placeholders: string[] = [];
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => {
      if (typeof v === 'bigint') {
        placeholders.push(v.toString());
        return `\u0000bigint${placeholders.length - 1}\u0000`;
      }
      return v;
    },
    indent,
  );
  if (placeholders.length === 0) return text;
  return text.replace(/"\\u0000bigint(\d+)\\u0000"/g, (_m, index: string) => placeholders[Number(index)]!);
}

/** A JSON integer as bigint; accepts number, bigint or a decimal string. */
export function toBigInt(value: unknown, what = 'value'): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new EncodingError('NOT_AN_INTEGER', `The ${what} must be a whole number, got ${value}.`);
    if (!Number.isSafeInteger(value)) throw new EncodingError('UNSAFE_INTEGER', `The ${what} ${value} is too large to be exact as a number; pass it as a bigint or a string.`);
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
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected , or }');
    }
  }
}
