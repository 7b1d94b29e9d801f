/**
 * JSON as java-tron speaks it: int64 values are bare JSON numbers (java-tron-http.md §2.4), which
 * a double cannot always hold. `stringifyJson` writes `bigint` as a bare integer; `parseJson`
 * returns integers beyond ±(2^53 − 1) as `bigint` instead of rounding them.
 */

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
}

/**
 * Like `JSON.stringify` for plain data, plus `bigint` as a bare integer. Object keys whose value is
 * `undefined` are left out. Values JSON cannot carry (NaN, Infinity, functions, symbols) throw.
 */
export function stringifyJson(value: unknown): string {
  const out: string[] = [];
  write(value, out, new Set());
  return out.join('');
}

function write(value: unknown, out: string[], seen: Set<object>): void {
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'bigint':
      out.push(value.toString());
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be written as JSON.`);
      out.push(JSON.stringify(value));
      return;
    case 'object':
      if (value === null) {
        out.push('null');
        return;
      }
      if (seen.has(value)) throw new TypeError('A value refers to itself and cannot be written as JSON.');
      seen.add(value);
      if (Array.isArray(value)) {
        out.push('[');
        value.forEach((item, i) => {
          if (i > 0) out.push(',');
          write(item === undefined ? null : item, out, seen);
        });
        out.push(']');
      } else {
        out.push('{');
        let first = true;
        for (const [key, item] of Object.entries(value)) {
          if (item === undefined) continue;
          if (!first) out.push(',');
          first = false;
          out.push(JSON.stringify(key), ':');
          write(item, out, seen);
        }
        out.push('}');
      }
      seen.delete(value);
      return;
    default:
      throw new TypeError(`A ${typeof value} cannot be written as JSON.`);
  }
}

// Deeper nesting than this is not something java-tron prints; refusing it keeps a hostile body
// from exhausting the stack.
const MAX_DEPTH = 256;
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/** Strict JSON (RFC 8259) with lossless integers; throws `JsonSyntaxError`. */
export function parseJson(text: string): unknown {
  const parser = new Parser(text);
  parser.skipSpace();
  const value = parser.value(0);
  parser.skipSpace();
  if (parser.pos !== text.length) parser.fail('unexpected text after the value');
  return value;
}

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new JsonSyntaxError(`Invalid JSON at position ${this.pos}: ${what}.`);
  }

  skipSpace(): void {
    WHITESPACE.lastIndex = this.pos;
    WHITESPACE.exec(this.text);
    this.pos = WHITESPACE.lastIndex;
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    const c = this.text[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const [word, result] of LITERALS) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return result;
      }
    }
    return this.fail(c === undefined ? 'unexpected end' : `unexpected ${JSON.stringify(c)}`);
  }

  private object(depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return result;
    }
    for (;;) {
      if (this.text[this.pos] !== '"') this.fail('expected a key');
      const key = this.string();
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail('expected ":"');
      this.pos++;
      this.skipSpace();
      // defineProperty so that a "__proto__" key stays a plain property.
      Object.defineProperty(result, key, { value: this.value(depth + 1), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === '}') return result;
      if (c !== ',') this.fail('expected "," or "}"');
      this.skipSpace();
    }
  }

  private array(depth: number): unknown[] {
    const result: unknown[] = [];
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.value(depth + 1));
      this.skipSpace();
      const c = this.text[this.pos++];
      if (c === ']') return result;
      if (c !== ',') this.fail('expected "," or "]"');
      this.skipSpace();
    }
  }

  private string(): string {
    const start = this.pos;
    let i = start + 1;
    for (;;) {
      const c = this.text.charCodeAt(i);
      if (Number.isNaN(c)) this.fail('unterminated string');
      if (c === 0x22) break; // closing quote
      if (c === 0x5c) i++; // skip the escaped character; JSON.parse below validates the escape
      else if (c < 0x20) this.fail('control character in a string');
      i++;
    }
    this.pos = i + 1;
    try {
      return JSON.parse(this.text.slice(start, this.pos)) as string;
    } catch {
      this.pos = start;
      return this.fail('bad escape in a string');
    }
  }

  private number(): number | bigint {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) return this.fail('bad number');
    const token = match[0];
    this.pos += token.length;
    const asNumber = Number(token);
    const isInteger = !/[.eE]/.test(token);
    if (isInteger && !Number.isSafeInteger(asNumber)) return BigInt(token);
    return asNumber;
  }
}

const LITERALS: ReadonlyArray<readonly [string, unknown]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];
