import { decodeBase58Check } from '../../../src-core/bytes/base58';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { bigintToLong, Long } from '../../../src-core/proto/runtime';
import {
  getCodec,
  getEnumInfo,
  getMessageInfo,
  type FieldInfo,
  type MessageInfo,
} from '../../../src-core/proto/schema';
import { visibleFormOf, type BytesForm } from '../../../src-core/proto/visible-fields';
import { JAVA, nullPointer } from './error-body';
import { TokenEnds } from './json-format-tokens';
import { JavaNumberFormatError, parseJsonFormatInteger } from './java-numbers';
import { JavaError } from '../errors';

/**
 * java-tron's JsonFormat.merge: the request text read token by token into a protobuf message
 * (an object for the static encoder), with its rules and its ParseException texts, "line:col: "
 * first. Integers are token text (a quoted number, a fraction or an exponent is refused), enum
 * names may be all lower case, unknown keys are skipped but their values still tokenized (an
 * unknown number must still be an int64), bytes are hex, or with `visible` Base58Check for
 * addresses and UTF-8 for names (the field lists of `visibleFormOf`).
 */

type Message = Record<string, unknown>;

const EXPECTED_STRING = 'Expected string.';
const MISSING_END_QUOTE = 'String missing ending quote.';

// java.util.regex: \s is [ \t\n\x0B\f\r]; a "#" comment runs to the line end.
// eslint-disable-next-line no-control-regex -- \x0B (vertical tab) is whitespace to Java's \s
const WHITESPACE = /(?:[ \t\n\x0B\f\r]|#[^\n\r\u0085\u2028\u2029]*)+/y;
/** Whether each UTF-16 unit below 128 is a letter, a digit, "_" or "." (an identifier's characters besides '"'). */
const IDENTIFIER_CHARS = Uint8Array.from({ length: 128 }, (_, code) =>
  /[a-zA-Z0-9_.]/.test(String.fromCharCode(code)) ? 1 : 0,
);

/** JsonFormat.Tokenizer: tokens of the text with the line and column of each, counted from 0. */
class Tokenizer {
  current = '';
  /** Where the current and the previous token start; their lines and columns are counted only for an error. */
  private pos = 0;
  private previousPos = 0;
  private next = 0;
  private readonly ends: TokenEnds;

  constructor(private readonly text: string) {
    this.ends = new TokenEnds(text);
    this.skipWhitespace();
    this.advance();
  }

  private skipWhitespace(): void {
    // Most tokens are followed directly by the next one: the regex runs only when a space or a comment may follow.
    const c = this.text.charCodeAt(this.next);
    if (c > 35 || (c < 32 && (c < 9 || c > 13)) || c === 33 || c === 34) return;
    WHITESPACE.lastIndex = this.next;
    if (WHITESPACE.test(this.text)) this.next = WHITESPACE.lastIndex;
  }

  advance(): void {
    this.previousPos = this.pos;
    this.pos = this.next;
    if (this.next >= this.text.length) {
      this.current = '';
      return;
    }
    const end = this.ends.after(this.next);
    if (end > 0) {
      this.current = this.text.slice(this.next, end);
      this.next = end;
    } else {
      this.current = this.text[this.pos]!;
      this.next = this.pos + 1;
    }
    this.skipWhitespace();
  }

  atEnd(): boolean {
    return this.current.length === 0;
  }

  tryConsume(token: string): boolean {
    if (this.current !== token) return false;
    this.advance();
    return true;
  }

  consume(token: string): void {
    if (!this.tryConsume(token)) throw this.error(`Expected "${token}".`);
  }

  lookingAtInteger(): boolean {
    const c = this.current[0];
    return c !== undefined && ((c >= '0' && c <= '9') || c === '-' || c === '+');
  }

  lookingAtBoolean(): boolean {
    return this.current === 'true' || this.current === 'false';
  }

  /** Letters, digits, "_", "." and '"' only; the quotes are dropped. */
  consumeIdentifier(): string {
    const token = this.current;
    let quotes = 0;
    for (let i = 0; i < token.length; i++) {
      const c = token.charCodeAt(i);
      if (c === 34 /* " */) quotes++;
      else if (!(c < 128 && IDENTIFIER_CHARS[c])) throw this.notIdentifier(token);
    }
    // A key as JSON writes it has its two quotes around it and no other.
    const quoted = quotes === 2 && token.charCodeAt(0) === 34 && token.charCodeAt(token.length - 1) === 34;
    const result = quotes === 0 ? token : quoted ? token.slice(1, -1) : token.replace(/"/g, '');
    this.advance();
    return result;
  }

  /** The error for the first character of `token` that is not an identifier's, a code point at a time. */
  private notIdentifier(token: string): JavaError {
    for (const c of token) if (!/[a-zA-Z0-9_."]/.test(c)) return this.error(`Expected identifier. -${c}`);
    return this.error('Expected identifier.');
  }

  consumeInteger(bits: 32 | 64): bigint {
    try {
      const value = parseJsonFormatInteger(this.current, bits);
      this.advance();
      return value;
    } catch (error) {
      if (error instanceof JavaNumberFormatError) throw this.error(`Couldn't parse integer: ${error.message}`);
      throw error;
    }
  }

  consumeDouble(): number {
    const token = this.current;
    let value: number;
    if (/^-?inf(inity)?f?$/i.test(token)) value = token.startsWith('-') ? -Infinity : Infinity;
    else if (/^nanf?$/i.test(token)) value = NaN;
    else if (/^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)[fFdD]?$/.test(token.trim()))
      value = Number(token.trim().replace(/[fFdD]$/, ''));
    else throw this.error(`Couldn't parse number: For input string: "${token}"`);
    this.advance();
    return value;
  }

  consumeBoolean(): boolean {
    if (this.current === 'true' || this.current === 'false') {
      const value = this.current === 'true';
      this.advance();
      return value;
    }
    throw this.error('Expected "true" or "false".');
  }

  /** The text between the quotes, escapes untouched. */
  private quoted(): string {
    const token = this.current;
    const quote = token[0];
    if (quote !== '"' && quote !== "'") throw this.error(EXPECTED_STRING);
    if (token.length < 2 || token[token.length - 1] !== quote) throw this.error(MISSING_END_QUOTE);
    return token.slice(1, -1);
  }

  consumeString(): string {
    const raw = this.quoted();
    const value = unescapeText(raw, (message) => this.error(message));
    this.advance();
    return value;
  }

  /** Bytes written in `form` (hex unless `visible` names the field's form). */
  consumeBytes(form: BytesForm): Uint8Array {
    const raw = this.quoted();
    const value =
      form === 'address'
        ? decodeAddress(raw, this)
        : form === 'text'
          ? utf8ToBytes(raw)
          : (javaHexDecode(raw) ?? failHex(this));
    this.advance();
    return value;
  }

  error(description: string): JavaError {
    return new JavaError(JAVA.parse, `${lineAndColumn(this.text, this.pos)}: ${description}`);
  }

  errorAtPrevious(description: string): JavaError {
    return new JavaError(JAVA.parse, `${lineAndColumn(this.text, this.previousPos)}: ${description}`);
  }
}

/** "line:column" of a position, both counted from 1: each "\n" starts a line, every other UTF-16 unit is a column. */
function lineAndColumn(text: string, pos: number): string {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < pos; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return `${line}:${pos - lineStart + 1}`;
}

/** JsonFormat.unescapeText: the escapes of a JSON string except "\/". */
function unescapeText(input: string, fail: (message: string) => Error): string {
  if (!input.includes('\\')) return input;
  let out = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    if (i + 1 >= input.length) throw fail("Invalid escape sequence: '\\' at end of string.");
    const e = input[++i]!;
    const simple: Record<string, string> = {
      b: '\b',
      f: '\f',
      n: '\n',
      r: '\r',
      t: '\t',
      '\\': '\\',
      '"': '"',
      "'": "'",
    };
    if (simple[e] !== undefined) out += simple[e];
    else if (e === 'u') {
      if (i + 4 >= input.length) throw fail("Invalid escape sequence: '\\u' at end of string.");
      const hex = input.slice(i + 1, i + 5);
      // Integer.parseInt(hex, 16) is not guarded there: a bad escape escapes as NumberFormatException.
      if (!/^[+-]?[0-9a-fA-F]+$/.test(hex))
        throw new JavaError('java.lang.NumberFormatException', `For input string: "${hex}"`);
      out += String.fromCharCode(parseInt(hex, 16) & 0xffff);
      i += 4;
    } else throw fail(`Invalid escape sequence: '\\${e}'`);
  }
  return out;
}

/** ByteArray.fromHexString then Bouncy Castle's Hex.decode (spaces, tabs and line breaks skipped). */
export function javaHexDecode(text: string): Uint8Array | undefined {
  // The usual value: an even number of hex digits and nothing else, checked as it is decoded.
  if (text.length % 2 === 0 && !text.startsWith('0x')) {
    const bytes = decodeHexDigits(text);
    if (bytes) return bytes;
  }
  let data = text.startsWith('0x') ? text.slice(2) : text;
  if (data.length % 2 !== 0) data = `0${data}`;
  const digits = data.replace(/[ \t\n\r]/g, '');
  if (digits.length % 2 !== 0) return undefined;
  return decodeHexDigits(digits);
}

/** The hex digit value of each character code below 128 ('0'-'9', 'a'-'f', 'A'-'F'), -1 for the others. */
const HEX_VALUES = Int8Array.from({ length: 128 }, (_, code) => {
  const c = String.fromCharCode(code);
  return /[0-9a-fA-F]/.test(c) ? parseInt(c, 16) : -1;
});

/** An even number of hex digits as bytes; undefined when any character is not a hex digit. */
function decodeHexDigits(digits: string): Uint8Array | undefined {
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) {
    const highCode = digits.charCodeAt(2 * i);
    const lowCode = digits.charCodeAt(2 * i + 1);
    if ((highCode | lowCode) >= 128) return undefined;
    const high = HEX_VALUES[highCode]!;
    const low = HEX_VALUES[lowCode]!;
    if ((high | low) < 0) return undefined;
    out[i] = (high << 4) | low;
  }
  return out;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * Commons.decodeFromBase58Check as JsonFormat meets it: a character outside the alphabet is an
 * IllegalArgumentException (a ParseException there); an empty value, a bad checksum or anything
 * but a 21-byte 0x41 address is null, which ByteString.copyFrom answers with a
 * NullPointerException.
 */
function decodeAddress(raw: string, tokenizer: Tokenizer): Uint8Array {
  for (let i = 0; i < raw.length; i++) {
    if (!BASE58_ALPHABET.includes(raw[i]!))
      throw tokenizer.error(`INVALID base58 String, Illegal character ${raw[i]} at ${i}`);
  }
  let address: Uint8Array;
  try {
    address = decodeBase58Check(raw);
  } catch {
    throw nullPointer();
  }
  if (address.length !== 21 || address[0] !== 0x41) throw nullPointer();
  return address;
}

function decodeBytes(owner: MessageInfo, field: FieldInfo, visible: boolean, tokenizer: Tokenizer): Uint8Array {
  return tokenizer.consumeBytes(visible ? visibleFormOf(owner.fullName, field.name) : 'hex');
}

/** The key/value message protobuf makes of a map field. */
function mapEntryInfo(owner: MessageInfo, field: FieldInfo): MessageInfo {
  const key: FieldInfo = { name: 'key', id: 1, repeated: false, type: field.mapKeyType!, kind: 'scalar' };
  const value: FieldInfo = { name: 'value', id: 2, repeated: false, type: field.type, kind: field.kind };
  const fullName = `${owner.fullName}.${field.name}Entry`;
  return {
    kind: 'message',
    fullName,
    name: `${field.name}Entry`,
    fields: [key, value],
    fieldsByName: new Map([
      ['key', key],
      ['value', value],
    ]),
  };
}

class Merger {
  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly visible: boolean,
  ) {}

  /** Fields up to and including the closing brace; a nested message also stops at the end of the text. */
  fields(info: MessageInfo, out: Message, nested: boolean): void {
    const t = this.tokenizer;
    while (!t.tryConsume('}')) {
      if (nested && t.atEnd()) throw t.error('Expected "}".');
      do this.field(info, out);
      while (t.tryConsume(','));
    }
  }

  private field(info: MessageInfo, out: Message): void {
    const t = this.tokenizer;
    const name = t.consumeIdentifier();
    let field = info.fieldsByName.get(name);
    let unknown = false;
    if (!field && name.length === 1 && name >= '0' && name <= '9') {
      field = info.fields.find((f) => f.id === Number(name));
      unknown = true;
    }
    if (!field) {
      this.skipValue();
      return;
    }
    t.consume(':');
    if (t.tryConsume('[')) {
      while (!t.tryConsume(']')) {
        this.value(info, field, unknown, out);
        t.tryConsume(',');
      }
    } else {
      this.value(info, field, unknown, out);
    }
  }

  /** JsonFormat.handleMissingField: the value is read (and checked) but kept nowhere. */
  private skipValue(): void {
    const t = this.tokenizer;
    t.tryConsume(':');
    if (t.current === '{') {
      t.consume('{');
      do {
        t.consumeIdentifier();
        this.skipValue();
      } while (t.tryConsume(','));
      t.consume('}');
    } else if (t.current === '[') {
      t.consume('[');
      do this.skipValue();
      while (t.tryConsume(','));
      t.consume(']');
    } else if (t.current === 'null') t.consume('null');
    else if (t.lookingAtInteger()) t.consumeInteger(64);
    else if (t.lookingAtBoolean()) t.consumeBoolean();
    else t.consumeString();
  }

  private value(owner: MessageInfo, field: FieldInfo, unknown: boolean, out: Message): void {
    let value: unknown;
    if (field.mapKeyType) {
      const entry = this.message(mapEntryInfo(owner, field), unknown);
      const map = (out[field.name] ??= {}) as Message;
      map[mapKey(field, entry.key)] = entry.value ?? defaultOf(field);
      return;
    }
    if (field.kind === 'message') value = this.message(getMessageInfo(field.type), unknown);
    else value = this.primitive(owner, field);
    if (value === null) return;
    if (field.repeated) ((out[field.name] ??= []) as unknown[]).push(value);
    else if (isDefault(field, value)) delete out[field.name];
    else out[field.name] = value;
  }

  private message(info: MessageInfo, unknown: boolean): Message {
    const t = this.tokenizer;
    if (unknown) {
      const bytes = t.consumeBytes('hex');
      try {
        return getCodec(info.fullName).decode(bytes);
      } catch {
        throw t.error(`Failed to build ${info.fullName} from <ByteString size=${bytes.length}>`);
      }
    }
    t.consume('{');
    const out: Message = {};
    this.fields(info, out, true);
    return out;
  }

  private primitive(owner: MessageInfo, field: FieldInfo): unknown {
    const t = this.tokenizer;
    if (t.current === 'null') {
      t.consume('null');
      return null;
    }
    if (field.kind === 'enum') return this.enumValue(field.type);
    switch (field.type) {
      case 'int32':
      case 'sint32':
      case 'sfixed32':
        return Number(t.consumeInteger(32));
      case 'int64':
      case 'sint64':
      case 'sfixed64':
        return bigintToLong(t.consumeInteger(64));
      case 'double':
      case 'float':
        return t.consumeDouble();
      case 'bool':
        return t.consumeBoolean();
      case 'string':
        return t.consumeString();
      case 'bytes':
        return decodeBytes(owner, field, this.visible, t);
      default:
        throw new JavaError(JAVA.illegalArgument, `field type ${field.type} is not read from JSON`);
    }
  }

  private enumValue(fullName: string): number {
    const t = this.tokenizer;
    const info = getEnumInfo(fullName);
    if (t.lookingAtInteger()) {
      const number = Number(t.consumeInteger(32));
      if (!info.namesByValue.has(number))
        throw t.errorAtPrevious(`Enum type "${fullName}" has no value with number ${number}.`);
      return number;
    }
    let id = t.consumeIdentifier();
    if (id.length > 0 && /^[a-z]+$/.test(id)) id = id[0]!.toUpperCase() + id.slice(1);
    const value = info.valuesByName.get(id);
    if (value === undefined) throw t.errorAtPrevious(`Enum type "${fullName}" has no value named "${id}".`);
    return value;
  }
}

function failHex(t: Tokenizer): never {
  throw t.error('INVALID hex String');
}

function isDefault(field: FieldInfo, value: unknown): boolean {
  if (field.kind === 'message') return false;
  if (value instanceof Uint8Array) return value.length === 0;
  if (value instanceof Long) return value.isZero();
  return value === 0 || value === '' || value === false;
}

function defaultOf(field: FieldInfo): unknown {
  if (field.kind === 'message') return {};
  if (field.kind === 'enum') return 0;
  if (field.type === 'string') return '';
  if (field.type === 'bool') return false;
  if (field.type === 'bytes') return new Uint8Array();
  return field.type.endsWith('64') ? Long.ZERO : 0;
}

/** The encoder's map key: decimal text for integers, "true"/"false", the string itself. */
function mapKey(field: FieldInfo, key: unknown): string {
  if (key === undefined || key === null)
    return field.mapKeyType === 'string' ? '' : field.mapKeyType === 'bool' ? 'false' : '0';
  return String(key);
}

/**
 * JsonFormat.merge(text, builder, visible) for the message `messageName`: the message object, or
 * the JavaError java-tron's servlet would print (ParseException, NullPointerException, …).
 */
export function mergeJsonFormat(text: string, messageName: string, visible: boolean): Message {
  const tokenizer = new Tokenizer(text);
  const out: Message = {};
  tokenizer.consume('{');
  new Merger(tokenizer, visible).fields(getMessageInfo(messageName), out, false);
  if (!tokenizer.atEnd())
    throw tokenizer.error(
      'Expecting the end of the stream, but there seems to be more data!  Check the input for a valid JSON format.',
    );
  return out;
}
