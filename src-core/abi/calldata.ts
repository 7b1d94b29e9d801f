import type { Hex } from '../brand';
import { AbiError } from '../errors';
import { bytesToHex } from '../bytes/hex';
import {
  type Abi,
  type ConstructorFragment,
  type FunctionFragment,
  constructorFragment,
  fragmentFromSignature,
  parseAbi,
} from './fragments';
import { encodeParams } from './encode';
import { decodeNormalized, normalizeAbiData } from './decode';
import type { AbiValue } from './values';
import { WORD_HEX, dataHexOrUndefined, lowerHexOrUndefined, prefixLength } from './words';

/**
 * Call data (selector ‖ parameters), return values and deploy data
 * (Solidity ABI specification: function selector, argument encoding).
 */

/** A function fragment, or a signature such as `transfer(address,uint256)` (parsed once and cached). */
export type FunctionLike = FunctionFragment | string;

const functionCache = new Map<string, FunctionFragment>();

export function toFunctionFragment(fn: FunctionLike): FunctionFragment {
  if (typeof fn !== 'string') {
    if (fn !== null && typeof fn === 'object' && fn.kind === 'function') return fn;
    throw new AbiError(
      'ABI_FRAGMENT_INVALID',
      'Expected a function fragment or a signature such as "transfer(address,uint256)".',
    );
  }
  const cached = functionCache.get(fn);
  if (cached !== undefined) return cached;
  const fragment = fragmentFromSignature(fn);
  if (fragment.kind !== 'function')
    throw new AbiError(
      'ABI_FRAGMENT_INVALID',
      `"${fn}" is ${fragment.kind === 'event' ? 'an' : 'a'} ${fragment.kind}, not a function.`,
    );
  if (functionCache.size >= 2048) functionCache.clear();
  functionCache.set(fn, fragment);
  return fragment;
}

/** Call data for a TriggerSmartContract `data` field: 4-byte selector then the encoded arguments. */
export function encodeFunctionData(
  fn: FunctionLike,
  values: readonly unknown[] | Readonly<Record<string, unknown>> = [],
): Hex {
  const fragment = toFunctionFragment(fn);
  return (fragment.selector + encodeParams(fragment.inputTuple, values)) as Hex;
}

/** Splits call data into its selector and parameter hex, checking both. */
export function splitCallData(data: string | Uint8Array): { selector: Hex; params: string } {
  const hex = dataHexOrUndefined(data);
  if (hex === undefined) throw new AbiError('ABI_DATA_HEX', 'The call data must be hex text or a Uint8Array.');
  if (hex.length < 8) {
    throw new AbiError(
      'ABI_CALLDATA_TOO_SHORT',
      `The call data has ${hex.length} hex characters; it needs at least the 8 of a function selector.`,
      { length: hex.length },
    );
  }
  const params = hex.slice(8);
  if (params.length % WORD_HEX !== 0) {
    throw new AbiError(
      'ABI_DATA_LENGTH',
      `The call data has ${params.length} hex characters after the 8-character selector, which is not a ` +
        'multiple of 64: it was cut off or has extra characters.',
      { length: params.length },
    );
  }
  return { selector: hex.slice(0, 8) as Hex, params };
}

/** Decodes call data for `fn`; the selector is checked, then dropped. */
export function decodeFunctionData(fn: FunctionLike, data: string | Uint8Array): AbiValue[] {
  const fragment = toFunctionFragment(fn);
  const { selector, params } = splitCallData(data);
  if (selector !== fragment.selector) {
    throw new AbiError(
      'ABI_SELECTOR_MISMATCH',
      `The call data starts with selector ${selector}, but ${fragment.signature} has ${fragment.selector}.`,
      {
        expected: fragment.selector,
        actual: selector,
      },
    );
  }
  return decodeNormalized(fragment.inputTuple, params);
}

/** Decodes what a function returned (`constant_result` of triggerconstantcontract). */
export function decodeFunctionResult(fn: FunctionLike, data: string | Uint8Array): AbiValue[] {
  const fragment = toFunctionFragment(fn);
  return decodeNormalized(fragment.outputTuple, normalizeAbiData(data, 'return data'));
}

/**
 * Deploy data: contract bytecode followed by the ABI-encoded constructor arguments. The
 * constructor comes from an ABI (any form `parseAbi` takes) or a constructor fragment; an ABI
 * without a constructor takes no arguments.
 */
export function encodeDeployData(
  bytecode: string | Uint8Array,
  abi: Abi | ConstructorFragment | unknown,
  values: readonly unknown[] | Readonly<Record<string, unknown>> = [],
): Hex {
  const code =
    bytecode instanceof Uint8Array
      ? bytesToHex(bytecode)
      : typeof bytecode === 'string'
        ? hexOrUndefined(bytecode)
        : undefined;
  if (code === undefined || code.length === 0) {
    throw new AbiError(
      'ABI_BYTECODE_INVALID',
      'The contract bytecode must be non-empty hex with an even number of digits.',
    );
  }
  const constructor = constructorOf(abi);
  return (code + encodeParams(constructor.inputTuple, values)) as Hex;
}

function hexOrUndefined(text: string): string | undefined {
  const from = prefixLength(text);
  return (text.length - from) % 2 === 0 ? lowerHexOrUndefined(text, from) : undefined;
}

function constructorOf(abi: unknown): ConstructorFragment {
  if (abi !== null && typeof abi === 'object' && 'kind' in abi && abi.kind === 'constructor')
    return abi as ConstructorFragment;
  const parsed = abi !== null && typeof abi === 'object' && 'fragments' in abi ? (abi as Abi) : parseAbi(abi);
  return parsed.constructorFragment ?? constructorFragment([]);
}
