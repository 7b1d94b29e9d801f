import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PermissionError } from '../../../src-core/errors';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  decodeOperations,
  encodeOperations,
  operationBits,
  operationsAllow,
  operationsToBytes,
  withOperation,
} from '../../../src-core/permission';
import { vectors } from '../../fixtures/vectors';
import { expectWalletError } from '../../fixtures/expect-error';

const examples = vectors.operations_mask_examples as Record<string, string>;
const updateVector = vectors.transactions.find((t: { name: string }) => t.name === 'account_permission_update');
const allTypeIds = Object.values(CONTRACT_TYPE_IDS) as number[];

describe('operations mask', () => {
  it('encodes the TronWeb example types to the TronWeb mask', () => {
    expect(encodeOperations([1, 2, 30, 31, 54, 55, 57, 58])).toBe(examples['types [1,2,30,31,54,55,57,58]']);
    expect(encodeOperations(['TransferContract'])).toBe(examples['transfer only [1]']);
  });

  it('decodes the permission update vector mask to the types TronWeb put in it', () => {
    const mask = updateVector.input_active_permissions[0].operations;
    expect(decodeOperations(mask)).toEqual({ types: updateVector.operations_mask_contract_types, unknownBits: [] });
  });

  it('decodes the spec default active mask to every contract type except AccountPermissionUpdate and CancelAllUnfreezeV2', () => {
    const { types, unknownBits } = decodeOperations(DEFAULT_ACTIVE_OPERATIONS);
    expect(unknownBits).toEqual([]);
    // The exact ids, read off Tron.proto's ContractType ids: 7fff1fc0033efb07 = bits 0-6, 8-15, 16-20, 30-31, 32-33, 41-45, 48-49, 51-55, 56-58.
    expect(types).toEqual([
      0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 30, 31, 32, 33, 41, 42, 43, 44, 45, 48, 49,
      51, 52, 53, 54, 55, 56, 57, 58,
    ]);
    const missing = allTypeIds.filter((id) => !types.includes(id as never));
    expect(missing).toEqual([
      CONTRACT_TYPE_IDS.AccountPermissionUpdateContract,
      CONTRACT_TYPE_IDS.CancelAllUnfreezeV2Contract,
    ]);
  });

  it("shows that mainnet's current default mask (…fb0f…) adds CancelAllUnfreezeV2", () => {
    const mainnet = '7fff1fc0033efb0f' + '00'.repeat(24);
    const missing = allTypeIds.filter((id) => !decodeOperations(mainnet).types.includes(id as never));
    expect(missing).toEqual([CONTRACT_TYPE_IDS.AccountPermissionUpdateContract]);
  });

  it('decodes the TronLink classic default, which predates every type from ClearABI (48) on', () => {
    const { types } = decodeOperations(examples['TronLink classic default (reference)']);
    expect(types.at(-1)).toBe(CONTRACT_TYPE_IDS.UpdateEnergyLimitContract);
    expect(types).not.toContain(CONTRACT_TYPE_IDS.FreezeBalanceV2Contract);
  });

  it('reports set bits that are not contract types', () => {
    const mask = encodeOperations([1, 7, 47, 60, 255]);
    expect(decodeOperations(mask)).toEqual({ types: [1], unknownBits: [7, 47, 60, 255] });
  });

  it('places bit n at byte n/8 with mask 1 << (n % 8)', () => {
    const bytes = hexToBytes(encodeOperations([0, 9, 255]));
    expect(bytes[0]).toBe(0x01);
    expect(bytes[1]).toBe(0x02);
    expect(bytes[31]).toBe(0x80);
  });

  it('tests and toggles single operations', () => {
    expect(operationsAllow(DEFAULT_ACTIVE_OPERATIONS, 'TransferContract')).toBe(true);
    expect(operationsAllow(DEFAULT_ACTIVE_OPERATIONS, 'AccountPermissionUpdateContract')).toBe(false);
    const withUpdate = withOperation(DEFAULT_ACTIVE_OPERATIONS, 46, true);
    expect(operationsAllow(withUpdate, 46)).toBe(true);
    expect(withOperation(withUpdate, 46, false)).toBe(DEFAULT_ACTIVE_OPERATIONS);
  });

  it('accepts uppercase and 0x-prefixed masks', () => {
    expect(operationsAllow('0x' + examples['transfer only [1]'].toUpperCase(), 1)).toBe(true);
  });

  it('refuses a mask that is not hex', () => {
    expectWalletError(() => operationsToBytes('zz'.repeat(32)), PermissionError, 'PERM_OPERATIONS_NOT_HEX');
  });

  it('refuses a mask that is not 32 bytes', () => {
    expectWalletError(() => decodeOperations('7fff1fc0033efb07'), PermissionError, 'PERM_OPERATIONS_SIZE');
    expectWalletError(() => operationsAllow('00'.repeat(33), 1), PermissionError, 'PERM_OPERATIONS_SIZE');
  });

  it('refuses type ids outside 0..255 and unknown type names', () => {
    for (const id of [-1, 256, 1.5])
      expectWalletError(() => encodeOperations([id]), PermissionError, 'PERM_OPERATION_OUT_OF_RANGE');
    expectWalletError(
      () => encodeOperations(['NoSuchContract' as never]),
      PermissionError,
      'PERM_UNKNOWN_CONTRACT_TYPE',
    );
  });

  it('round-trips any set of bits (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }), (bits) => {
        const mask = encodeOperations(bits);
        expect(operationBits(operationsToBytes(mask))).toEqual([...bits].sort((a, b) => a - b));
        const { types, unknownBits } = decodeOperations(mask);
        expect([...types, ...unknownBits].sort((a, b) => a - b)).toEqual([...bits].sort((a, b) => a - b));
        expect(types.every((t) => allTypeIds.includes(t))).toBe(true);
      }),
    );
  });

  it('re-encodes any 32-byte mask to itself (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const hex = Buffer.from(bytes).toString('hex');
        expect(encodeOperations(operationBits(bytes))).toBe(hex);
      }),
    );
  });
});
