import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  accountPermissionsFromUpdate,
  analyzePermissions,
  diffPermissions,
  encodeOperations,
  provePermissionChange,
  withOperation,
  type AccountPermissions,
  type Permission,
} from '../../../src-core/permission';
import { K, updateValue } from '../../fixtures/permissions';

const A = K.K1.hex as never;
const B = K.K2.hex as never;
const C = K.K3.hex as never;

function owner(threshold: bigint, keys: [string, bigint][]): Permission {
  return {
    type: 'Owner',
    id: 0,
    name: 'owner',
    threshold,
    parentId: 0,
    keys: keys.map(([address, weight]) => ({ address: address as never, weight })),
  };
}
function active(
  id: number,
  threshold: bigint,
  keys: [string, bigint][],
  operations: string = DEFAULT_ACTIVE_OPERATIONS,
): Permission {
  return {
    type: 'Active',
    id,
    name: `active${id}`,
    threshold,
    parentId: 0,
    operations: operations as never,
    keys: keys.map(([address, weight]) => ({ address: address as never, weight })),
  };
}
function account(o: Permission, ...actives: Permission[]): AccountPermissions {
  return { address: A, owner: o, actives };
}
const codes = (findings: readonly { code: string }[]) => findings.map((f) => f.code);

describe('analyzePermissions', () => {
  it('finds no problem in a 2-of-3 owner with a 2-of-3 active', () => {
    const result = analyzePermissions(
      account(
        owner(2n, [
          [A, 1n],
          [B, 1n],
          [C, 1n],
        ]),
        active(2, 2n, [
          [A, 1n],
          [B, 1n],
          [C, 1n],
        ]),
      ),
    );
    expect(result.findings).toEqual([]);
    expect(result.verdict).toBe('ok');
    const move = result.capabilities.find((c) => c.capability === 'move-funds')!;
    expect(move.coalitions.map((c) => [c.addresses, c.via])).toEqual([
      [
        [A, B],
        [0, 2],
      ],
      [
        [A, C],
        [0, 2],
      ],
      [
        [B, C],
        [0, 2],
      ],
    ]);
    expect(move.soloAddresses).toEqual([]);
    const change = result.capabilities.find((c) => c.capability === 'change-permissions')!;
    expect(change.groups.map((g) => g.id)).toEqual([0]);
  });

  it('warns that the weight-2 key is in every owner coalition (threshold 3, weights 2, 1, 1)', () => {
    const result = analyzePermissions(
      account(
        owner(3n, [
          [A, 2n],
          [B, 1n],
          [C, 1n],
        ]),
        active(2, 1n, [[B, 1n]]),
      ),
    );
    expect(codes(result.findings)).toEqual(['LOCKOUT_OWNER_NO_REDUNDANCY']);
    expect(result.findings[0]).toMatchObject({ severity: 'warn', addresses: [A] });
    expect(result.groups[0]?.minimalKeySets.map((s) => s.addresses)).toEqual([
      [A, B],
      [A, C],
    ]);
    expect(result.verdict).toBe('warn');
  });

  it('blocks an unreachable owner threshold: nobody could ever repair the account', () => {
    const result = analyzePermissions(
      account(
        owner(4n, [
          [A, 1n],
          [B, 1n],
          [C, 1n],
        ]),
        active(2, 1n, [[A, 1n]]),
      ),
    );
    expect(codes(result.findings)).toEqual(['LOCKOUT_UNREACHABLE_THRESHOLD', 'LOCKOUT_NOBODY_CAN_CHANGE_PERMISSIONS']);
    expect(result.findings.every((f) => f.severity === 'block')).toBe(true);
    expect(result.verdict).toBe('block');
    expect(result.groups[0]?.reachable).toBe(false);
  });

  it('blocks an unreachable active threshold too', () => {
    const result = analyzePermissions(
      account(
        owner(1n, [[A, 1n]]),
        active(2, 3n, [
          [A, 1n],
          [B, 1n],
        ]),
      ),
    );
    expect(result.findings.find((f) => f.code === 'LOCKOUT_UNREACHABLE_THRESHOLD')).toMatchObject({
      severity: 'block',
      permissionId: 2,
    });
  });

  it('blocks an owner without keys or with only zero weights', () => {
    for (const o of [
      owner(1n, []),
      owner(1n, [
        [A, 0n],
        [B, 0n],
      ]),
    ]) {
      const result = analyzePermissions(account(o, active(2, 1n, [[A, 1n]])));
      expect(codes(result.findings)).toContain('LOCKOUT_OWNER_EMPTY');
      expect(codes(result.findings)).not.toContain('LOCKOUT_UNREACHABLE_THRESHOLD');
      expect(result.verdict).toBe('block');
    }
  });

  it('blocks when no known key, even all together, reaches the owner threshold', () => {
    const structure = account(
      owner(2n, [
        [A, 1n],
        [B, 1n],
        [C, 1n],
      ]),
      active(2, 1n, [[A, 1n]]),
    );
    expect(analyzePermissions(structure, { knownAddresses: [K.K1.base58, K.K2.base58] }).verdict).toBe('ok');
    const result = analyzePermissions(structure, { knownAddresses: [K.K1.base58, K.K_ONE.base58] });
    expect(result.findings[0]).toMatchObject({ severity: 'block', code: 'LOCKOUT_OWNER_UNREACHABLE_BY_KNOWN_KEYS' });
  });

  it('warns when the known keys cannot reach an active group', () => {
    const result = analyzePermissions(
      account(
        owner(1n, [[A, 1n]]),
        active(2, 2n, [
          [B, 1n],
          [C, 1n],
        ]),
      ),
      { knownAddresses: [A, B] },
    );
    expect(result.findings.map((f) => [f.code, f.severity])).toContainEqual([
      'LOCKOUT_ACTIVE_UNREACHABLE_BY_KNOWN_KEYS',
      'warn',
    ]);
  });

  it('warns that one key controls everything in a multi-key structure, and only informs for a plain single-key account', () => {
    const multi = analyzePermissions(
      account(
        owner(2n, [
          [A, 2n],
          [B, 1n],
        ]),
        active(2, 1n, [[B, 1n]]),
      ),
    );
    expect(multi.findings.find((f) => f.code === 'LOCKOUT_SINGLE_KEY_CONTROLS_EVERYTHING')).toMatchObject({
      severity: 'warn',
      addresses: [A],
    });
    const single = analyzePermissions(account(owner(1n, [[A, 1n]]), active(2, 1n, [[A, 1n]])));
    expect(single.findings.map((f) => [f.code, f.severity])).toEqual([['LOCKOUT_SINGLE_KEY_ACCOUNT', 'info']]);
    expect(single.verdict).toBe('ok');
  });

  it('warns about an active group holding the permission-update bit and counts it as a way to change permissions', () => {
    const ops = withOperation(DEFAULT_ACTIVE_OPERATIONS, 'AccountPermissionUpdateContract', true);
    const result = analyzePermissions(
      account(
        owner(2n, [
          [A, 1n],
          [B, 1n],
        ]),
        active(2, 1n, [[C, 1n]], ops),
      ),
    );
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'LOCKOUT_ACTIVE_CAN_CHANGE_PERMISSIONS', severity: 'warn', permissionId: 2 }),
    );
    const change = result.capabilities.find((c) => c.capability === 'change-permissions')!;
    expect(change.soloAddresses).toEqual([C]);
    expect(change.coalitions.map((c) => c.addresses)).toEqual([[C], [A, B]]);
  });

  it('warns about operation bits that are no contract type', () => {
    const result = analyzePermissions(
      account(owner(1n, [[A, 1n]]), active(2, 1n, [[A, 1n]], encodeOperations([1, 7, 47]))),
    );
    expect(result.findings.find((f) => f.code === 'LOCKOUT_UNKNOWN_OPERATION_BITS')?.message).toContain('7, 47');
    expect(result.groups[1]?.unknownBits).toEqual([7, 47]);
    expect(result.groups[1]?.allowedTypes).toEqual([1]);
  });

  it('uses injected facts: a contract key cannot sign, a never-used key is suspicious', () => {
    const structure = account(
      owner(2n, [
        [A, 1n],
        [B, 1n],
      ]),
      active(2, 1n, [[C, 1n]]),
    );
    const result = analyzePermissions(structure, { facts: { contractAddresses: [B], neverActiveAddresses: [C] } });
    expect(result.findings.map((f) => [f.code, f.severity])).toEqual([
      ['LOCKOUT_OWNER_NEEDS_CONTRACT_KEY', 'block'],
      ['LOCKOUT_OWNER_NO_REDUNDANCY', 'warn'],
      ['LOCKOUT_KEY_IS_CONTRACT', 'warn'],
      ['LOCKOUT_KEY_NEVER_ACTIVE', 'warn'],
    ]);
  });

  it('separates capabilities: a staking-only active group cannot move funds', () => {
    const staking = encodeOperations(['FreezeBalanceV2Contract', 'UnfreezeBalanceV2Contract']);
    const result = analyzePermissions(
      account(
        owner(2n, [
          [A, 1n],
          [B, 1n],
        ]),
        active(2, 1n, [[C, 1n]], staking),
      ),
    );
    const stake = result.capabilities.find((c) => c.capability === 'stake-resources')!;
    expect(stake.groups).toEqual([
      { id: 0, name: 'owner', types: expect.any(Array), complete: true },
      { id: 2, name: 'active2', types: ['FreezeBalanceV2Contract', 'UnfreezeBalanceV2Contract'], complete: false },
    ]);
    expect(result.capabilities.find((c) => c.capability === 'move-funds')!.soloAddresses).toEqual([]);
    expect(stake.soloAddresses).toEqual([C]);
  });

  it('analyses the structure of the permission update vector', () => {
    const result = analyzePermissions(accountPermissionsFromUpdate(updateValue()));
    expect(result.groups.map((g) => [g.id, g.minimalKeySets.length])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(codes(result.findings)).toEqual(['LOCKOUT_OWNER_NO_REDUNDANCY']);
    const call = result.capabilities.find((c) => c.capability === 'call-contracts')!;
    expect(call.groups.map((g) => g.id)).toEqual([0, 2]);
  });
});

