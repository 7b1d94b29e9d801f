import type { Hex } from '../brand';
import { AbiError } from '../errors';
import { type AbiParameter, type AbiType, type TupleType, MAX_TYPE_DEPTH, parametersTuple, tupleType } from './types';
import { SyntaxReader, parseType } from './syntax';
import { type StateMutability, formatCanonical, keccak256Hex, parseSignature } from './signature';

/**
 * ABI entries, from Solidity's JSON, from java-tron's JSON (`"type": "Function"`,
 * `"stateMutability": "View"`, wrapped in `{"entrys": [...]}` by /wallet/getcontract) or from
 * human-readable signatures. Each fragment carries its canonical signature, selector or topic
 * and parameter tuples, computed once.
 */

export interface FunctionFragment {
  readonly kind: 'function';
  readonly name: string;
  readonly inputs: readonly AbiParameter[];
  readonly outputs: readonly AbiParameter[];
  readonly stateMutability: StateMutability;
  /** `name(type,…)`. */
  readonly signature: string;
  /** 8 hex digits. */
  readonly selector: Hex;
  readonly inputTuple: TupleType;
  readonly outputTuple: TupleType;
}

export interface EventFragment {
  readonly kind: 'event';
  readonly name: string;
  readonly inputs: readonly AbiParameter[];
  readonly anonymous: boolean;
  readonly signature: string;
  /** topic0 of non-anonymous logs, 64 hex digits. */
  readonly topic: Hex;
}

export interface ErrorFragment {
  readonly kind: 'error';
  readonly name: string;
  readonly inputs: readonly AbiParameter[];
  readonly signature: string;
  readonly selector: Hex;
  readonly inputTuple: TupleType;
}

export interface ConstructorFragment {
  readonly kind: 'constructor';
  readonly inputs: readonly AbiParameter[];
  readonly stateMutability: StateMutability;
  readonly inputTuple: TupleType;
}

export interface FallbackFragment {
  readonly kind: 'fallback' | 'receive';
  readonly stateMutability: StateMutability;
}

export type AbiFragment = FunctionFragment | EventFragment | ErrorFragment | ConstructorFragment | FallbackFragment;

export function functionFragment(
  name: string,
  inputs: readonly AbiParameter[],
  outputs: readonly AbiParameter[] = [],
  stateMutability: StateMutability = 'nonpayable',
): FunctionFragment {
  const signature = formatCanonical(name, inputs);
  return {
    kind: 'function',
    name,
    inputs,
    outputs,
    stateMutability,
    signature,
    selector: keccak256Hex(signature).slice(0, 8) as Hex,
    inputTuple: parametersTuple(inputs),
    outputTuple: parametersTuple(outputs),
  };
}

export function eventFragment(name: string, inputs: readonly AbiParameter[], anonymous = false): EventFragment {
  let indexed = 0;
  for (const input of inputs) if (input.indexed) indexed++;
  // The LOG opcodes carry at most four topics; a named event spends one on its signature.
  const limit = anonymous ? 4 : 3;
  if (indexed > limit) {
    throw new AbiError(
      'ABI_FRAGMENT_INVALID',
      `The event ${name} has ${indexed} indexed parameters; ${anonymous ? 'an anonymous' : 'an'} event can ` +
        `have at most ${limit}.`,
      { name },
    );
  }
  const signature = formatCanonical(name, inputs);
  return { kind: 'event', name, inputs, anonymous, signature, topic: keccak256Hex(signature) };
}

export function errorFragment(name: string, inputs: readonly AbiParameter[]): ErrorFragment {
  const signature = formatCanonical(name, inputs);
  return {
    kind: 'error',
    name,
    inputs,
    signature,
    selector: keccak256Hex(signature).slice(0, 8) as Hex,
    inputTuple: parametersTuple(inputs),
  };
}

export function constructorFragment(
  inputs: readonly AbiParameter[],
  stateMutability: StateMutability = 'nonpayable',
): ConstructorFragment {
  return { kind: 'constructor', inputs, stateMutability, inputTuple: parametersTuple(inputs) };
}

/** A fragment from a human-readable signature such as `function balanceOf(address) view returns (uint256)`. */
export function fragmentFromSignature(
  text: string,
): FunctionFragment | EventFragment | ErrorFragment | ConstructorFragment {
  const parsed = parseSignature(text);
  switch (parsed.kind) {
    case 'function':
      return functionFragment(parsed.name, parsed.inputs, parsed.outputs, parsed.stateMutability);
    case 'event':
      return eventFragment(parsed.name, parsed.inputs, parsed.anonymous);
    case 'error':
      return errorFragment(parsed.name, parsed.inputs);
    case 'constructor':
      return constructorFragment(parsed.inputs, parsed.stateMutability);
  }
}

