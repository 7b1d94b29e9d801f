import { AbiError } from '../errors';

/**
 * The Solidity ABI type tree. Every node carries what the coders need, computed once when the
 * node is built: its canonical text (as it appears in selectors), whether it is dynamic, and how
 * many bytes it takes in the head of the enclosing tuple (Solidity ABI specification,
 * "Formal Specification of the Encoding"). Nodes are immutable and may be shared between trees.
 */
export type AbiType =
  UintType | IntType | AddressType | BoolType | FixedBytesType | BytesType | StringType | ArrayType | TupleType;

interface TypeNode {
  /** Canonical form: `uint256`, `(address,bytes)[2]`; never contains spaces or names. */
  readonly canonical: string;
  /** Dynamic types are placed in the tail and referenced by an offset word in the head. */
  readonly dynamic: boolean;
  /** Bytes taken in the head: 32 for dynamic types, the full in-place size for static ones. */
  readonly headSize: number;
  /** Levels of arrays and tuples around the deepest elementary type (0 for an elementary type). */
  readonly depth: number;
}

export interface UintType extends TypeNode {
  readonly kind: 'uint';
  readonly bits: number;
  readonly max: bigint;
}

export interface IntType extends TypeNode {
  readonly kind: 'int';
  readonly bits: number;
  readonly min: bigint;
  readonly max: bigint;
}

export interface AddressType extends TypeNode {
  readonly kind: 'address';
}

export interface BoolType extends TypeNode {
  readonly kind: 'bool';
}

/** `bytes1` … `bytes32`. */
export interface FixedBytesType extends TypeNode {
  readonly kind: 'fixedBytes';
  readonly size: number;
}

export interface BytesType extends TypeNode {
  readonly kind: 'bytes';
}

export interface StringType extends TypeNode {
  readonly kind: 'string';
}

export interface ArrayType extends TypeNode {
  readonly kind: 'array';
  readonly element: AbiType;
  /** `null` for `T[]`, the element count for `T[k]`. */
  readonly length: number | null;
}

export interface TupleType extends TypeNode {
  readonly kind: 'tuple';
  readonly components: readonly AbiType[];
  /** Component names from the ABI, `''` where none was given. */
  readonly names: readonly string[];
}

/** A function, event, error or constructor parameter. */
export interface AbiParameter {
  readonly name: string;
  readonly type: AbiType;
  /** Only meaningful for event inputs. */
  readonly indexed: boolean;
}

const WORD = 32;
/** 2^256, for two's complement of negative integers. */
export const TWO_POW_256 = 1n << 256n;

/**
 * Arrays and tuples may nest this deep. Real ABIs stay far below; the limit keeps the recursive
 * parsers and coders away from the stack limit whatever text they are given.
 */
export const MAX_TYPE_DEPTH = 32;

// One level more than MAX_TYPE_DEPTH for the tuple that wraps a parameter list.
function checkDepth(depth: number, canonical: string): void {
  if (depth > MAX_TYPE_DEPTH + 1) {
    const shown = canonical.length > 60 ? `${canonical.slice(0, 57)}…` : canonical;
    throw new AbiError(
      'ABI_TYPE_INVALID',
      `The type "${shown}" nests arrays and tuples more than ${MAX_TYPE_DEPTH} levels deep.`,
    );
  }
}

function word<K extends string, T extends object>(
  kind: K,
  canonical: string,
  extra: T,
): { kind: K; canonical: string; dynamic: false; headSize: number; depth: number } & T {
  return { kind, canonical, dynamic: false, headSize: WORD, depth: 0, ...extra };
}

const uintCache: UintType[] = [];
const intCache: IntType[] = [];
const fixedBytesCache: FixedBytesType[] = [];

function checkBits(bits: number, kind: string): void {
  if (!Number.isInteger(bits) || bits < 8 || bits > 256 || bits % 8 !== 0) {
    throw new AbiError(
      'ABI_TYPE_INVALID',
      `"${kind}${bits}" is not a Solidity type: the width must be a multiple of 8 from 8 to 256.`,
      { type: `${kind}${bits}` },
    );
  }
}

export function uintType(bits = 256): UintType {
  checkBits(bits, 'uint');
  return (uintCache[bits] ??= word('uint', `uint${bits}`, { bits, max: (1n << BigInt(bits)) - 1n }));
}

export function intType(bits = 256): IntType {
  checkBits(bits, 'int');
  const half = 1n << BigInt(bits - 1);
  return (intCache[bits] ??= word('int', `int${bits}`, { bits, min: -half, max: half - 1n }));
}