describe('diffPermissions and provePermissionChange', () => {
  const me = A;
  const before = account(
    owner(1n, [
      [me, 1n],
      [B, 1n],
    ]),
    active(2, 1n, [[me, 1n]]),
  );

  it('warns when the change removes my own keys from the owner, and blocks when no known key is left', () => {
    const after = account(
      owner(2n, [
        [B, 1n],
        [C, 1n],
      ]),
      active(2, 1n, [[me, 1n]]),
    );
    const proof = provePermissionChange(before, after, { ownAddresses: [me] });
    expect(proof.findings.find((f) => f.code === 'LOCKOUT_OWN_KEYS_LEAVE_OWNER')).toMatchObject({
      severity: 'warn',
      addresses: [me],
    });
    expect(proof.verdict).toBe('warn');
    const locked = provePermissionChange(before, after, { ownAddresses: [me], knownAddresses: [me] });
    expect(locked.verdict).toBe('block');
    expect(codes(locked.findings)).toContain('LOCKOUT_OWNER_UNREACHABLE_BY_KNOWN_KEYS');
  });

  it('lists who gains and loses which power', () => {
    const after = account(
      owner(2n, [
        [B, 1n],
        [C, 1n],
      ]),
      active(2, 1n, [[me, 1n]]),
    );
    const { powers, groups } = diffPermissions(before, after);
    expect(powers).toContainEqual({
      address: me,
      capability: 'change-permissions',
      before: 'alone',
      after: 'none',
      change: 'loses',
    });
    expect(powers).toContainEqual({
      address: B,
      capability: 'change-permissions',
      before: 'alone',
      after: 'shared',
      change: 'loses',
    });
    expect(powers).toContainEqual({
      address: C,
      capability: 'change-permissions',
      before: 'none',
      after: 'shared',
      change: 'gains',
    });
    expect(powers.find((p) => p.address === me && p.capability === 'move-funds')).toBeUndefined();
    expect(groups).toEqual([
      expect.objectContaining({
        id: 0,
        change: 'changed',
        threshold: { before: 1n, after: 2n },
        keysAdded: [{ address: C, weight: 1n }],
        keysRemoved: [{ address: me, weight: 1n }],
      }),
    ]);
  });

  it('reports added and removed groups, weight and operation changes', () => {
    const after = account(
      owner(1n, [
        [me, 2n],
        [B, 1n],
      ]),
      active(2, 1n, [[me, 1n]], encodeOperations(['TransferContract'])),
      active(3, 1n, [[C, 1n]]),
    );
    const { groups } = diffPermissions(before, after);
    expect(groups.map((g) => [g.id, g.change])).toEqual([
      [0, 'changed'],
      [2, 'changed'],
      [3, 'added'],
    ]);
    expect(groups[0]?.weightsChanged).toEqual([{ address: me, before: 1n, after: 2n }]);
    expect(groups[1]?.operationsRemoved).toContain(CONTRACT_TYPE_IDS.TriggerSmartContract);
    expect(groups[1]?.operationsAdded).toEqual([]);
    expect(diffPermissions(after, before).groups.map((g) => [g.id, g.change])).toEqual([
      [0, 'changed'],
      [2, 'changed'],
      [3, 'removed'],
    ]);
  });

  it('reports no change for identical structures', () => {
    expect(diffPermissions(before, structuredClone(before))).toEqual({ groups: [], powers: [] });
  });

  it('treats a missing owner as the default owner when comparing', () => {
    const fresh: AccountPermissions = { address: me, actives: [active(2, 1n, [[me, 1n]])] };
    expect(diffPermissions(fresh, account(owner(1n, [[me, 1n]]), active(2, 1n, [[me, 1n]])))).toEqual({
      groups: [],
      powers: [],
    });
  });
});

