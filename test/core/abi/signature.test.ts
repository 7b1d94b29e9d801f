import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utils } from 'tronweb';
import { canonicalSignature, eventTopic, functionSelector, keccak256Hex, parseSignature } from '../../../src-core/abi';
import { vectors } from '../../fixtures/vectors';
import { expectAbiError } from './expect-abi-error';
import { paramsArb } from './arbitraries';

describe('signatures and selectors', () => {
  it('computes the vector selectors', () => {
    expect(functionSelector('transfer(address,uint256)')).toBe('a9059cbb');
    const tuple = (vectors.abi as { name: string; function_selector?: string; selector_hex?: string }[]).find(
      (v) => v.name === 'tuple_addressArray_bool_v2',
    )!;
    expect(functionSelector(tuple.function_selector!)).toBe(tuple.selector_hex);
    const trigger = (
      vectors.transactions as { name: string; function_selector?: string; selector_hex?: string }[]
    ).find((t) => t.function_selector !== undefined)!;
    expect(functionSelector(trigger.function_selector!)).toBe(trigger.selector_hex);
  });

  it('normalizes names, spaces and uint before hashing', () => {
    expect(canonicalSignature('transfer(address to, uint amount)')).toBe('transfer(address,uint256)');
    expect(functionSelector('function transfer( address to , uint256 amount ) external returns (bool)')).toBe(
      'a9059cbb',
    );
    expect(
      canonicalSignature('submit(tuple(address to, uint amount, string note) order, address[] memory signers, bool)'),
    ).toBe('submit((address,uint256,string),address[],bool)');
    expect(canonicalSignature('pay(address payable to)')).toBe('pay(address)');
  });

  it('agrees with keccak256 of the canonical text as TronWeb computes it', () => {
    fc.assert(
      fc.property(paramsArb, (tuple) => {
        const signature = `f${tuple.canonical}`;
        expect(functionSelector(signature)).toBe(
          utils.ethersUtils.keccak256(utils.ethersUtils.toUtf8Bytes(signature)).slice(2, 10),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('computes the ERC-20 Transfer event topic', () => {
    expect(eventTopic('event Transfer(address indexed from, address indexed to, uint256 value)')).toBe(
      'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    );
    expect(keccak256Hex('')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });

  it('reads kinds, outputs, mutability and anonymity', () => {
    const fn = parseSignature('function balanceOf(address who) external view returns (uint256 balance)');
    expect(fn.kind).toBe('function');
    expect(fn.stateMutability).toBe('view');
    expect(fn.outputs.map((o) => [o.name, o.type.canonical])).toEqual([['balance', 'uint256']]);
    const event = parseSignature('event Log(string indexed topic, bytes data) anonymous');
    expect(event.anonymous).toBe(true);
    expect(event.inputs.map((i) => i.indexed)).toEqual([true, false]);
    expect(parseSignature('constructor(uint256 initial) payable').stateMutability).toBe('payable');
    expect(parseSignature('error Insufficient(uint256 needed)').kind).toBe('error');
  });

  it('refuses malformed signatures', () => {
    for (const text of [
      '',
      'transfer',
      '(address)',
      'transfer(address',
      'transfer(address,)',
      'transfer(address) extra',
      'transfer(address indexed)x',
      'f(uint256) anonymous',
      'event E(uint256) view',
    ]) {
      expectAbiError(() => parseSignature(text), 'ABI_SIGNATURE_INVALID');
    }
    expectAbiError(() => parseSignature(1 as never), 'ABI_SIGNATURE_INVALID');
  });

  it('refuses unknown parameter types inside a signature', () => {
    expectAbiError(() => functionSelector('f(uint7)'), 'ABI_TYPE_INVALID');
    expectAbiError(() => functionSelector('f(foo)'), 'ABI_SIGNATURE_INVALID');
  });

  it('has no selector for a constructor', () => {
    expectAbiError(() => functionSelector('constructor(uint256)'), 'ABI_SIGNATURE_INVALID');
  });
});
