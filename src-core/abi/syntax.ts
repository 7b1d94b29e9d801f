import { AbiError } from '../errors';
import {
  type AbiParameter,
  type AbiType,
  type TupleType,
  MAX_TYPE_DEPTH,
  arrayType,
  elementaryType,
  tupleType,
} from './types';

/**
 * Reads Solidity type text: `uint`, `bytes32[]`, `(address,uint256)[2]`, `tuple(address to, uint amount)`,
 * and parameter lists as people write them (`address indexed from, uint256 value`).
 * Names, `indexed` and data locations are accepted where Solidity allows them and dropped from
 * the canonical form.
 */

const LOCATIONS = new Set(['memory', 'calldata', 'storage']);
const UNSUPPORTED = /^(u?fixed(\d+x\d+)?|function)$/;

export interface ParsedParameter extends AbiParameter {
  readonly hasName: boolean;
}

export class SyntaxReader {
  pos = 0;
  private nesting = 0;

  constructor(
    readonly text: string,
    private readonly code: string,
    private readonly what: string,
  ) {}

  fail(reason: string): never {
    const shown = this.text.length > 120 ? `${this.text.slice(0, 117)}…` : this.text;
    throw new AbiError(this.code, `The ${this.what} "${shown}" ${reason}`, { text: this.text, position: this.pos });
  }

  skipSpaces(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
      this.pos++;
    }
  }

  atEnd(): boolean {
    this.skipSpaces();
    return this.pos >= this.text.length;
  }

  peek(): string {
    this.skipSpaces();
    return this.text[this.pos] ?? '';
  }

  accept(char: string): boolean {
    if (this.peek() !== char) return false;
    this.pos++;
    return true;
  }

  expect(char: string): void {
    if (!this.accept(char)) {
      const found = this.pos < this.text.length ? `"${this.text[this.pos]}" at position ${this.pos}` : 'the end';
      this.fail(`is not valid: expected "${char}" but found ${found}.`);
    }
  }

  /** An identifier (`[A-Za-z_$][A-Za-z0-9_$]*`) or '' when none starts here. */
  identifier(): string {
    this.skipSpaces();
    const start = this.pos;
    while (this.pos < this.text.length && isIdentifierChar(this.text.charCodeAt(this.pos), this.pos === start))
      this.pos++;
    return this.text.slice(start, this.pos);
  }

  type(): AbiType {
    let base: AbiType;
    const start = this.pos;
    if (this.peek() === '(') {
      base = this.tuple();
    } else {
      const name = this.identifier();
      if (name === '') this.fail(`is not valid: expected a type at position ${this.pos}.`);
      if (name === 'tuple' && this.peek() === '(') {
        base = this.tuple();
      } else {
        const elementary = elementaryType(name);
        if (elementary === undefined) {
          if (UNSUPPORTED.test(name)) {
            throw new AbiError(
              'ABI_TYPE_UNSUPPORTED',
              `The type "${name}" is not supported: fixed-point and function types cannot be encoded by this wallet.`,
              {
                type: name,
              },
            );
          }
          this.pos = start;
          this.fail(`is not valid: "${name}" is not a Solidity type.`);
        }
        base = elementary;
      }
    }
    return this.arraySuffixes(base);
  }

  /** `[]` and `[k]` suffixes after a base type, applied left to right. */
  arraySuffixes(base: AbiType): AbiType {
    let type = base;
    while (this.accept('[')) {
      this.skipSpaces();
      const start = this.pos;
      while (this.pos < this.text.length && isDigit(this.text.charCodeAt(this.pos))) this.pos++;
      const digits = this.text.slice(start, this.pos);
      this.expect(']');
      if (digits === '') {
        type = arrayType(type, null);
      } else {
        if (digits.length > 1 && digits.startsWith('0'))
          this.fail(`is not valid: the array length "${digits}" has a leading zero.`);
        type = arrayType(type, Number(digits));
      }
    }
    return type;
  }

  private tuple(): AbiType {
    // Checked before recursing: the tree's own depth check comes only after the inner parse.
    if (++this.nesting > MAX_TYPE_DEPTH)
      this.fail(`is not valid: tuples nest more than ${MAX_TYPE_DEPTH} levels deep.`);
    const parameters = this.parameterList({ allowIndexed: false });
    this.nesting--;
    if (parameters.length === 0) this.fail('is not valid: a tuple needs at least one component.');
    return tupleType(
      parameters.map((p) => p.type),
      parameters.map((p) => p.name),
    );
  }

  /** `( param, param, … )`; an empty list is allowed here (functions without parameters). */
  parameterList(options: { allowIndexed: boolean }): ParsedParameter[] {
    this.expect('(');
    const out: ParsedParameter[] = [];
    if (this.accept(')')) return out;
    do {
      out.push(this.parameter(options));
    } while (this.accept(','));
    this.expect(')');
    return out;
  }

  parameter(options: { allowIndexed: boolean }): ParsedParameter {
    const type = this.type();
    let indexed = false;
    let name = '';
    for (;;) {
      const before = this.pos;
      const word = this.identifier();
      if (word === '') break;
      if (word === 'indexed' && options.allowIndexed && !indexed && name === '') {
        indexed = true;
      } else if (LOCATIONS.has(word) && name === '') {
        // Data locations do not change the ABI.
      } else if (word === 'payable' && type.kind === 'address' && name === '') {
        // `address payable` is an address on the wire.
      } else if (name === '') {
        name = word;
      } else {
        this.pos = before;
        this.fail(`is not valid: unexpected "${word}" after the parameter name "${name}".`);
      }
    }
    return { name, type, indexed, hasName: name !== '' };
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isIdentifierChar(c: number, first: boolean): boolean {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36) return true;
  return !first && isDigit(c);
}

