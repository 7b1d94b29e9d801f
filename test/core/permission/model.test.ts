import { describe, expect, it } from 'vitest';
import { PermissionError } from '../../../src-core/errors';
import * as b from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import {
  heaviestFirst,
  DEFAULT_ACTIVE_OPERATIONS,
  accountPermissionsFromAccountJson,
  accountPermissionsFromUpdate,
  assertTransactionPermissionId,
  permissionIdRole,
  defaultOwnerPermission,
  effectivePermissions,
  parsePermissionType,
  permissionFor,
  permissionFromJson,
  permissionHeading,
  permissionToJson,
  toPermissionInput,
  weightOf,
} from '../../../src-core/permission';
import { expectWalletError } from '../../fixtures/expect-error';
import { K, updateValue, updateVector } from '../../fixtures/permissions';

const header = transactionHeader({
  refBlock: { number: 0x1a2bn, blockId: '0000000000001a2b0123456789abcdef' + '00'.repeat(16) },
  headTimestamp: 1_700_000_000_000,
});

// The shape /wallet/getaccount prints with visible=true (GetAccountServlet).
const accountJson = {
  address: K.K1.base58,
  owner_permission: {
    permission_name: 'owner',
    threshold: 2,
    keys: [
      { address: K.K1.base58, weight: 1 },
      { address: K.K2.base58, weight: 1 },
    ],
  },
  active_permission: [
    {
      type: 'Active',
      id: 2,
      permission_name: 'payments',
      threshold: 1,
      operations: DEFAULT_ACTIVE_OPERATIONS,
      keys: [{ address: K.K3.base58, weight: 1 }],
    },
    {
      type: 'Active',
      id: 3,
      permission_name: 'staking',
      threshold: 2,
      operations: '00'.repeat(32),
      keys: [{ address: K.K2.base58, weight: 2 }],
    },
  ],
};

