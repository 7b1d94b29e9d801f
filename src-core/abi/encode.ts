import type { Hex } from '../brand';
import { bytesToHex } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import type { AbiType, ArrayType, TupleType } from './types';
import { TWO_POW_256 } from './types';
import { type AbiTypeList, toParameterTuple } from './syntax';
import { hasLoneSurrogate, toAddressBody, toBytesHex, toInteger, valueError } from './values';
import { ZEROS, asciiToHex, padLeft, padRight, sizeWord } from './words';

/**
 * Solidity ABI encoding (Solidity ABI specification, "Formal Specification of the Encoding"): static values in
 * place, dynamic values in the tail behind an offset counted from the start of the enclosing
 * tuple. Output is lowercase hex without `0x`, the form java-tron's `parameter` field takes.
 */
export function encodeParams(types: AbiTypeList, values: readonly unknown[] | Readonly<Record<string, unknown>>): Hex {
  const tuple = toParameterTuple(types);
  return encodeTupleContent(tuple, values, '') as Hex;
}

/** Encodes one value of one type, as it would appear as the only parameter. */
export function encodeValue(type: AbiType, value: unknown): Hex {
  return (type.dynamic ? sizeWord(32) + encodeAny(type, value, '#0') : encodeAny(type, value, '#0')) as Hex;
}

const ADDRESS_PAD = ZEROS[24]!;
const TRUE_WORD = padLeft('1');
const FALSE_WORD = ZEROS[64]!;

/** The in-place encoding of a static value, or the tail encoding of a dynamic one. */
function encodeAny(type: AbiType, value: unknown, path: string): string {
  switch (type.kind) {
    case 'uint':
      return padLeft(toInteger(value, type, path).toString(16));
    case 'int': {
      const n = toInteger(value, type, path);
      return n < 0n ? (n + TWO_POW_256).toString(16) : padLeft(n.toString(16));
    }
    case 'address':
      return ADDRESS_PAD + toAddressBody(value, path, type);
    case 'bool':
      if (value === true) return TRUE_WORD;
      if (value === false) return FALSE_WORD;
      throw valueError('ABI_VALUE_TYPE', path, type, `must be true or false, got ${describeShape(value)}.`, value);
    case 'fixedBytes': {
      const hex = toBytesHex(value, path, type);
      if (hex.length !== type.size * 2) {
        throw valueError(
          'ABI_BYTES_LENGTH',
          path,
          type,
          `must be exactly ${type.size} bytes, got ${hex.length / 2}.`,
          value,
        );
      }
      return padRight(hex);
    }
    case 'bytes': {
      const hex = toBytesHex(value, path, type);
      return sizeWord(hex.length / 2) + padRight(hex);
    }
    case 'string': {
      if (typeof value !== 'string')
        throw valueError('ABI_VALUE_TYPE', path, type, `must be text, got ${describeShape(value)}.`, value);
      let hex = asciiToHex(value);
      if (hex === undefined) {
        if (hasLoneSurrogate(value)) {
          throw valueError(
            'ABI_STRING_INVALID',
            path,
            type,
            'contains a lone UTF-16 surrogate, which has no UTF-8 encoding.',
            value,
          );
        }
        hex = bytesToHex(utf8ToBytes(value));
      }
      return sizeWord(hex.length / 2) + padRight(hex);
    }
    case 'array':
      return encodeArray(type, value, path);
    case 'tuple':
      return encodeTupleContent(type, value, path);
  }
}

function encodeArray(type: ArrayType, value: unknown, path: string): string {
  if (!Array.isArray(value))
    throw valueError('ABI_VALUE_TYPE', path, type, `must be an array, got ${describeShape(value)}.`, value);
  const items = value as readonly unknown[];
  if (type.length !== null && items.length !== type.length) {
    throw valueError('ABI_VALUE_COUNT', path, type, `must have exactly ${type.length} elements, got ${items.length}.`);
  }
  const element = type.element;
  let head = '';
  let tail = '';
  const headBytes = element.headSize * items.length;
  for (let i = 0; i < items.length; i++) {
    const encoded = encodeAny(element, items[i], `${path}[${i}]`);
    if (element.dynamic) {
      head += sizeWord(headBytes + tail.length / 2);
      tail += encoded;
    } else {
      head += encoded;
    }
  }
  return type.length === null ? sizeWord(items.length) + head + tail : head + tail;
}

function encodeTupleContent(type: TupleType, value: unknown, path: string): string {
  const items = tupleItems(type, value, path);
  const components = type.components;
  let headBytes = 0;
  for (let i = 0; i < components.length; i++) headBytes += components[i]!.headSize;
  let head = '';
  let tail = '';
  for (let i = 0; i < components.length; i++) {
    const component = components[i]!;
    const encoded = encodeAny(component, items[i], childPath(path, type, i));
    if (component.dynamic) {
      head += sizeWord(headBytes + tail.length / 2);
      tail += encoded;
    } else {
      head += encoded;
    }
  }
  return head + tail;
}

function childPath(path: string, type: TupleType, index: number): string {
  const label = type.names[index] || `#${index}`;
  return path === '' ? label : `${path}.${label}`;
}

/** A tuple value is an array in component order, or an object keyed by every component name. */
function tupleItems(type: TupleType, value: unknown, path: string): readonly unknown[] {
  const where = path === '' ? 'parameters' : path;
  if (Array.isArray(value)) {
    if (value.length !== type.components.length) {
      throw valueError(
        'ABI_VALUE_COUNT',
        where,
        type,
        `must have exactly ${type.components.length} values, got ${value.length}.`,
      );
    }
    return value;
  }
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) {
    throw valueError(
      'ABI_VALUE_TYPE',
      where,
      type,
      `must be an array${namedForm(type)}, got ${describeShape(value)}.`,
      value,
    );
  }
  if (namedForm(type) === '') {
    throw valueError(
      'ABI_VALUE_TYPE',
      where,
      type,
      'must be an array: the components have no (distinct) names to match object keys against.',
    );
  }
  const record = value as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(record)) {
    if (!type.names.includes(key))
      throw valueError('ABI_VALUE_COUNT', where, type, `has an unexpected field "${key}".`);
  }
  return type.names.map((name) => {
    if (!Object.prototype.hasOwnProperty.call(record, name))
      throw valueError('ABI_VALUE_COUNT', where, type, `is missing the field "${name}".`);
    return record[name];
  });
}

function namedForm(type: TupleType): string {
  const names = type.names;
  if (names.length === 0 || names.some((n) => n === '') || new Set(names).size !== names.length) return '';
  return ' or an object with the fields ' + names.join(', ');
}

function describeShape(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'a Uint8Array';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}…` : value)}`;
  return typeof value === 'object' ? 'an object' : `the ${typeof value} ${String(value)}`;
}
