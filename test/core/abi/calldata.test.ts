import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utils } from 'tronweb';
import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  functionFragment,
  parseAbi,
  parseAbiEntry,
  splitCallData,
  type FunctionFragment,
} from '../../../src-core/abi';
import { vectors } from '../../fixtures/vectors';
import { expectAbiError } from './expect-abi-error';
import { paramsWithValuesArb } from './arbitraries';
import { jsonFunction, toTronWebValue } from './tronweb-compare';

interface TxVector {
  name: string;
  raw_data: { contract: { parameter: { value: { new_contract?: { bytecode: string } } } }[] };
  call_data?: string;
  function_selector?: string;
  input_abi?: unknown[];
  input_bytecode?: string;
}

const txs = vectors.transactions as TxVector[];
const trigger = txs.find((t) => t.name === 'trigger_trc20_transfer_multisig_pid2')!;
const create = txs.find((t) => t.name === 'create_smart_contract')!;
const K3 = vectors.keys.K3 as { base58: string; hex: string };
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');

describe('call data', () => {
  it('reproduces the TRC-20 transfer call data of the vectors', () => {
    expect(encodeFunctionData(trigger.function_selector!, [K3.base58, 1_000_000n])).toBe(trigger.call_data);
    const v2 = (
      vectors.abi as { name: string; abi_fragment: unknown; values: unknown[]; full_call_data?: string }[]
    ).find((v) => v.full_call_data)!;
    expect(encodeFunctionData(parseAbiEntry(v2.abi_fragment) as FunctionFragment, v2.values)).toBe(v2.full_call_data);
  });

  it('matches TronWeb encodeFunctionData for random parameter lists', () => {
    fc.assert(
      fc.property(paramsWithValuesArb, ([tuple, values]) => {
        const json = jsonFunction(tuple);
        const fragment = parseAbiEntry(json) as FunctionFragment;
        expect(encodeFunctionData(fragment, values)).toBe(
          utils.abi.encodeFunctionData(json as never, toTronWebValue(tuple, values) as unknown[]),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('keeps trcToken in the selector but encodes it as uint256, as TronWeb does', () => {
    const json = {
      type: 'function',
      name: 'deposit',
      inputs: [
        { name: 'id', type: 'trcToken' },
        { name: 'to', type: 'address' },
      ],
    };
    const ours = encodeFunctionData(parseAbiEntry(json) as FunctionFragment, [1000001n, K3.base58]);
    expect(ours).toBe(utils.abi.encodeFunctionData(json as never, [1000001n, K3.base58]));
    expect(ours.slice(8)).toBe(encodeFunctionData('deposit(uint256,address)', [1000001n, K3.base58]).slice(8));
  });

  it('decodes call data after checking and dropping the selector', () => {
    expect(decodeFunctionData('transfer(address,uint256)', `0x${trigger.call_data!.toUpperCase()}`)).toEqual([
      K3.hex,
      1_000_000n,
    ]);
    expect(splitCallData(trigger.call_data!).selector).toBe('a9059cbb');
  });

  it('refuses call data for another function', () => {
    const error = expectAbiError(
      () => decodeFunctionData('approve(address,uint256)', trigger.call_data!),
      'ABI_SELECTOR_MISMATCH',
    );
    expect(error.message).toContain('a9059cbb');
  });

  it('refuses call data whose parameters are not whole words after the 8-hex selector', () => {
    const error = expectAbiError(
      () => decodeFunctionData('transfer(address,uint256)', trigger.call_data!.slice(0, -2)),
      'ABI_DATA_LENGTH',
    );
    expect(error.message).toMatch(/after the 8-character selector/);
  });

  it('refuses call data shorter than a selector, or not hex', () => {
    expectAbiError(() => splitCallData('a905'), 'ABI_CALLDATA_TOO_SHORT');
    expectAbiError(() => splitCallData('xyz0000000'), 'ABI_DATA_HEX');
    expectAbiError(() => splitCallData(5 as never), 'ABI_DATA_HEX');
  });

  it('refuses a signature that is not a function', () => {
    expectAbiError(() => encodeFunctionData('event Transfer(address,address,uint256)', []), 'ABI_FRAGMENT_INVALID');
    expectAbiError(() => encodeFunctionData({ kind: 'event' } as never, []), 'ABI_FRAGMENT_INVALID');
  });

  it('decodes return values by the outputs', () => {
    expect(decodeFunctionResult('function balanceOf(address) view returns (uint256)', word(42))).toEqual([42n]);
    const fn = functionFragment(
      'name',
      [],
      [{ name: '', type: parseAbi(['function x() returns (string)']).functions[0]!.outputs[0]!.type, indexed: false }],
    );
    expect(decodeFunctionResult(fn, word(32) + word(3) + '544f4b'.padEnd(64, '0'))).toEqual(['TOK']);
    expectAbiError(
      () => decodeFunctionResult('function balanceOf(address) view returns (uint256)', '0x'),
      'ABI_DATA_TOO_SHORT',
    );
  });
});

describe('deploy data', () => {
  it('reproduces the bytecode of the create_smart_contract vector (code then constructor argument 1000)', () => {
    const expected = create.raw_data.contract[0]!.parameter.value.new_contract!.bytecode;
    expect(encodeDeployData(create.input_bytecode!, create.input_abi, [1000])).toBe(expected);
    expect(encodeDeployData(`0x${create.input_bytecode!}`, parseAbi(create.input_abi), ['1000'])).toBe(expected);
    expect(encodeDeployData(create.input_bytecode!, parseAbi(create.input_abi).constructorFragment, [1000n])).toBe(
      expected,
    );
  });

  it('adds nothing when the ABI has no constructor', () => {
    expect(encodeDeployData('6080', [])).toBe('6080');
    expect(encodeDeployData(Uint8Array.of(0x60, 0x80), { entrys: [] })).toBe('6080');
  });

  it('refuses missing or malformed bytecode and wrong argument counts', () => {
    expectAbiError(() => encodeDeployData('', create.input_abi, [1]), 'ABI_BYTECODE_INVALID');
    expectAbiError(() => encodeDeployData('608', create.input_abi, [1]), 'ABI_BYTECODE_INVALID');
    expectAbiError(() => encodeDeployData(42 as never, create.input_abi, [1]), 'ABI_BYTECODE_INVALID');
    expectAbiError(() => encodeDeployData('6080', create.input_abi, []), 'ABI_VALUE_COUNT');
  });
});