describe('permission model', () => {
  it('reads getaccount JSON with defaults omitted and base58 addresses', () => {
    const account = accountPermissionsFromAccountJson(accountJson);
    expect(account.address).toBe(K.K1.hex);
    expect(account.owner).toEqual({
      type: 'Owner',
      id: 0,
      name: 'owner',
      threshold: 2n,
      parentId: 0,
      keys: [
        { address: K.K1.hex, weight: 1n },
        { address: K.K2.hex, weight: 1n },
      ],
    });
    expect(account.actives.map((p) => [p.id, p.name, p.threshold])).toEqual([
      [2, 'payments', 1n],
      [3, 'staking', 2n],
    ]);
    expect(account.witness).toBeUndefined();
  });

  it('assigns ids 0, 1 and 2.. in order when reading an update, whatever ids it carried', () => {
    const value = updateValue();
    value.actives[0].id = 7;
    value.actives.push({ ...value.actives[0], permission_name: 'second' });
    const structure = accountPermissionsFromUpdate(value);
    expect(structure.owner?.id).toBe(0);
    expect(structure.actives.map((p) => p.id)).toEqual([2, 3]);
    expect(structure.actives[0]?.operations).toBe(updateVector.input_active_permissions[0].operations);
  });

  it('looks permissions up as java-tron does, with defaults for a missing account', () => {
    const account = accountPermissionsFromAccountJson(accountJson);
    expect(permissionFor(account, 0)).toBe(account.owner);
    expect(permissionFor(account, 3)?.name).toBe('staking');
    expect(permissionFor(account, 1)).toBeUndefined();
    expect(permissionFor(account, 9)).toBeUndefined();
    expect(permissionFor(account, -1)).toBeUndefined();
    const fresh = { address: K.K1.hex, actives: [] } as never;
    expect(permissionFor(fresh, 0)).toEqual(defaultOwnerPermission(K.K1.hex));
    expect(permissionFor(fresh, 2)).toBeUndefined();
    expect(permissionFor(null, 0, { ownerAddress: K.K1.base58 })).toEqual(defaultOwnerPermission(K.K1.hex));
    expect(permissionFor(null, 2, { ownerAddress: K.K1.hex })?.operations).toBe(DEFAULT_ACTIVE_OPERATIONS);
    expect(permissionFor(null, 3, { ownerAddress: K.K1.hex })).toBeUndefined();
    expect(effectivePermissions(null, { ownerAddress: K.K1.hex }).map((p) => p.id)).toEqual([0, 2]);
  });

  it('refuses to invent defaults without the owner address', () => {
    expectWalletError(() => permissionFor(null, 0), PermissionError, 'PERM_OWNER_ADDRESS_NEEDED');
  });

  it('gives a signer the weight of its key and 0 when it is not a key', () => {
    const owner = accountPermissionsFromAccountJson(accountJson).owner!;
    expect(weightOf(owner, K.K2.hex.toUpperCase())).toBe(1n);
    expect(weightOf(owner, K.K3.hex)).toBe(0n);
  });

  it("accepts java-tron's enum spellings for the type", () => {
    expect(parsePermissionType(undefined)).toBe('Owner');
    expect(parsePermissionType(2)).toBe('Active');
    expect(parsePermissionType('witness')).toBe('Witness');
    expect(parsePermissionType('ACTIVE')).toBeUndefined();
    expect(parsePermissionType(5)).toBeUndefined();
  });

  it('round-trips a permission through java-tron JSON', () => {
    const account = accountPermissionsFromAccountJson(accountJson);
    for (const p of [account.owner!, ...account.actives]) expect(permissionFromJson(permissionToJson(p))).toEqual(p);
  });

  it('feeds an edited structure back into the builder byte-exactly', () => {
    const structure = accountPermissionsFromUpdate(updateValue());
    const tx = b.buildTransaction(
      b.accountPermissionUpdateContract({
        owner: structure.address,
        ownerPermission: toPermissionInput(structure.owner!),
        actives: structure.actives.map(toPermissionInput),
      }),
      { header },
    );
    expect(tx.txID).toBe(updateVector.txID);
  });

  it('refuses malformed permission JSON with the path of the bad field', () => {
    const cases: [unknown, string][] = [
      [null, 'permission'],
      [{ type: 'Boss', keys: [] }, 'permission.type'],
      [{ threshold: 'many', keys: [] }, 'permission.threshold'],
      [{ threshold: 1, keys: {} }, 'permission.keys'],
      [{ threshold: 1, keys: [{ address: 'T123', weight: 1 }] }, 'permission.keys[0].address'],
      [{ threshold: 1, keys: [null] }, 'permission.keys[0]'],
      [{ threshold: 1, keys: [], operations: 'xyz' }, 'permission.operations'],
      [{ threshold: 1, keys: [], permission_name: 5 }, 'permission.permission_name'],
      [{ threshold: 1, keys: [], id: 2 ** 40 }, 'permission.id'],
    ];
    for (const [json, path] of cases) {
      const error = expectWalletError(() => permissionFromJson(json), PermissionError, 'PERM_BAD_JSON');
      expect(error.details?.path).toBe(path);
    }
    expectWalletError(
      () => accountPermissionsFromUpdate({ owner_address: K.K1.hex, actives: [] }),
      PermissionError,
      'PERM_BAD_JSON',
    );
    expectWalletError(
      () => accountPermissionsFromAccountJson({ address: K.K1.hex, active_permission: {} }),
      PermissionError,
      'PERM_BAD_JSON',
    );
  });

  it('names the role of a permission id and refuses the witness id for transactions', () => {
    expect([0, 1, 2, 9].map(permissionIdRole)).toEqual(['owner', 'witness', 'active', 'active']);
    expect(permissionIdRole(-1)).toBeUndefined();
    expect(() => assertTransactionPermissionId(0)).not.toThrow();
    expect(() => assertTransactionPermissionId(3)).not.toThrow();
    expectWalletError(() => assertTransactionPermissionId(1), PermissionError, 'PERM_WITNESS_REFUSED');
    for (const id of [-1, 1.5, 2 ** 31])
      expectWalletError(() => assertTransactionPermissionId(id), PermissionError, 'PERM_BAD_PERMISSION_ID');
  });
});

describe('heaviest first', () => {
  it('puts heavier keys first and keeps equal weights in their given order', () => {
    const keys = [
      { name: 'a', weight: 1n },
      { name: 'b', weight: 3n },
      { name: 'c', weight: 1n },
      { name: 'd', weight: 2n },
    ];
    expect([...keys].sort(heaviestFirst).map((k) => k.name)).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('permissionHeading', () => {
  it('names a permission at the start of a line with its type, name and id', () => {
    expect(permissionHeading({ type: 'Active', id: 2, name: 'payments' })).toBe('Active permission "payments" (id 2)');
    expect(permissionHeading({ type: 'Active', id: 3, name: '' })).toBe('Active permission 3');
    expect(permissionHeading({ type: 'Owner', id: 0, name: 'owner' })).toBe('The owner permission (id 0)');
  });
});
