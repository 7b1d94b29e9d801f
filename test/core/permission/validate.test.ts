import { describe, expect, it } from 'vitest';
import { PermissionError } from '../../../src-core/errors';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  PERMISSION_ISSUE_CODES,
  assertValidPermissionUpdate,
  encodeOperations,
  validatePermissionUpdate,
  type PermissionUpdateContext,
} from '../../../src-core/permission';
import { expectWalletError } from '../../fixtures/expect-error';
import { K, updateValue } from '../../fixtures/permissions';

type Update = ReturnType<typeof updateValue>;

function check(mutate: (u: Update) => void, context: PermissionUpdateContext = {}) {
  const u = updateValue();
  mutate(u);
  return validatePermissionUpdate(u, context);
}

/** Each rule: the mutation, the code, java-tron's exact message and the path. */
const RULES: [string, (u: Update) => void, PermissionUpdateContext, string, string, string][] = [
  [
    'multi-sign disabled by the committee',
    () => {},
    { chainParameters: { getAllowMultiSign: 0n } },
    'PERM_MULTI_SIGN_DISABLED',
    'multi sign is not allowed, need to be opened by the committee',
    '',
  ],
  [
    'an invalid owner address',
    (u) => (u.owner_address = '4100'),
    {},
    'PERM_INVALID_OWNER_ADDRESS',
    'invalidate ownerAddress',
    'owner_address',
  ],
  [
    'an account that does not exist',
    () => {},
    { accountExists: false },
    'PERM_ACCOUNT_NOT_FOUND',
    'ownerAddress account does not exist',
    'owner_address',
  ],
  [
    'a missing owner permission',
    (u) => delete u.owner,
    {},
    'PERM_OWNER_MISSING',
    'owner permission is missed',
    'owner',
  ],
  [
    'a witness account without its witness permission',
    () => {},
    { isWitness: true },
    'PERM_WITNESS_MISSING',
    'witness permission is missed',
    'witness',
  ],
  [
    'a witness permission on a normal account',
    (u) => (u.witness = { type: 'Witness', threshold: 1, keys: [{ address: K.K1.hex, weight: 1 }] }),
    {},
    'PERM_WITNESS_NOT_ALLOWED',
    "account isn't witness can't set witness permission",
    'witness',
  ],
  [
    'no active permission',
    (u) => (u.actives = []),
    {},
    'PERM_ACTIVE_MISSING',
    'active permission is missed',
    'actives',
  ],
  [
    'nine active permissions',
    (u) => (u.actives = Array.from({ length: 9 }, () => structuredClone(u.actives[0]))),
    {},
    'PERM_TOO_MANY_ACTIVES',
    'active permission is too many',
    'actives',
  ],
  [
    'an owner with type Active',
    (u) => (u.owner.type = 'Active'),
    {},
    'PERM_OWNER_WRONG_TYPE',
    'owner permission type is error',
    'owner.type',
  ],
  [
    'an active without a type (defaults to Owner)',
    (u) => delete u.actives[0].type,
    {},
    'PERM_ACTIVE_WRONG_TYPE',
    'active permission type is error',
    'actives[0].type',
  ],
  [
    'six keys',
    (u) =>
      (u.owner.keys = Array.from({ length: 6 }, (_, i) => ({
        address: `41${String(i + 1).padStart(40, '0')}`,
        weight: 1,
      }))),
    {},
    'PERM_TOO_MANY_KEYS',
    'number of keys in permission should not be greater than 5',
    'owner.keys',
  ],
  ['no keys', (u) => (u.owner.keys = []), {}, 'PERM_NO_KEYS', "key's count should be greater than 0", 'owner.keys'],
  [
    'a threshold of 0',
    (u) => (u.actives[0].threshold = 0),
    {},
    'PERM_THRESHOLD_NOT_POSITIVE',
    "permission's threshold should be greater than 0",
    'actives[0].threshold',
  ],
  [
    'a negative threshold',
    (u) => (u.owner.threshold = -1),
    {},
    'PERM_THRESHOLD_NOT_POSITIVE',
    "permission's threshold should be greater than 0",
    'owner.threshold',
  ],
  [
    'a 33-byte name',
    (u) => (u.actives[0].permission_name = 'x'.repeat(33)),
    {},
    'PERM_NAME_TOO_LONG',
    "permission's name is too long",
    'actives[0].permission_name',
  ],
  [
    'a parent other than the owner',
    (u) => (u.actives[0].parent_id = 2),
    {},
    'PERM_PARENT_NOT_OWNER',
    "permission's parent should be owner",
    'actives[0].parent_id',
  ],
  [
    'the same address twice (hex and base58)',
    (u) => (u.owner.keys[1].address = K.K1.base58),
    {},
    'PERM_DUPLICATE_KEY',
    'address should be distinct in permission Owner',
    'owner.keys',
  ],
  [
    'a key that is not an address',
    (u) => (u.actives[0].keys[2].address = '42' + '00'.repeat(20)),
    {},
    'PERM_INVALID_KEY_ADDRESS',
    'key is not a validate address',
    'actives[0].keys[2].address',
  ],
  [
    'a weight of 0',
    (u) => (u.owner.keys[0].weight = 0),
    {},
    'PERM_WEIGHT_NOT_POSITIVE',
    "key's weight should be greater than 0",
    'owner.keys[0].weight',
  ],
  [
    'weights overflowing int64',
    (u) => u.owner.keys.forEach((k: { weight: bigint }) => (k.weight = 2n ** 62n + 1n)),
    {},
    'PERM_WEIGHT_OVERFLOW',
    'long overflow',
    'owner.keys',
  ],
  [
    'weights below the threshold',
    (u) => (u.actives[0].threshold = 4),
    {},
    'PERM_WEIGHT_BELOW_THRESHOLD',
    "sum of all key's weight should not be less than threshold in permission Active",
    'actives[0].threshold',
  ],
  [
    'operations on the owner',
    (u) => (u.owner.operations = DEFAULT_ACTIVE_OPERATIONS),
    {},
    'PERM_OPERATIONS_NOT_ALLOWED',
    "Owner permission needn't operations",
    'owner.operations',
  ],
  [
    'an active without operations',
    (u) => delete u.actives[0].operations,
    {},
    'PERM_OPERATIONS_SIZE',
    'operations size must 32',
    'actives[0].operations',
  ],
  [
    'operations of 31 bytes',
    (u) => (u.actives[0].operations = '00'.repeat(31)),
    {},
    'PERM_OPERATIONS_SIZE',
    'operations size must 32',
    'actives[0].operations',
  ],
  [
    'an operation bit that is no contract type',
    (u) => (u.actives[0].operations = encodeOperations([1, 47])),
    {},
    'PERM_UNKNOWN_OPERATION',
    "47 isn't a validate ContractType",
    'actives[0].operations',
  ],
];

