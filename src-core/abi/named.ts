import type { AbiType, TupleType } from './types';
import { type AbiTypeList, toParameterTuple } from './syntax';
import { decodeParams } from './decode';
import type { AbiNamedValue, AbiValue } from './values';

/**
 * Tuples as objects. A component is keyed by its ABI name; a component without a name, or whose
 * name repeats an earlier one, is keyed by its position (`"0"`, `"1"`, …) so that no value is lost.
 */
export function toNamedValue(type: AbiType, value: AbiValue): AbiNamedValue {
  if (type.kind === 'tuple') return toNamedObject(type, value as AbiValue[]);
  if (type.kind === 'array') {
    const element = type.element;
    return (value as AbiValue[]).map((item) => toNamedValue(element, item));
  }
  return value;
}

export function toNamedObject(type: TupleType, values: readonly AbiValue[]): { [name: string]: AbiNamedValue } {
  const entries: [string, AbiNamedValue][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < type.components.length; i++) {
    const name = type.names[i] ?? '';
    const key = name === '' || seen.has(name) ? String(i) : name;
    seen.add(key);
    entries.push([key, toNamedValue(type.components[i]!, values[i]!)]);
  }
  // fromEntries defines own properties, so a name such as "__proto__" cannot touch the prototype.
  return Object.fromEntries(entries);
}

/** Decodes parameters into an object keyed by parameter name (see `toNamedObject`). */
export function decodeParamsNamed(types: AbiTypeList, data: string | Uint8Array): { [name: string]: AbiNamedValue } {
  const tuple = toParameterTuple(types);
  return toNamedObject(tuple, decodeParams(tuple, data));
}
