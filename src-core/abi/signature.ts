import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Hex } from '../brand';
import { AbiError } from '../errors';
import { bytesToHex } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import type { AbiParameter } from './types';
import { SyntaxReader } from './syntax';

/**
 * Human-readable signatures, as people write them (`transfer(address to, uint amount)`,
 * `event Transfer(address indexed from, address indexed to, uint256 value)`,
 * `function balanceOf(address) view returns (uint256)`), and their canonical form
 * `name(type,…)`: no names, no spaces, `uint` → `uint256`. Selectors and event topics are
 * Keccak-256 of that canonical text (Solidity ABI specification, "Function Selector").
 */

export type SignatureKind = 'function' | 'event' | 'error' | 'constructor';
export type StateMutability = 'pure' | 'view' | 'nonpayable' | 'payable';

export interface ParsedSignature {
  readonly kind: SignatureKind;
  /** '' for constructors. */
  readonly name: string;
  readonly inputs: readonly AbiParameter[];
  readonly outputs: readonly AbiParameter[];
  readonly stateMutability: StateMutability;
  readonly anonymous: boolean;
}

const KINDS = new Set<string>(['function', 'event', 'error', 'constructor']);
const MUTABILITY = new Set<string>(['pure', 'view', 'payable', 'nonpayable']);
const IGNORED_WORDS = new Set(['external', 'public', 'internal', 'private', 'virtual', 'override']);

/**
 * Parses a human-readable signature. Without a leading keyword the text is a function
 * (`transfer(address,uint256)`); `event`, `error` and `constructor` must be spelled out.
 */
export function parseSignature(text: string): ParsedSignature {
  if (typeof text !== 'string')
    throw new AbiError('ABI_SIGNATURE_INVALID', 'A signature must be text such as "transfer(address,uint256)".');
  const reader = new SyntaxReader(text, 'ABI_SIGNATURE_INVALID', 'signature');
  if (reader.atEnd()) reader.fail('is empty.');
  const start = reader.pos;
  let word = reader.identifier();
  let kind: SignatureKind = 'function';
  if (KINDS.has(word) && (word === 'constructor' || reader.peek() !== '(')) {
    kind = word as SignatureKind;
    word = kind === 'constructor' ? '' : reader.identifier();
  }
  if (kind !== 'constructor' && word === '') {
    reader.pos = start;
    reader.fail('is not valid: it must start with a name, as in "transfer(address,uint256)".');
  }
  const inputs = reader.parameterList({ allowIndexed: kind === 'event' });
  let outputs: AbiParameter[] = [];
  let stateMutability: StateMutability = 'nonpayable';
  let anonymous = false;
  while (!reader.atEnd()) {
    const before = reader.pos;
    const modifier = reader.identifier();
    if (modifier === 'returns' && kind === 'function' && outputs.length === 0) {
      outputs = reader.parameterList({ allowIndexed: false });
    } else if (MUTABILITY.has(modifier) && (kind === 'function' || kind === 'constructor')) {
      stateMutability = modifier as StateMutability;
    } else if (modifier === 'anonymous' && kind === 'event') {
      anonymous = true;
    } else if (IGNORED_WORDS.has(modifier) && kind === 'function') {
      // Visibility and inheritance words do not change the ABI.
    } else {
      reader.pos = before;
      reader.fail(
        `is not valid: unexpected ${modifier === '' ? `"${reader.peek()}"` : `"${modifier}"`} at position ${before}.`,
      );
    }
  }
  const strip = (p: AbiParameter): AbiParameter => ({ name: p.name, type: p.type, indexed: p.indexed });
  return { kind, name: word, inputs: inputs.map(strip), outputs: outputs.map(strip), stateMutability, anonymous };
}

/** `name(type1,type2)` from a name and parameters. */
export function formatCanonical(name: string, inputs: readonly AbiParameter[]): string {
  let out = `${name}(`;
  for (let i = 0; i < inputs.length; i++) out += (i === 0 ? '' : ',') + inputs[i]!.type.canonical;
  return `${out})`;
}

const canonicalCache = new Map<string, string>();
const CACHE_LIMIT = 2048;

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The canonical signature: `transfer(address to, uint amount)` → `transfer(address,uint256)`. */
export function canonicalSignature(text: string): string {
  const cached = canonicalCache.get(text);
  if (cached !== undefined) return cached;
  const parsed = parseSignature(text);
  if (parsed.kind === 'constructor') {
    throw new AbiError(
      'ABI_SIGNATURE_INVALID',
      'A constructor has no selector or canonical signature; it is called through deploy data.',
    );
  }
  return remember(canonicalCache, text, formatCanonical(parsed.name, parsed.inputs));
}

/** Keccak-256 of the UTF-8 text, as lowercase hex. */
export function keccak256Hex(text: string): Hex {
  return bytesToHex(keccak_256(utf8ToBytes(text)));
}

const selectorCache = new Map<string, Hex>();

/** The 4-byte function (or custom error) selector as 8 hex digits: `transfer(address,uint256)` → `a9059cbb`. */
export function functionSelector(signature: string): Hex {
  const cached = selectorCache.get(signature);
  if (cached !== undefined) return cached;
  return remember(selectorCache, signature, keccak256Hex(canonicalSignature(signature)).slice(0, 8) as Hex);
}

/** topic0 of a (non-anonymous) event: the full Keccak-256 of its canonical signature, 64 hex digits. */
export function eventTopic(signature: string): Hex {
  return keccak256Hex(canonicalSignature(signature));
}
