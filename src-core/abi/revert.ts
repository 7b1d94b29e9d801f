import type { Hex } from '../brand';
import { AbiError } from '../errors';
import { type Abi, type ErrorFragment, parseAbi } from './fragments';
import { decodeNormalized } from './decode';
import { toNamedObject } from './named';
import { stringType, tupleType, uintType } from './types';
import type { AbiNamedValue, AbiValue } from './values';
import { WORD_HEX, dataHexOrUndefined } from './words';

/**
 * Revert data, as returned in a failed call's result: `Error(string)` from `require`/`revert`,
 * `Panic(uint256)` from compiler checks, or a custom error `Name(args)` identified by selector.
 * Decoding never throws on unexpected content, only on text that is not hex: a revert is already
 * a failure, and the person should see the best available sentence.
 */

export type RevertReason =
  | { readonly kind: 'empty'; readonly message: string }
  | { readonly kind: 'error'; readonly reason: string; readonly message: string }
  | { readonly kind: 'panic'; readonly code: bigint; readonly message: string }
  | {
      readonly kind: 'custom';
      readonly name: string;
      readonly signature: string;
      readonly values: readonly AbiValue[];
      readonly named: { readonly [name: string]: AbiNamedValue };
      readonly message: string;
    }
  | { readonly kind: 'unknown'; readonly selector: Hex | null; readonly data: Hex; readonly message: string };

/** keccak256("Error(string)")[0..4] and keccak256("Panic(uint256)")[0..4]. */
export const ERROR_STRING_SELECTOR = '08c379a0';
export const PANIC_SELECTOR = '4e487b71';

const ERROR_TUPLE = tupleType([stringType], ['reason']);
const PANIC_TUPLE = tupleType([uintType(256)], ['code']);

/** Panic codes the Solidity compiler emits, described in our own words. */
const PANIC_REASONS: ReadonlyMap<bigint, string> = new Map([
  [0x00n, 'a generic compiler-inserted check failed'],
  [0x01n, 'an assert condition was false'],
  [0x11n, 'an arithmetic operation overflowed or underflowed'],
  [0x12n, 'a division or modulo by zero'],
  [0x21n, 'a value was converted to an enum it does not fit'],
  [0x22n, 'a storage byte array was incorrectly encoded'],
  [0x31n, 'pop() was called on an empty array'],
  [0x32n, 'an array index was out of bounds'],
  [0x41n, 'too much memory was allocated or an array was too large'],
  [0x51n, 'an uninitialized internal function was called'],
]);

export function describePanic(code: bigint): string {
  const reason = PANIC_REASONS.get(code) ?? 'an unknown panic code';
  return `The contract stopped on a failed check: ${reason} (Panic 0x${code.toString(16)}).`;
}

/**
 * Decodes revert data into a sentence. `abi` (any form `parseAbi` takes, or a list of error
 * fragments) lets custom errors be named.
 */
export function decodeRevertData(
  data: string | Uint8Array,
  abi?: Abi | readonly ErrorFragment[] | unknown,
): RevertReason {
  const hex = dataHexOrUndefined(data);
  if (hex === undefined || hex.length % 2 !== 0)
    throw new AbiError(
      'ABI_DATA_HEX',
      'The revert data must be hex text with an even number of digits, or a Uint8Array.',
    );
  if (hex.length === 0) return { kind: 'empty', message: 'The contract reverted without giving a reason.' };
  if (hex.length < 8) return unknown(hex, null, 'The contract reverted with data too short to name an error.');
  const selector = hex.slice(0, 8) as Hex;
  const params = hex.slice(8);
  const wellFormed = params.length % WORD_HEX === 0;
  if (selector === ERROR_STRING_SELECTOR && wellFormed) {
    const reason = tryDecode(() => decodeNormalized(ERROR_TUPLE, params)[0] as string);
    if (reason !== undefined)
      return { kind: 'error', reason, message: `The contract reverted: ${JSON.stringify(reason)}.` };
  }
  if (selector === PANIC_SELECTOR && wellFormed) {
    const code = tryDecode(() => decodeNormalized(PANIC_TUPLE, params)[0] as bigint);
    if (code !== undefined) return { kind: 'panic', code, message: describePanic(code) };
  }
  const errors = errorsOf(abi);
  const fragment = errors.find((e) => e.selector === selector);
  if (fragment !== undefined) {
    const values = wellFormed ? tryDecode(() => decodeNormalized(fragment.inputTuple, params)) : undefined;
    if (values !== undefined) {
      return {
        kind: 'custom',
        name: fragment.name,
        signature: fragment.signature,
        values,
        named: toNamedObject(fragment.inputTuple, values),
        message: `The contract reverted with the error ${fragment.name}(${values.map(formatValue).join(', ')}).`,
      };
    }
    return unknown(
      hex,
      selector,
      `The contract reverted with the error ${fragment.signature}, but its arguments could not be decoded.`,
    );
  }
  const known = selector === ERROR_STRING_SELECTOR || selector === PANIC_SELECTOR;
  return unknown(
    hex,
    selector,
    known
      ? 'The contract reverted with a malformed reason that could not be decoded.'
      : `The contract reverted with a custom error (selector ${selector}) that is not in the contract's ABI.`,
  );
}

function unknown(hex: string, selector: Hex | null, message: string): RevertReason {
  return { kind: 'unknown', selector, data: hex as Hex, message };
}

function tryDecode<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    if (error instanceof AbiError) return undefined;
    throw error;
  }
}

function errorsOf(abi: unknown): readonly ErrorFragment[] {
  if (abi === undefined || abi === null) return [];
  if (Array.isArray(abi) && abi.every((e) => e !== null && typeof e === 'object' && 'kind' in e)) {
    return (abi as readonly { kind: string }[]).filter((e): e is ErrorFragment => e.kind === 'error');
  }
  if (typeof abi === 'object' && 'fragments' in abi && 'errors' in abi) return (abi as Abi).errors;
  return parseAbi(abi).errors;
}

function formatValue(value: AbiValue): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  return `[${value.map(formatValue).join(', ')}]`;
}
