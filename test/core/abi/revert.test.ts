import { describe, expect, it } from 'vitest';
import { decodeRevertData, describePanic, encodeParams, functionSelector, parseAbi } from '../../../src-core/abi';
import { expectAbiError } from './expect-abi-error';

const errorData = (reason: string) => `08c379a0${encodeParams(['string'], [reason])}`;
const panicData = (code: number) => `4e487b71${encodeParams(['uint256'], [code])}`;

describe('revert data', () => {
  it('uses the standard selectors of Error(string) and Panic(uint256)', () => {
    expect(functionSelector('Error(string)')).toBe('08c379a0');
    expect(functionSelector('Panic(uint256)')).toBe('4e487b71');
  });

  it('reads the reason of Error(string) into a sentence', () => {
    const reason = decodeRevertData(`0x${errorData('Insufficient balance')}`);
    expect(reason).toEqual({
      kind: 'error',
      reason: 'Insufficient balance',
      message: 'The contract reverted: "Insufficient balance".',
    });
  });

  it('explains panic codes', () => {
    const reason = decodeRevertData(panicData(0x11));
    expect(reason.kind).toBe('panic');
    expect(reason.message).toMatch(/overflowed or underflowed.*0x11/);
    expect(decodeRevertData(panicData(0x32)).message).toMatch(/index was out of bounds/);
    expect(describePanic(0x99n)).toMatch(/unknown panic code \(Panic 0x99\)/);
  });

  it('says when there is no reason at all', () => {
    expect(decodeRevertData('').kind).toBe('empty');
    expect(decodeRevertData(new Uint8Array()).message).toMatch(/without giving a reason/);
  });

  it('names custom errors found in the ABI, including java-tron JSON', () => {
    const abi = [
      {
        type: 'Error',
        name: 'LimitExceeded',
        inputs: [
          { name: 'limit', type: 'uint256' },
          { name: 'owner', type: 'address' },
        ],
      },
    ];
    const data =
      functionSelector('LimitExceeded(uint256,address)') +
      encodeParams(['uint256', 'address'], [5n, '41' + '11'.repeat(20)]);
    for (const form of [abi, parseAbi(abi), parseAbi(abi).errors]) {
      const reason = decodeRevertData(data, form);
      expect(reason).toMatchObject({
        kind: 'custom',
        name: 'LimitExceeded',
        values: [5n, '41' + '11'.repeat(20)],
        named: { limit: 5n },
      });
      expect(reason.message).toBe(`The contract reverted with the error LimitExceeded(5, "41${'11'.repeat(20)}").`);
    }
  });

  it('reports an unknown custom error by its selector', () => {
    const reason = decodeRevertData(`deadbeef${'00'.repeat(32)}`, ['error Other()']);
    expect(reason).toMatchObject({ kind: 'unknown', selector: 'deadbeef' });
    expect(reason.message).toMatch(/selector deadbeef/);
  });

  it('does not throw on malformed reasons or arguments', () => {
    expect(decodeRevertData('08c379a0' + '00'.repeat(31)).kind).toBe('unknown');
    expect(decodeRevertData('08c379a0' + encodeParams(['uint256'], [1000])).message).toMatch(/malformed/);
    expect(decodeRevertData('abcd').kind).toBe('unknown');
    const abi = ['error Bad(string why)'];
    expect(decodeRevertData(functionSelector('Bad(string)') + '20'.padStart(64, '0'), abi).message).toMatch(
      /Bad\(string\), but its arguments could not be decoded/,
    );
  });

  it('refuses text that is not hex', () => {
    expectAbiError(() => decodeRevertData('08c379a0zz'), 'ABI_DATA_HEX');
    expectAbiError(() => decodeRevertData('abc'), 'ABI_DATA_HEX');
    expectAbiError(() => decodeRevertData(null as never), 'ABI_DATA_HEX');
  });
});
