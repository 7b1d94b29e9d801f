import { describe, expect, it } from 'vitest';
import {
  type FunctionFragment,
  findError,
  findEvent,
  findFunction,
  formatSignature,
  fragmentFromSignature,
  parseAbi,
  parseAbiEntry,
} from '../../../src-core/abi';
import { vectors } from '../../fixtures/vectors';
import { expectAbiError } from './expect-abi-error';

const createVector = (vectors.transactions as { name: string; input_abi?: unknown[] }[]).find(
  (t) => t.name === 'create_smart_contract',
)!;

// java-tron's JSON for the same kind of contract, as /wallet/getcontract returns it.
const tronJsonAbi = {
  entrys: [
    { inputs: [{ name: 'initial', type: 'uint256' }], stateMutability: 'Nonpayable', type: 'Constructor' },
    {
      outputs: [{ type: 'uint256' }],
      constant: true,
      inputs: [{ name: 'who', type: 'address' }],
      name: 'balanceOf',
      stateMutability: 'View',
      type: 'Function',
    },
    {
      outputs: [{ type: 'bool' }],
      inputs: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
      ],
      name: 'transfer',
      stateMutability: 'Nonpayable',
      type: 'Function',
    },
    {
      inputs: [
        { indexed: true, name: 'from', type: 'address' },
        { indexed: true, name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
      ],
      name: 'Transfer',
      type: 'Event',
    },
    { payable: true, stateMutability: 'Payable', type: 'Fallback' },
  ],
};