type JsonRecord = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(where: string, problem: string): AbiError {
  return new AbiError('ABI_FRAGMENT_INVALID', `${where} ${problem}`, { where });
}

const MUTABILITY: Readonly<Record<string, StateMutability>> = {
  pure: 'pure',
  view: 'view',
  nonpayable: 'nonpayable',
  payable: 'payable',
};

/** `stateMutability` in either casing, else the legacy `payable`/`constant` flags (older solc, java-tron). */
function mutabilityOf(entry: JsonRecord, where: string): StateMutability {
  const raw = entry['stateMutability'];
  if (typeof raw === 'string') {
    const known = MUTABILITY[raw.toLowerCase()];
    if (known === undefined) throw invalid(where, `has an unknown stateMutability "${raw}".`);
    return known;
  }
  if (entry['payable'] === true) return 'payable';
  if (entry['constant'] === true) return 'view';
  return 'nonpayable';
}

function parameterFromJson(json: unknown, where: string, allowIndexed: boolean, depth = 0): AbiParameter {
  if (!isRecord(json)) throw invalid(where, 'must be an object with a "type".');
  const typeText = json['type'];
  if (typeof typeText !== 'string') throw invalid(where, 'has no "type" text.');
  const rawName = json['name'];
  if (rawName !== undefined && rawName !== null && typeof rawName !== 'string')
    throw invalid(where, 'has a "name" that is not text.');
  const name = typeof rawName === 'string' ? rawName : '';
  const label = name === '' ? where : `${where} ("${name}")`;
  let type: AbiType;
  try {
    type = typeFromJson(typeText, json['components'], label, depth);
  } catch (error) {
    if (error instanceof AbiError && error.code !== 'ABI_FRAGMENT_INVALID') {
      throw new AbiError(error.code, `${label}: ${error.message}`, { ...error.details, where: label });
    }
    throw error;
  }
  const indexed = json['indexed'];
  if (indexed !== undefined && indexed !== null && typeof indexed !== 'boolean')
    throw invalid(label, 'has an "indexed" flag that is not true or false.');
  if (indexed === true && !allowIndexed) throw invalid(label, 'is marked indexed, which only event inputs can be.');
  return { name, type, indexed: indexed === true };
}

/** `tuple`, `tuple[]`, `tuple[2][]` take their components from `components`; everything else is type text. */
function typeFromJson(typeText: string, components: unknown, where: string, depth: number): AbiType {
  const isTuple = typeText.startsWith('tuple') && (typeText.length === 5 || typeText[5] === '[');
  if (!isTuple) return parseType(typeText);
  if (!Array.isArray(components) || components.length === 0)
    throw invalid(where, `has type "${typeText}" but no components.`);
  if (depth >= MAX_TYPE_DEPTH) throw invalid(where, `nests tuples more than ${MAX_TYPE_DEPTH} levels deep.`);
  const parts = components.map((c, i) => parameterFromJson(c, `${where} component #${i}`, false, depth + 1));
  const base = tupleType(
    parts.map((p) => p.type),
    parts.map((p) => p.name),
  );
  const reader = new SyntaxReader(typeText, 'ABI_TYPE_INVALID', 'ABI type');
  reader.pos = 5;
  const type = reader.arraySuffixes(base);
  if (!reader.atEnd()) reader.fail(`is not valid: unexpected text at position ${reader.pos}.`);
  return type;
}

function parametersFromJson(value: unknown, where: string, allowIndexed: boolean): AbiParameter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(where, 'must be a list of parameters.');
  return value.map((p, i) => parameterFromJson(p, `${where} #${i}`, allowIndexed));
}

/**
 * One ABI entry: a JSON object in Solidity's or java-tron's form, or a human-readable signature.
 * A missing `type` means a function, as in Solidity's ABI specification.
 */
export function parseAbiEntry(entry: unknown, where = 'The ABI entry'): AbiFragment {
  if (typeof entry === 'string') return fragmentFromSignature(entry);
  if (!isRecord(entry)) throw invalid(where, 'must be an object.');
  const rawType = entry['type'] ?? 'function';
  if (typeof rawType !== 'string') throw invalid(where, 'has a "type" that is not text.');
  const kind = rawType.toLowerCase();
  const rawName = entry['name'];
  const name = typeof rawName === 'string' ? rawName : '';
  const label = name === '' ? where : `${where} "${name}"`;
  const needName = (): string => {
    if (name === '') throw invalid(label, `is a ${kind} without a name.`);
    return name;
  };
  switch (kind) {
    case 'function':
      return functionFragment(
        needName(),
        parametersFromJson(entry['inputs'], `${label} input`, false),
        parametersFromJson(entry['outputs'], `${label} output`, false),
        mutabilityOf(entry, label),
      );
    case 'event':
      return eventFragment(
        needName(),
        parametersFromJson(entry['inputs'], `${label} input`, true),
        entry['anonymous'] === true,
      );
    case 'error':
      return errorFragment(needName(), parametersFromJson(entry['inputs'], `${label} input`, false));
    case 'constructor':
      return constructorFragment(
        parametersFromJson(entry['inputs'], `${label} input`, false),
        mutabilityOf(entry, label),
      );
    case 'fallback':
    case 'receive':
      return { kind, stateMutability: kind === 'receive' ? 'payable' : mutabilityOf(entry, label) };
    default:
      throw invalid(label, `has an unknown type "${rawType}".`);
  }
}

