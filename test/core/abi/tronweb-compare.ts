// Converting values between our canonical form and what TronWeb 6.5.1 (ethers underneath) takes and returns.
import type { AbiType, AbiValue, TupleType } from '../../../src-core/abi';
import { toJsonParam } from './arbitraries';

/** TronWeb input: bytes as `0x…`; addresses stay `41…` (the V2 encoder converts them at any depth). */
export function toTronWebValue(type: AbiType, value: AbiValue): unknown {
  switch (type.kind) {
    case 'bytes':
    case 'fixedBytes':
      return `0x${value as string}`;
    case 'array':
      return (value as AbiValue[]).map((v) => toTronWebValue(type.element, v));
    case 'tuple':
      return (value as AbiValue[]).map((v, i) => toTronWebValue(type.components[i]!, v));
    default:
      return value;
  }
}

/** TronWeb output (ethers Result arrays, `0x` bytes, `0x` or `41` addresses) in our canonical form. */
export function fromTronWebValue(type: AbiType, value: unknown): AbiValue {
  switch (type.kind) {
    case 'bytes':
    case 'fixedBytes':
      return (value as string).slice(2);
    case 'address': {
      const text = (value as string).toLowerCase();
      return text.startsWith('0x') ? `41${text.slice(2)}` : text;
    }
    case 'array':
      return Array.from(value as unknown[], (v) => fromTronWebValue(type.element, v));
    case 'tuple':
      return Array.from(value as unknown[], (v, i) => fromTronWebValue(type.components[i]!, v));
    default:
      return value as AbiValue;
  }
}

/** A function fragment in Solidity JSON whose inputs and outputs are the parameters of `tuple`. */
export function jsonFunction(tuple: TupleType): {
  type: 'function';
  name: string;
  stateMutability: string;
  inputs: unknown[];
  outputs: unknown[];
} {
  const params = tuple.components.map((c, i) => toJsonParam(c, `p${i}`));
  return { type: 'function', name: 'f', stateMutability: 'nonpayable', inputs: params, outputs: params };
}