describe('validatePermissionUpdate', () => {
  it('accepts the TronWeb permission update vector', () => {
    expect(validatePermissionUpdate(updateValue())).toEqual([]);
    expect(() => assertValidPermissionUpdate(updateValue())).not.toThrow();
  });

  for (const [what, mutate, context, code, nodeMessage, path] of RULES) {
    it(`refuses ${what} with java-tron's message`, () => {
      const issues = check(mutate, context);
      expect(issues[0]).toMatchObject({ code, nodeMessage, path });
      expect(issues[0]!.message).toMatch(/^[A-Z].*\.$/);
      const u = updateValue();
      mutate(u);
      const error = expectWalletError(() => assertValidPermissionUpdate(u, context), PermissionError, code);
      expect(error.details).toMatchObject({ nodeMessage, path });
    });
  }

  it('gives every java-tron rule its own code, and this file covers them all', () => {
    const byCode = new Map<string, Set<string>>();
    for (const [, , , code, nodeMessage] of RULES)
      byCode.set(code, (byCode.get(code) ?? new Set()).add(nodeMessage.replace(/\d+/g, 'N')));
    for (const messages of byCode.values()) expect(messages.size).toBe(1);
    const covered = new Set([...byCode.keys(), 'PERM_WITNESS_KEY_COUNT', 'PERM_WITNESS_WRONG_TYPE', 'PERM_MALFORMED']);
    expect([...covered].sort()).toEqual(Object.values(PERMISSION_ISSUE_CODES).sort());
  });

  it('requires exactly one key in a witness permission and checks it only for a witness account', () => {
    const issues = check(
      (u) =>
        (u.witness = {
          type: 'Witness',
          threshold: 1,
          keys: [
            { address: K.K1.hex, weight: 1 },
            { address: K.K2.hex, weight: 1 },
          ],
        }),
      { isWitness: true },
    );
    expect(issues.map((i) => i.code)).toEqual(['PERM_WITNESS_KEY_COUNT']);
    expect(issues[0]!.nodeMessage).toBe("Witness permission's key count should be 1");
    expect(
      check((u) => (u.witness = { type: 'Witness', threshold: 1, keys: [{ address: K.K1.hex, weight: 1 }] }), {
        isWitness: true,
      }),
    ).toEqual([]);
    expect(
      check((u) => (u.witness = { type: 'Active', threshold: 1, keys: [{ address: K.K1.hex, weight: 1 }] }), {
        isWitness: true,
      })[0],
    ).toMatchObject({
      code: 'PERM_WITNESS_WRONG_TYPE',
      nodeMessage: 'witness permission type is error',
    });
    expect(
      check(
        (u) =>
          (u.witness = {
            type: 'Witness',
            threshold: 1,
            operations: DEFAULT_ACTIVE_OPERATIONS,
            keys: [{ address: K.K1.hex, weight: 1 }],
          }),
        { isWitness: true },
      )[0],
    ).toMatchObject({
      code: 'PERM_OPERATIONS_NOT_ALLOWED',
      nodeMessage: "Witness permission needn't operations",
    });
  });

  it('counts the name limit in UTF-8 bytes, or in UTF-16 units as java-tron does when asked', () => {
    const name = 'é'.repeat(20); // 20 characters, 40 bytes
    expect(check((u) => (u.actives[0].permission_name = name))[0]?.code).toBe('PERM_NAME_TOO_LONG');
    expect(check((u) => (u.actives[0].permission_name = name), { nameLength: 'java-chars' })).toEqual([]);
    expect(check((u) => (u.actives[0].permission_name = 'x'.repeat(32)))).toEqual([]);
  });

  it('respects the chain limits it is given', () => {
    expect(check(() => {}, { totalSignNum: 2 })[0]).toMatchObject({
      code: 'PERM_TOO_MANY_KEYS',
      nodeMessage: 'number of keys in permission should not be greater than 2',
    });
    expect(check(() => {}, { availableContractTypes: [1, 2, 30, 31] })[0]).toMatchObject({
      code: 'PERM_UNKNOWN_OPERATION',
      nodeMessage: "54 isn't a validate ContractType",
    });
  });

  it('reports every problem, in the order java-tron meets them', () => {
    const issues = check((u) => {
      u.owner.threshold = 5;
      u.actives[0].keys[0].weight = 0;
      u.actives[0].operations = encodeOperations([1, 7, 47]);
    });
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['PERM_WEIGHT_BELOW_THRESHOLD', 'owner.threshold'],
      ['PERM_WEIGHT_NOT_POSITIVE', 'actives[0].keys[0].weight'],
      ['PERM_UNKNOWN_OPERATION', 'actives[0].operations'],
      ['PERM_UNKNOWN_OPERATION', 'actives[0].operations'],
    ]);
    expect(issues.slice(2).map((i) => i.nodeMessage)).toEqual([
      "7 isn't a validate ContractType",
      "47 isn't a validate ContractType",
    ]);
    const error = expectWalletError(
      () => assertValidPermissionUpdate({ ...updateValue(), owner: { ...updateValue().owner, threshold: 5 } }),
      PermissionError,
      'PERM_WEIGHT_BELOW_THRESHOLD',
    );
    expect(error.message).toContain('threshold is 5');
  });

  it('explains what to change in a human sentence separate from the node message', () => {
    const [issue] = check((u) => (u.actives[0].threshold = 4));
    expect(issue!.message).toBe(
      'The keys of the active permission "active0" weigh 3 in total but the threshold is 4; lower the threshold or add weight, or nobody can ever use it.',
    );
  });

  it('accepts the builder output, JSON spellings of types and string integers', () => {
    expect(
      check((u) => {
        u.actives[0].type = 2;
        u.owner.threshold = '2';
        u.owner.type = 'owner';
      }),
    ).toEqual([]);
  });

  it('refuses input it cannot read at all', () => {
    for (const [input, path] of [
      [null, ''],
      [{ ...updateValue(), actives: {} }, 'actives'],
      [{ ...updateValue(), owner: 'x' }, 'owner'],
      [{ ...updateValue(), owner: { ...updateValue().owner, threshold: 1.5 } }, 'owner.threshold'],
      [{ ...updateValue(), owner: { ...updateValue().owner, threshold: 2n ** 63n } }, 'owner.threshold'],
      [{ ...updateValue(), owner: { ...updateValue().owner, type: 'Boss' } }, 'owner.type'],
      [{ ...updateValue(), owner: { ...updateValue().owner, keys: 'K1' } }, 'owner.keys'],
      [{ ...updateValue(), owner: { ...updateValue().owner, permission_name: 1 } }, 'owner.permission_name'],
      [{ ...updateValue(), owner: { ...updateValue().owner, parent_id: 'x' } }, 'owner.parent_id'],
      [{ ...updateValue(), actives: [{ ...updateValue().actives[0], operations: 'xyz' }] }, 'actives[0].operations'],
      [
        {
          ...updateValue(),
          actives: [{ ...updateValue().actives[0], keys: [{ address: K.K1.hex, weight: 'heavy' }] }],
        },
        'actives[0].keys[0].weight',
      ],
    ] as [unknown, string][]) {
      const issues = validatePermissionUpdate(input);
      expect(issues[0]).toMatchObject({ code: 'PERM_MALFORMED', nodeMessage: undefined, path });
      expectWalletError(() => assertValidPermissionUpdate(input), PermissionError, 'PERM_MALFORMED');
    }
  });
});