export interface Abi {
  readonly fragments: readonly AbiFragment[];
  readonly functions: readonly FunctionFragment[];
  readonly events: readonly EventFragment[];
  readonly errors: readonly ErrorFragment[];
  readonly constructorFragment: ConstructorFragment | undefined;
}

/**
 * A whole ABI: a list of entries, java-tron's `{"entrys": [...]}`, or JSON text of either.
 * Human-readable signatures may be mixed in.
 */
export function parseAbi(input: unknown): Abi {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new AbiError('ABI_FRAGMENT_INVALID', 'The ABI text is not valid JSON.');
    }
  }
  if (isRecord(value) && Array.isArray(value['entrys'])) value = value['entrys'];
  if (!Array.isArray(value))
    throw new AbiError('ABI_FRAGMENT_INVALID', 'An ABI must be a list of entries (or java-tron\'s {"entrys": [...]}).');
  const fragments = value.map((entry, i) => parseAbiEntry(entry, `The ABI entry #${i}`));
  const constructors = fragments.filter((f): f is ConstructorFragment => f.kind === 'constructor');
  if (constructors.length > 1) throw new AbiError('ABI_FRAGMENT_INVALID', 'The ABI has more than one constructor.');
  return {
    fragments,
    functions: fragments.filter((f): f is FunctionFragment => f.kind === 'function'),
    events: fragments.filter((f): f is EventFragment => f.kind === 'event'),
    errors: fragments.filter((f): f is ErrorFragment => f.kind === 'error'),
    constructorFragment: constructors[0],
  };
}

/** The canonical signature `name(type,…)` of an entry (JSON in either form, a fragment, or signature text). */
export function formatSignature(entry: unknown): string {
  const fragment = isFragment(entry) ? entry : parseAbiEntry(entry);
  switch (fragment.kind) {
    case 'function':
    case 'event':
    case 'error':
      return fragment.signature;
    case 'constructor':
      return formatCanonical('constructor', fragment.inputs);
    default:
      return `${fragment.kind}()`;
  }
}

function isFragment(value: unknown): value is AbiFragment {
  return isRecord(value) && typeof value['kind'] === 'string' && !('type' in value);
}

type Keyed = FunctionFragment | EventFragment | ErrorFragment;

function find<T extends Keyed>(list: readonly T[], key: string, what: string, idOf: (f: T) => string): T {
  if (typeof key !== 'string' || key === '')
    throw new AbiError('ABI_FRAGMENT_NOT_FOUND', `Name the ${what} to look up.`);
  let matches: T[];
  const id = key.startsWith('0x') ? key.slice(2).toLowerCase() : key.toLowerCase();
  if (key.includes('(')) {
    const parsed = parseSignature(
      what === 'function' ? key : `${what} ${key.replace(/^\s*(event|error|function)\s+/, '')}`,
    );
    const signature = formatCanonical(parsed.name, parsed.inputs);
    matches = list.filter((f) => f.signature === signature);
  } else {
    matches = list.filter((f) => f.name === key);
    if (matches.length === 0) matches = list.filter((f) => idOf(f) === id);
  }
  if (matches.length === 0)
    throw new AbiError('ABI_FRAGMENT_NOT_FOUND', `The ABI has no ${what} matching "${key}".`, { key });
  if (matches.length > 1) {
    throw new AbiError(
      'ABI_FRAGMENT_AMBIGUOUS',
      `The ABI has ${matches.length} ${what}s named "${key}" ` +
        `(${matches.map((m) => m.signature).join(', ')}); give the full signature.`,
      {
        key,
      },
    );
  }
  return matches[0]!;
}

/** A function by name (when not overloaded), signature in any spelling, or 8-hex-digit selector. */
export function findFunction(abi: Abi, key: string): FunctionFragment {
  return find(abi.functions, key, 'function', (f) => f.selector);
}

/** An event by name, signature, or topic0 (64 hex digits). */
export function findEvent(abi: Abi, key: string): EventFragment {
  return find(abi.events, key, 'event', (f) => f.topic);
}

/** A custom error by name, signature, or selector. */
export function findError(abi: Abi, key: string): ErrorFragment {
  return find(abi.errors, key, 'error', (f) => f.selector);
}