describe('ABI fragments', () => {
  it('reads the Solidity-style ABI of the create_smart_contract vector', () => {
    const abi = parseAbi(createVector.input_abi);
    expect(abi.constructorFragment?.inputTuple.canonical).toBe('(uint256)');
    expect(abi.functions.map((f) => [f.signature, f.selector, f.stateMutability])).toEqual([
      ['balanceOf(address)', '70a08231', 'view'],
      ['transfer(address,uint256)', 'a9059cbb', 'nonpayable'],
    ]);
    expect(abi.events[0]!.topic).toBe('ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    expect(abi.events[0]!.inputs.map((i) => i.indexed)).toEqual([true, true, false]);
  });

  it('reads java-tron JSON with capitalized types and mutability, wrapped in entrys, also as text', () => {
    for (const input of [tronJsonAbi, JSON.stringify(tronJsonAbi), tronJsonAbi.entrys]) {
      const abi = parseAbi(input);
      expect(abi.functions.map((f) => `${f.signature} ${f.stateMutability}`)).toEqual([
        'balanceOf(address) view',
        'transfer(address,uint256) nonpayable',
      ]);
      expect(abi.events.map((e) => e.signature)).toEqual(['Transfer(address,address,uint256)']);
      expect(abi.constructorFragment?.inputs[0]!.name).toBe('initial');
      expect(abi.fragments.at(-1)).toEqual({ kind: 'fallback', stateMutability: 'payable' });
    }
  });

  it('takes legacy constant and payable flags when stateMutability is absent', () => {
    expect((parseAbiEntry({ type: 'function', name: 'a', constant: true }) as FunctionFragment).stateMutability).toBe(
      'view',
    );
    expect((parseAbiEntry({ type: 'function', name: 'a', payable: true }) as FunctionFragment).stateMutability).toBe(
      'payable',
    );
    expect((parseAbiEntry({ name: 'a' }) as FunctionFragment).stateMutability).toBe('nonpayable');
  });

  it('builds tuples and arrays of tuples from components', () => {
    const entry = parseAbiEntry({
      type: 'function',
      name: 'batch',
      inputs: [
        {
          name: 'orders',
          type: 'tuple[2][]',
          components: [
            { name: 'to', type: 'address' },
            { name: 'legs', type: 'tuple[]', components: [{ name: 'amount', type: 'uint' }] },
          ],
        },
      ],
    }) as FunctionFragment;
    expect(entry.signature).toBe('batch((address,(uint256)[])[2][])');
  });

  it('accepts tuple types written as text in the type field', () => {
    expect(formatSignature({ type: 'function', name: 'f', inputs: [{ type: '(address,uint256)[]' }] })).toBe(
      'f((address,uint256)[])',
    );
  });

  it('mixes in human-readable signatures', () => {
    const abi = parseAbi([
      'function approve(address spender, uint256 amount) returns (bool)',
      'error Nope(uint256 code)',
      'event Ping(uint256 indexed n) anonymous',
    ]);
    expect(abi.functions[0]!.selector).toBe('095ea7b3');
    expect(abi.errors[0]!.signature).toBe('Nope(uint256)');
    expect(abi.events[0]!.anonymous).toBe(true);
  });

  it('formats the canonical signature of any entry form', () => {
    expect(formatSignature(tronJsonAbi.entrys[2])).toBe('transfer(address,uint256)');
    expect(formatSignature(fragmentFromSignature('transfer(address to, uint value)'))).toBe(
      'transfer(address,uint256)',
    );
    expect(formatSignature('event Transfer(address indexed from, address indexed to, uint value)')).toBe(
      'Transfer(address,address,uint256)',
    );
    expect(formatSignature(tronJsonAbi.entrys[0])).toBe('constructor(uint256)');
  });

  it('finds functions by name, signature in any spelling or selector', () => {
    const abi = parseAbi(tronJsonAbi);
    expect(findFunction(abi, 'transfer').selector).toBe('a9059cbb');
    expect(findFunction(abi, 'transfer(address to, uint value)').name).toBe('transfer');
    expect(findFunction(abi, '0xA9059CBB').name).toBe('transfer');
    expect(findEvent(abi, 'Transfer(address indexed from, address indexed to, uint256 value)').name).toBe('Transfer');
    expect(findEvent(abi, 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef').name).toBe('Transfer');
  });

  it('refuses lookups that match nothing or an overloaded name', () => {
    const abi = parseAbi(['function f(uint256)', 'function f(address)', 'error E()']);
    expectAbiError(() => findFunction(abi, 'g'), 'ABI_FRAGMENT_NOT_FOUND');
    expectAbiError(() => findFunction(abi, ''), 'ABI_FRAGMENT_NOT_FOUND');
    expectAbiError(() => findEvent(abi, 'E'), 'ABI_FRAGMENT_NOT_FOUND');
    expect(expectAbiError(() => findFunction(abi, 'f'), 'ABI_FRAGMENT_AMBIGUOUS').message).toContain(
      'f(uint256), f(address)',
    );
    expect(findFunction(abi, 'f(address)').inputs[0]!.type.canonical).toBe('address');
    expect(findError(abi, 'E').selector).toHaveLength(8);
  });

  it('refuses malformed entries with a sentence naming the entry', () => {
    const cases: [unknown, string][] = [
      [42, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'Modifier', name: 'x' }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 7 }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'function' }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'function', name: 'f', stateMutability: 'Constant' }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'function', name: 'f', inputs: 'address' }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'function', name: 'f', inputs: [{ name: 'x' }] }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'function', name: 'f', inputs: [{ name: 5, type: 'bool' }] }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'function', name: 'f', inputs: [{ type: 'tuple' }] }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'function', name: 'f', inputs: [{ type: 'bool', indexed: true }] }, 'ABI_FRAGMENT_INVALID'],
      [{ type: 'event', name: 'E', inputs: [{ type: 'bool', indexed: 'yes' }] }, 'ABI_FRAGMENT_INVALID'],
      [
        { type: 'event', name: 'E', inputs: Array.from({ length: 4 }, () => ({ type: 'bool', indexed: true })) },
        'ABI_FRAGMENT_INVALID',
      ],
      [{ type: 'function', name: 'f', inputs: [{ name: 'amount', type: 'uint7' }] }, 'ABI_TYPE_INVALID'],
      [
        { type: 'function', name: 'f', inputs: [{ type: 'tuple[x]', components: [{ type: 'bool' }] }] },
        'ABI_TYPE_INVALID',
      ],
    ];
    for (const [entry, code] of cases) expectAbiError(() => parseAbiEntry(entry), code);
    expect(
      expectAbiError(
        () => parseAbi([{ type: 'function', name: 'f', inputs: [{ name: 'amount', type: 'uint7' }] }]),
        'ABI_TYPE_INVALID',
      ).message,
    ).toContain('"amount"');
  });

  it('refuses JSON components nested deeper than 32 levels', () => {
    let param: Record<string, unknown> = { name: 'leaf', type: 'bool' };
    for (let i = 0; i < 10_000; i++) param = { name: `n${i}`, type: 'tuple', components: [param] };
    expectAbiError(() => parseAbiEntry({ type: 'function', name: 'f', inputs: [param] }), 'ABI_FRAGMENT_INVALID');
  });

  it('accepts four indexed inputs only on an anonymous event', () => {
    const inputs = Array.from({ length: 4 }, (_, i) => ({ name: `a${i}`, type: 'bool', indexed: true }));
    expect(parseAbiEntry({ type: 'event', name: 'E', anonymous: true, inputs }).kind).toBe('event');
  });

  it('refuses ABIs that are not lists, not JSON, or have two constructors', () => {
    expectAbiError(() => parseAbi('{not json'), 'ABI_FRAGMENT_INVALID');
    expectAbiError(() => parseAbi({ entries: [] }), 'ABI_FRAGMENT_INVALID');
    expectAbiError(() => parseAbi(['constructor()', 'constructor(uint256)']), 'ABI_FRAGMENT_INVALID');
  });
});
