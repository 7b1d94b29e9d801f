import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  accountPermissionsFromStructure,
  updateValueFromStructure,
  validatePermissionUpdate,
  type PermissionStructure,
} from '../../../src-core/permission';
import { K } from '../../fixtures/permissions';

const structure: PermissionStructure = {
  owner: {
    name: 'owner',
    threshold: ' 2 ',
    keys: [
      { address: K.K1.base58, weight: '1' },
      { address: K.K2.hex, weight: 1n },
      { address: ` ${K.K3.base58}`, weight: '1' },
    ],
  },
  actives: [
    {
      name: 'transfers',
      threshold: 1n,
      operations: DEFAULT_ACTIVE_OPERATIONS,
      keys: [{ address: K.K2.base58, weight: '1' }],
    },
  ],
};

describe('updateValueFromStructure', () => {
  it('writes the whole structure as an update value that passes java-tron rules', () => {
    const value = updateValueFromStructure(K.K1.base58, structure);
    expect(value).toMatchObject({
      owner_address: K.K1.hex,
      owner: { type: 'Owner', threshold: '2' },
      actives: [{ type: 'Active', operations: DEFAULT_ACTIVE_OPERATIONS }],
    });
    expect((value.owner as { keys: { address: string }[] }).keys[2]!.address).toBe(K.K3.base58);
    expect(validatePermissionUpdate(value)).toEqual([]);
  });

  it('keeps typed mistakes so that validation names the field', () => {
    const value = updateValueFromStructure(K.K1.base58, {
      ...structure,
      owner: { ...structure.owner, threshold: 'two' },
      actives: [{ ...structure.actives[0]!, operations: undefined }],
    });
    expect(validatePermissionUpdate(value).map((i) => [i.code, i.path])).toEqual([
      ['PERM_MALFORMED', 'owner.threshold'],
      ['PERM_OPERATIONS_SIZE', 'actives[0].operations'],
    ]);
    expect(validatePermissionUpdate(updateValueFromStructure('nonsense', structure))[0]).toMatchObject({
      code: 'PERM_INVALID_OWNER_ADDRESS',
    });
  });

  it('sends a witness permission only when the structure has one', () => {
    expect(updateValueFromStructure(K.K1.base58, structure)).not.toHaveProperty('witness');
    const witness = { name: 'witness', threshold: 1n, keys: [{ address: K.K1.base58, weight: 1n }] };
    expect(updateValueFromStructure(K.K1.base58, { ...structure, witness })).toHaveProperty('witness.type', 'Witness');
  });
});

describe('accountPermissionsFromStructure', () => {
  it('assigns ids as the chain does and parses numbers', () => {
    const account = accountPermissionsFromStructure(K.K1.base58, {
      ...structure,
      actives: [structure.actives[0]!, { ...structure.actives[0]!, name: 'second' }],
    });
    expect(account.owner).toMatchObject({
      id: 0,
      threshold: 2n,
      keys: [
        { address: K.K1.hex, weight: 1n },
        { address: K.K2.hex, weight: 1n },
        { address: K.K3.hex, weight: 1n },
      ],
    });
    expect(account.actives.map((a) => [a.id, a.name])).toEqual([
      [2, 'transfers'],
      [3, 'second'],
    ]);
  });
});