export function fixedBytesType(size: number): FixedBytesType {
  if (!Number.isInteger(size) || size < 1 || size > 32) {
    throw new AbiError(
      'ABI_TYPE_INVALID',
      `"bytes${size}" is not a Solidity type: fixed byte arrays hold 1 to 32 bytes.`,
      { type: `bytes${size}` },
    );
  }
  return (fixedBytesCache[size] ??= word('fixedBytes', `bytes${size}`, { size }));
}

export const trcTokenType: UintType = { ...uintType(256), canonical: 'trcToken' };
export const addressType: AddressType = word('address', 'address', {});
export const boolType: BoolType = word('bool', 'bool', {});
export const bytesType: BytesType = { kind: 'bytes', canonical: 'bytes', dynamic: true, headSize: WORD, depth: 0 };
export const stringType: StringType = { kind: 'string', canonical: 'string', dynamic: true, headSize: WORD, depth: 0 };

/**
 * `T[]` when `length` is null, `T[k]` otherwise. A fixed array of static elements is static and
 * sits in place; anything holding a dynamic part goes to the tail.
 */
export function arrayType(element: AbiType, length: number | null = null): ArrayType {
  if (length !== null && (!Number.isSafeInteger(length) || length < 1)) {
    throw new AbiError(
      'ABI_TYPE_INVALID',
      `"${element.canonical}[${length}]" is not a Solidity type: a fixed array holds at least one element.`,
      {
        type: `${element.canonical}[${length}]`,
      },
    );
  }
  const canonical = `${element.canonical}[${length ?? ''}]`;
  const depth = element.depth + 1;
  checkDepth(depth, canonical);
  const dynamic = length === null || element.dynamic;
  return {
    kind: 'array',
    canonical,
    dynamic,
    headSize: dynamic ? WORD : element.headSize * length!,
    depth,
    element,
    length,
  };
}

/**
 * A tuple of components. Names are kept for decoding into objects; they never affect the
 * encoding or the canonical text.
 */
export function tupleType(components: readonly AbiType[], names?: readonly string[]): TupleType {
  let dynamic = false;
  let size = 0;
  let depth = 0;
  for (const component of components) {
    if (component.dynamic) dynamic = true;
    size += component.headSize;
    if (component.depth > depth) depth = component.depth;
  }
  const canonical = `(${components.map((c) => c.canonical).join(',')})`;
  checkDepth(depth + 1, canonical);
  return {
    kind: 'tuple',
    canonical,
    dynamic,
    headSize: dynamic ? WORD : size,
    depth: depth + 1,
    components: [...components],
    names: components.map((_, i) => names?.[i] ?? ''),
  };
}

/** The tuple of a parameter list, as encoded for call data, return values or event data. */
export function parametersTuple(parameters: readonly AbiParameter[]): TupleType {
  return tupleType(
    parameters.map((p) => p.type),
    parameters.map((p) => p.name),
  );
}

/**
 * Solidity's elementary type names; `uint`/`int` mean 256 bits and `byte` means `bytes1`.
 * TRON's `trcToken` (a TRC-10 token id) is a uint256 on the wire but keeps its own name in
 * selectors (the TVM convention TronWeb follows), hence its own node.
 */
export function elementaryType(name: string): AbiType | undefined {
  switch (name) {
    case 'address':
      return addressType;
    case 'bool':
      return boolType;
    case 'string':
      return stringType;
    case 'bytes':
      return bytesType;
    case 'byte':
      return fixedBytesType(1);
    case 'uint':
      return uintType(256);
    case 'int':
      return intType(256);
    case 'trcToken':
      return trcTokenType;
  }
  const digits = numericSuffix(name);
  if (digits === undefined) return undefined;
  const prefix = name.slice(0, name.length - digits.length);
  const n = Number(digits);
  if (prefix === 'uint') return uintType(n);
  if (prefix === 'int') return intType(n);
  if (prefix === 'bytes') return fixedBytesType(n);
  return undefined;
}

function numericSuffix(name: string): string | undefined {
  let i = name.length;
  while (i > 0 && name.charCodeAt(i - 1) >= 48 && name.charCodeAt(i - 1) <= 57) i--;
  if (i === name.length || i === 0) return undefined;
  // `uint08` is not a type; Solidity writes widths without leading zeros.
  if (name.charCodeAt(i) === 48) return undefined;
  return name.slice(i);
}
