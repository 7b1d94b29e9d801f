import type { JsonNode } from './json';
import { isIntegralLiteral, scalarText } from './json';
import { ParamMappingError } from './errors';

/**
 * Jackson 2.13's mapping of JSON parameters to the Java parameter types of TronJsonRpc (jsonrpc4j
 * converts them all before it invokes the method; a failure answers as a JSON parse error):
 * String takes a string, a number or a boolean (as its text) or null; Boolean takes a boolean,
 * "true"/"false", an integer (non-zero = true) or null; Long/Integer take integers, integral text
 * and truncated decimals; POJOs take an object whose every field they declare.
 */
export type Converter<T> = (node: JsonNode) => T;

function mismatch(what: string, node: JsonNode): ParamMappingError {
  return new ParamMappingError(`Cannot deserialize value of type \`${what}\` from ${node.kind}`);
}

export const stringParam: Converter<string | null> = (node) => {
  if (node.kind === 'null') return null;
  const text = scalarText(node);
  if (text === undefined) throw mismatch('java.lang.String', node);
  return text;
};

export const booleanParam: Converter<boolean | null> = (node) => {
  switch (node.kind) {
    case 'null':
      return null;
    case 'boolean':
      return node.value;
    case 'string': {
      const text = node.value.trim();
      if (text === 'true' || text === 'True' || text === 'TRUE') return true;
      if (text === 'false' || text === 'False' || text === 'FALSE') return false;
      // Jackson coerces an empty or "null" text to null.
      if (text === '' || text === 'null') return null;
      throw mismatch('java.lang.Boolean', node);
    }
    case 'number':
      if (isIntegralLiteral(node.text)) return BigInt(node.text) !== 0n;
      throw mismatch('java.lang.Boolean', node);
    default:
      throw mismatch('java.lang.Boolean', node);
  }
};

/** `Long` (bits 64) or `Integer` (bits 32): null stays null (Java unboxes it later, with a NullPointerException). */
function integerParam(bits: 32 | 64, what: string): Converter<bigint | null> {
  return (node) => {
    let value: bigint;
    if (node.kind === 'null') return null;
    if (node.kind === 'number') {
      // DeserializationFeature.ACCEPT_FLOAT_AS_INT: a decimal is truncated.
      value = isIntegralLiteral(node.text) ? BigInt(node.text) : BigInt(Math.trunc(Number(node.text)));
    } else if (node.kind === 'string' && /^\s*[+-]?\d+\s*$/.test(node.value)) {
      value = BigInt(node.value.trim());
    } else if (node.kind === 'string' && node.value.trim() === '') {
      return null;
    } else {
      throw mismatch(what, node);
    }
    if (BigInt.asIntN(bits, value) !== value)
      throw new ParamMappingError(`Numeric value (${value}) out of range of ${what}`);
    return value;
  };
}

export const longParam = integerParam(64, 'java.lang.Long');
export const intParam = integerParam(32, 'java.lang.Integer');

/** A primitive `boolean` field: null is false (FAIL_ON_NULL_FOR_PRIMITIVES is off). */
export const primitiveBoolean: Converter<boolean> = (node) => booleanParam(node) ?? false;

/** A parameter declared `Object`: Jackson's natural mapping, kept as the tree. */
export const objectParam: Converter<JsonNode> = (node) => node;

/**
 * `Object[]` with ACCEPT_SINGLE_VALUE_AS_ARRAY (jsonrpc4j reads every parameter that way): an array,
 * or any other non-null value wrapped as one element.
 */
export const objectArrayParam: Converter<readonly JsonNode[] | null> = (node) => {
  if (node.kind === 'null') return null;
  return node.kind === 'array' ? node.items : [node];
};

type FieldConverters<T> = { readonly [K in keyof T]: Converter<T[K]> };

/**
 * A POJO parameter (CallArguments, BuildArguments, FilterRequest): an object whose fields it
 * declares (FAIL_ON_UNKNOWN_PROPERTIES), fields it does not receive keep their initial values;
 * JSON null gives a null argument.
 */
export function pojoParam<T>(javaClass: string, fields: FieldConverters<T>, initial: T): Converter<T | null> {
  return (node) => {
    if (node.kind === 'null') return null;
    if (node.kind !== 'object') throw mismatch(javaClass, node);
    const out = { ...initial };
    for (const [name, value] of node.fields) {
      if (!Object.prototype.hasOwnProperty.call(fields, name))
        throw new ParamMappingError(`Unrecognized field "${name}" (class ${javaClass})`);
      const key = name as keyof T;
      out[key] = fields[key](value);
    }
    return out;
  };
}
