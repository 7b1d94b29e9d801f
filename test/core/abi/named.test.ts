import { describe, expect, it } from 'vitest';
import {
  decodeParamsNamed,
  encodeParams,
  parseAbiEntry,
  parseType,
  toNamedValue,
  type FunctionFragment,
} from '../../../src-core/abi';
import { vectors } from '../../fixtures/vectors';

const submit = (vectors.abi as { name: string; abi_fragment: unknown; encoded: string }[]).find(
  (v) => v.name === 'tuple_addressArray_bool_v2',
)!;

describe('named decoding', () => {
  it('decodes the tuple vector into objects keyed by the ABI names', () => {
    const fn = parseAbiEntry(submit.abi_fragment) as FunctionFragment;
    expect(decodeParamsNamed(fn.inputTuple, submit.encoded)).toEqual({
      order: { to: '415050a4f4b3f9338c3472dcc01a87c76a144b3c9c', amount: 5_000_000n, note: 'multisig' },
      signers: ['411a642f0e3c3af545e7acbd38b07251b3990914f1', '413325a78425f17a7e487eb5666b2bfd93abb06c70'],
      flag: true,
    });
  });

  it('turns tuples inside arrays into objects too', () => {
    const type = parseType('(uint8 id, string tag)[]');
    expect(
      toNamedValue(type, [
        [1n, 'a'],
        [2n, 'b'],
      ]),
    ).toEqual([
      { id: 1n, tag: 'a' },
      { id: 2n, tag: 'b' },
    ]);
  });

  it('keys unnamed and repeated names by position', () => {
    const type = parseType('(uint8 a, bool, uint8 a)');
    const hex = encodeParams([type], [[1, true, 2]]);
    expect(decodeParamsNamed([type], hex)).toEqual({ 0: { a: 1n, 1: true, 2: 2n } });
  });

  it('keeps a name such as __proto__ as an own field', () => {
    const value = toNamedValue(parseType('(uint8 __proto__)'), [1n]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });
});