const typeCache = new Map<string, AbiType>();
const TYPE_CACHE_LIMIT = 2048;

/**
 * Parses one type, e.g. `uint`, `address[]`, `(uint256,string)[2]` or `tuple(address,uint256)`.
 * Results are cached: the same text always gives the same (immutable) tree.
 */
export function parseType(text: string): AbiType {
  if (typeof text !== 'string')
    throw new AbiError('ABI_TYPE_INVALID', 'An ABI type must be given as text such as "uint256".');
  const cached = typeCache.get(text);
  if (cached !== undefined) return cached;
  const reader = new SyntaxReader(text, 'ABI_TYPE_INVALID', 'ABI type');
  if (reader.atEnd()) reader.fail('is empty.');
  const type = reader.type();
  if (!reader.atEnd()) reader.fail(`is not valid: unexpected text after the type at position ${reader.pos}.`);
  if (typeCache.size >= TYPE_CACHE_LIMIT) typeCache.clear();
  typeCache.set(text, type);
  return type;
}

/** Types of a parameter list: type texts, type trees, parameters, or a ready tuple. */
export type AbiTypeList = TupleType | readonly (string | AbiType | AbiParameter)[];

const listCache = new Map<string, TupleType>();

/** The tuple that a parameter list encodes as; lists of type texts are cached. */
export function toParameterTuple(list: AbiTypeList): TupleType {
  if (!Array.isArray(list)) {
    if ((list as AbiType).kind === 'tuple') return list as TupleType;
    throw new AbiError('ABI_TYPE_INVALID', 'The types must be a list (such as ["address","uint256"]) or a tuple type.');
  }
  let allText = true;
  for (const item of list) if (typeof item !== 'string') allText = false;
  const key = allText ? list.join(',') : undefined;
  if (key !== undefined) {
    const cached = listCache.get(key);
    if (cached !== undefined && cached.components.length === list.length) return cached;
  }
  const types: AbiType[] = [];
  const names: string[] = [];
  for (const item of list as readonly (string | AbiType | AbiParameter)[]) {
    if (typeof item === 'string') {
      types.push(parseType(item));
      names.push('');
    } else if (item !== null && typeof item === 'object' && 'kind' in item) {
      types.push(item);
      names.push('');
    } else if (item !== null && typeof item === 'object' && 'type' in item && typeof item.type === 'object') {
      types.push(item.type);
      names.push(item.name);
    } else {
      throw new AbiError(
        'ABI_TYPE_INVALID',
        'Each entry of a type list must be type text, a type tree or a parameter.',
      );
    }
  }
  const tuple = tupleType(types, names);
  if (key !== undefined) {
    if (listCache.size >= TYPE_CACHE_LIMIT) listCache.clear();
    listCache.set(key, tuple);
  }
  return tuple;
}
