/**
 * The JSON of the JSON-RPC endpoint, read and written the way java-tron's jsonrpc4j/Jackson stack
 * does: a request is the FIRST JSON value of the body (Jackson's `readValue` ignores what follows),
 * number literals keep their text (Jackson echoes an id `1.0` as a double, a parameter `1.50`
 * coerced to a String stays "1.50"), and replies are written with keys in insertion order.
 */
export type JsonNode =
  | { readonly kind: 'null' }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'array'; readonly items: readonly JsonNode[] }
  | { readonly kind: 'object'; readonly fields: ReadonlyMap<string, JsonNode> };

/** Text written verbatim (an id in Java's number form). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** What replies are made of. `undefined` members of objects are left out, as `JSON.stringify` does. */
export type JsonOut =
  | null
  | boolean
  | number
  | bigint
  | string
  | RawJson
  | readonly JsonOut[]
  | { readonly [key: string]: JsonOut | undefined };

export class JsonSyntaxError extends Error {}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Jackson's StreamReadConstraints.DEFAULT_MAX_DEPTH (jackson-core 2.15 and later): a document whose
 * objects and arrays nest deeper fails to parse, which jsonrpc4j answers as its parse error. The
 * reader recurses once per level, so the limit also keeps it far from the stack's end.
 */
export const MAX_NESTING_DEPTH = 1000;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The first JSON value of `text`; an empty body or a malformed value throws `JsonSyntaxError`. */
export function parseFirstJsonValue(text: string): JsonNode {
  const reader = new Reader(text);
  return reader.value();
}

/** The text of a string, number or boolean (JsonNode.asText of a value node); undefined for others. */
export function scalarText(node: JsonNode): string | undefined {
  if (node.kind === 'string') return node.value;
  if (node.kind === 'number') return node.text;
  if (node.kind === 'boolean') return String(node.value);
  return undefined;
}

/** A number literal without fraction or exponent (Jackson's integral token). */
export function isIntegralLiteral(text: string): boolean {
  return !/[.eE]/.test(text);
}

class Reader {
  private pos = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  /** Enters an object or array (`read`), refusing one level past MAX_NESTING_DEPTH. */
  private nested(read: () => JsonNode): JsonNode {
    if (++this.depth > MAX_NESTING_DEPTH)
      throw new JsonSyntaxError(
        `Document nesting depth (${this.depth}) exceeds the maximum allowed (${MAX_NESTING_DEPTH})`,
      );
    const node = read();
    this.depth--;
    return node;
  }

  value(): JsonNode {
    this.skipWhitespace();
    const c = this.text[this.pos];
    if (c === undefined) throw new JsonSyntaxError('No content to map due to end-of-input');
    if (c === '{') return this.nested(() => this.object());
    if (c === '[') return this.nested(() => this.array());
    if (c === '"') return { kind: 'string', value: this.string() };
    if (this.text.startsWith('true', this.pos)) return this.literal('true', { kind: 'boolean', value: true });
    if (this.text.startsWith('false', this.pos)) return this.literal('false', { kind: 'boolean', value: false });
    if (this.text.startsWith('null', this.pos)) return this.literal('null', { kind: 'null' });
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) throw new JsonSyntaxError(`Unexpected character at ${this.pos}`);
    this.pos += match[0].length;
    // Jackson refuses a number running into letters or digits ("01", "1x").
    if (/[\w.]/.test(this.text[this.pos] ?? '')) throw new JsonSyntaxError(`Invalid number at ${this.pos}`);
    return { kind: 'number', text: match[0] };
  }

  private literal(word: string, node: JsonNode): JsonNode {
    this.pos += word.length;
    if (/\w/.test(this.text[this.pos] ?? '')) throw new JsonSyntaxError(`Unrecognized token at ${this.pos}`);
    return node;
  }

  private object(): JsonNode {
    this.pos++;
    const fields = new Map<string, JsonNode>();
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return { kind: 'object', fields };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== '"') throw new JsonSyntaxError(`Expected a field name at ${this.pos}`);
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.pos++] !== ':') throw new JsonSyntaxError(`Expected ':' at ${this.pos - 1}`);
      // A repeated name keeps the last value (Jackson's ObjectNode).
      fields.set(key, this.value());
      this.skipWhitespace();
      const next = this.text[this.pos++];
      if (next === '}') return { kind: 'object', fields };
      if (next !== ',') throw new JsonSyntaxError(`Expected ',' or '}' at ${this.pos - 1}`);
    }
  }

  private array(): JsonNode {
    this.pos++;
    const items: JsonNode[] = [];
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return { kind: 'array', items };
    }
    for (;;) {
      items.push(this.value());
      this.skipWhitespace();
      const next = this.text[this.pos++];
      if (next === ']') return { kind: 'array', items };
      if (next !== ',') throw new JsonSyntaxError(`Expected ',' or ']' at ${this.pos - 1}`);
    }
  }

  private string(): string {
    const start = this.pos;
    let end = start + 1;
    for (;;) {
      const c = this.text.charCodeAt(end);
      if (Number.isNaN(c)) throw new JsonSyntaxError('Unexpected end-of-input in a string');
      if (c < 0x20) throw new JsonSyntaxError(`Illegal unquoted character at ${end}`);
      if (c === 0x5c) end += 2;
      else if (c === 0x22) break;
      else end++;
    }
    this.pos = end + 1;
    try {
      return JSON.parse(this.text.slice(start, end + 1)) as string;
    } catch {
      throw new JsonSyntaxError(`Invalid escape in a string at ${start}`);
    }
  }

  private skipWhitespace(): void {
    while (WHITESPACE.has(this.text[this.pos] ?? '')) this.pos++;
  }
}

/** Compact JSON text of a reply value. */
export function writeJson(value: JsonOut): string {
  if (value === null) return 'null';
  if (value instanceof RawJson) return value.text;
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'bigint':
      return value.toString();
  }
  if (Array.isArray(value)) return `[${(value as readonly JsonOut[]).map(writeJson).join(',')}]`;
  const parts: string[] = [];
  for (const [key, member] of Object.entries(value as { readonly [key: string]: JsonOut | undefined })) {
    if (member !== undefined) parts.push(`${JSON.stringify(key)}:${writeJson(member)}`);
  }
  return `{${parts.join(',')}}`;
}