describe('known answers for the permission editor scenarios', () => {
  const fresh: AccountPermissions = { address: A, actives: [active(2, 1n, [[A, 1n]])] };

  it('a fresh account turned into owner 2-of-3 with a 1-of-2 transfer-only active group', () => {
    const after = account(
      owner(2n, [
        [A, 1n],
        [B, 1n],
        [C, 1n],
      ]),
      active(
        2,
        1n,
        [
          [B, 1n],
          [C, 1n],
        ],
        encodeOperations(['TransferContract']),
      ),
    );
    const proof = provePermissionChange(fresh, after, { ownAddresses: [A, B], knownAddresses: [A, B, C] });
    expect(proof.verdict).toBe('ok');
    expect(proof.after.groups.map((g) => [g.id, g.minimalKeySets.map((s) => s.addresses)])).toEqual([
      [
        0,
        [
          [A, B],
          [A, C],
          [B, C],
        ],
      ],
      [2, [[B], [C]]],
    ]);
    const byCapability = Object.fromEntries(
      proof.after.capabilities.map((c) => [c.capability, c.coalitions.map((k) => k.addresses)]),
    );
    // Moving TRX: B or C alone through the active group; every owner pair contains one of them, so
    // no owner pair is a minimal set for this capability.
    expect(byCapability['move-funds']).toEqual([[B], [C]]);
    expect(byCapability['call-contracts']).toEqual([
      [A, B],
      [A, C],
      [B, C],
    ]);
    expect(byCapability['change-permissions']).toEqual([
      [A, B],
      [A, C],
      [B, C],
    ]);
    expect(proof.diff.powers).toContainEqual({
      address: A,
      capability: 'change-permissions',
      before: 'alone',
      after: 'shared',
      change: 'loses',
    });
    expect(proof.diff.powers).toContainEqual({
      address: B,
      capability: 'move-funds',
      before: 'none',
      after: 'alone',
      change: 'gains',
    });
    expect(proof.diff.powers).toContainEqual({
      address: A,
      capability: 'stake-resources',
      before: 'alone',
      after: 'shared',
      change: 'loses',
    });
  });

  it('weights 2, 1, 1 with threshold 3: the weight-2 key is in every set, and nobody acts alone', () => {
    const result = analyzePermissions(
      account(
        owner(3n, [
          [A, 2n],
          [B, 1n],
          [C, 1n],
        ]),
        active(2, 3n, [
          [A, 2n],
          [B, 1n],
          [C, 1n],
        ]),
      ),
    );
    expect(result.groups.map((g) => g.minimalKeySets.map((s) => [s.addresses, s.weight]))).toEqual([
      [
        [[A, B], 3n],
        [[A, C], 3n],
      ],
      [
        [[A, B], 3n],
        [[A, C], 3n],
      ],
    ]);
    expect(result.capabilities.every((c) => c.soloAddresses.length === 0)).toBe(true);
  });

  it('an unreachable threshold leaves the capabilities of that group to nobody', () => {
    const result = analyzePermissions(
      account(
        owner(1n, [[A, 1n]]),
        active(
          2,
          5n,
          [
            [B, 2n],
            [C, 2n],
          ],
          encodeOperations(['TransferContract']),
        ),
      ),
    );
    expect(result.groups[1]).toMatchObject({ reachable: false, totalWeight: 4n, minimalKeySets: [] });
    expect(result.capabilities.find((c) => c.capability === 'move-funds')!.coalitions.map((c) => c.via)).toEqual([[0]]);
  });
});
