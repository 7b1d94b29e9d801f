// fast-check generators for ABI type trees and values in their decoded (canonical) form.
import fc from 'fast-check';
import {
  type AbiType,
  type AbiValue,
  addressType,
  arrayType,
  boolType,
  bytesType,
  fixedBytesType,
  intType,
  stringType,
  tupleType,
  uintType,
} from '../../../src-core/abi';
import { bytesToHex } from '../../../src-core/bytes/hex';

const width = fc.integer({ min: 1, max: 32 });

export const leafTypeArb: fc.Arbitrary<AbiType> = fc.oneof(
  width.map((n) => uintType(n * 8)),
  width.map((n) => intType(n * 8)),
  fc.constant(addressType),
  fc.constant(boolType),
  width.map((n) => fixedBytesType(n)),
  fc.constant(bytesType),
  fc.constant(stringType),
);

/** Type trees up to a few levels deep: arrays (dynamic and fixed) and tuples of anything. */
export const typeArb: fc.Arbitrary<AbiType> = fc.letrec<{ type: AbiType; array: AbiType; tuple: AbiType }>((tie) => ({
  type: fc.oneof({ maxDepth: 3, depthSize: 'small' }, leafTypeArb, tie('array'), tie('tuple')),
  array: fc
    .tuple(tie('type'), fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }))
    .map(([element, length]) => arrayType(element, length)),
  tuple: fc.array(tie('type'), { minLength: 1, maxLength: 4 }).map((components) => tupleType(components)),
})).type;

/** Parameter lists: a tuple whose components are the parameters. */
export const paramsArb = fc.array(typeArb, { minLength: 0, maxLength: 5 }).map((types) => tupleType(types));

const hexBytes = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((b) => bytesToHex(b) as string);

/** A decoded-form value of `type`. */
export function valueArb(type: AbiType): fc.Arbitrary<AbiValue> {
  switch (type.kind) {
    case 'uint':
      return fc.oneof(fc.bigInt({ min: 0n, max: type.max }), fc.constantFrom(0n, type.max));
    case 'int':
      return fc.oneof(fc.bigInt({ min: type.min, max: type.max }), fc.constantFrom(type.min, -1n, 0n, type.max));
    case 'address':
      return hexBytes(20, 20).map((h) => `41${h}`);
    case 'bool':
      return fc.boolean();
    case 'fixedBytes':
      return hexBytes(type.size, type.size);
    case 'bytes':
      return hexBytes(0, 70);
    case 'string':
      return fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
    case 'array': {
      const element = valueArb(type.element);
      return fc.array(element, { minLength: type.length ?? 0, maxLength: type.length ?? 3 });
    }
    case 'tuple':
      return fc.tuple(...type.components.map(valueArb));
  }
}

export const typedValueArb = typeArb.chain((type) => fc.tuple(fc.constant(type), valueArb(type)));
export const paramsWithValuesArb = paramsArb.chain((tuple) =>
  fc.tuple(fc.constant(tuple), valueArb(tuple) as fc.Arbitrary<AbiValue[]>),
);

/** A Solidity ABI JSON parameter for a type tree (`tuple[2][]` with `components`). */
export function toJsonParam(type: AbiType, name = ''): { name: string; type: string; components?: unknown[] } {
  let suffix = '';
  let base = type;
  while (base.kind === 'array') {
    suffix = `[${base.length ?? ''}]` + suffix;
    base = base.element;
  }
  if (base.kind !== 'tuple') return { name, type: type.canonical };
  return { name, type: `tuple${suffix}`, components: base.components.map((c, i) => toJsonParam(c, `f${i}`)) };
}
