import { describe, expect, it } from 'vitest';
import type { HexAddress } from '../../../src-core/brand';
import { PermissionDiffSchema, permissionsChannels } from '../../../src-core/ipc/channels/permissions';
import { diffPermissions, type PermissionDiff } from '../../../src-core/permission/lockout';
import { DEFAULT_ACTIVE_OPERATIONS } from '../../../src-core/permission';
import { K } from '../../fixtures/permissions';

const update = {
  owner: {
    name: 'owner',
    threshold: 2n,
    keys: [
      { address: K.K1.base58, weight: 1n },
      { address: K.K2.hex, weight: 1n },
    ],
  },
  actives: [
    {
      name: 'transfers',
      threshold: 1n,
      operations: DEFAULT_ACTIVE_OPERATIONS,
      keys: [{ address: K.K2.base58, weight: 1n }],
    },
  ],
};
const prepare = permissionsChannels['permissions:prepare'].input;

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): [string, string][] {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('permissions channel schemas', () => {
  it('accept a whole structure with bigint numbers', () => {
    expect(prepare.parse({ address: K.K1.base58, update })).toEqual({ address: K.K1.base58, update });
  });

  it('refuse numbers that are not bigint, a mask that is not 64 hex characters, bad addresses and unknown fields', () => {
    const bad = {
      address: K.K1.base58,
      update: {
        owner: { ...update.owner, threshold: 2, keys: [{ address: 'T123', weight: 1n }] },
        actives: [{ ...update.actives[0], operations: 'ff', color: 'red' }],
      },
    };
    expect(issues(prepare.safeParse(bad))).toEqual([
      ['update.owner.threshold', 'must be a whole number'],
      ['update.owner.keys.0.address', 'must be a TRON address (T… or 41…) with a valid checksum'],
      ['update.actives.0.operations', 'must be 64 hex characters'],
      ['update.actives.0', 'Unrecognized key: "color"'],
    ]);
  });

  it('leave the chain limits (5 keys, 8 actives) to the validation that names them, within a bound', () => {
    const six = Array.from({ length: 6 }, () => ({ address: K.K1.base58, weight: 1n }));
    expect(
      prepare.safeParse({ address: K.K1.base58, update: { ...update, owner: { ...update.owner, keys: six } } }).success,
    ).toBe(true);
    const many = Array.from({ length: 17 }, () => ({ address: K.K1.base58, weight: 1n }));
    expect(
      issues(
        prepare.safeParse({ address: K.K1.base58, update: { ...update, owner: { ...update.owner, keys: many } } }),
      ),
    ).toEqual([['update.owner.keys', 'has too many keys']]);
  });

  it('require a yes/no acknowledgement on submit and bound the typed confirmation', () => {
    const submit = permissionsChannels['permissions:submit'].input;
    expect(issues(submit.safeParse({ address: K.K1.base58, update }))).toEqual([
      ['acknowledgeWarnings', 'must be true or false'],
    ]);
    expect(
      issues(
        submit.safeParse({ address: K.K1.base58, update, acknowledgeWarnings: true, confirmation: 'x'.repeat(101) }),
      ),
    ).toEqual([['confirmation', 'is too long']]);
  });

  it('bound the key look-up list', () => {
    const inspect = permissionsChannels['permissions:inspectKeys'].input;
    expect(issues(inspect.safeParse({ addresses: [] }))).toEqual([['addresses', 'must list at least one address']]);
    expect(inspect.safeParse({ addresses: [K.K1.base58, K.K2.hex] }).success).toBe(true);
  });
});

describe('the permission diff schema', () => {
  const before = {
    address: K.K1.hex as HexAddress,
    owner: {
      type: 'Owner' as const,
      id: 0,
      name: 'owner',
      threshold: 1n,
      parentId: 0,
      keys: [{ address: K.K1.hex as HexAddress, weight: 1n }],
    },
    actives: [],
  };
  const after = {
    ...before,
    owner: {
      ...before.owner,
      threshold: 2n,
      keys: [
        { address: K.K1.hex as HexAddress, weight: 1n },
        { address: K.K2.hex as HexAddress, weight: 1n },
      ],
    },
  };
  const diff = diffPermissions(before, after);

  it('carries src-core’s diff as it is, weights and thresholds as bigints', () => {
    const parsed: PermissionDiff = PermissionDiffSchema.parse(diff);
    expect(parsed).toEqual(diff);
    expect(parsed.groups[0]!.threshold).toEqual({ before: 1n, after: 2n });
    expect(parsed.groups[0]!.keysAdded).toEqual([{ address: K.K2.hex, weight: 1n }]);
  });

  it('refuses weights as decimal text and addresses that are not hex', () => {
    const asText = {
      ...diff,
      groups: [{ ...diff.groups[0]!, keysAdded: [{ address: K.K2.base58, weight: '1' }] }],
    };
    expect(issues(PermissionDiffSchema.safeParse(asText)).map(([path]) => path)).toEqual([
      'groups.0.keysAdded.0.address',
      'groups.0.keysAdded.0.weight',
    ]);
  });
});
