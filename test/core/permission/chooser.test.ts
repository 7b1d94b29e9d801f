import { describe, expect, it } from 'vitest';
import { PermissionError } from '../../../src-core/errors';
import {
  CHOOSER_REASONS,
  DEFAULT_ACTIVE_OPERATIONS,
  choosePermission,
  encodeOperations,
  requirePermissionChoice,
  type AccountPermissions,
  type Permission,
} from '../../../src-core/permission';
import { expectWalletError } from '../../fixtures/expect-error';
import { K } from '../../fixtures/permissions';

const [A, B, C, D] = [K.K1, K.K2, K.K3, K.K_ONE].map((k) => k.hex as never);
const key = (address: string, weight = 1n) => ({ address: address as never, weight });
const p = (
  id: number,
  name: string,
  threshold: bigint,
  keys: ReturnType<typeof key>[],
  operations?: string,
): Permission => ({
  type: id === 0 ? 'Owner' : id === 1 ? 'Witness' : 'Active',
  id,
  name,
  threshold,
  parentId: 0,
  ...(operations ? { operations: operations as never } : {}),
  keys,
});

const account: AccountPermissions = {
  address: A,
  owner: p(0, 'owner', 2n, [key(A), key(B), key(C)]),
  witness: p(1, 'witness', 1n, [key(B)]),
  actives: [
    p(2, 'payments', 2n, [key(A), key(B), key(C)], DEFAULT_ACTIVE_OPERATIONS),
    p(3, 'staking', 1n, [key(B)], encodeOperations(['FreezeBalanceV2Contract', 'UnfreezeBalanceV2Contract'])),
    p(4, 'petty cash', 1n, [key(C)], encodeOperations(['TransferContract'])),
  ],
};

const reasonsOf = (choice: ReturnType<typeof choosePermission>, id: number) =>
  choice.candidates.find((c) => c.id === id)!.reasons.map((r) => r.code);

describe('choosePermission', () => {
  it('prefers an active permission over the owner at the same threshold, and says why the others do not qualify', () => {
    const choice = choosePermission(account, 'TransferContract', [B]);
    expect(choice.permissionId).toBe(2);
    expect(choice.explanation).toBe(
      'Use active permission "payments" (id 2): it may transfer TRX and your keys weigh 1 of the 2 needed, so co-signers must add 1.',
    );
    expect(reasonsOf(choice, 0)).toEqual([CHOOSER_REASONS.OUTRANKED]);
    expect(reasonsOf(choice, 1)).toEqual([CHOOSER_REASONS.WITNESS_CANNOT_SIGN]);
    expect(reasonsOf(choice, 3)).toEqual([CHOOSER_REASONS.NOT_ALLOWED]);
    expect(reasonsOf(choice, 4)).toEqual([CHOOSER_REASONS.NO_HELD_KEY]);
    expect(choice.candidates.find((c) => c.id === 3)!.reasons[0]!.message).toBe(
      'Active permission "staking" (id 3) is not allowed to transfer TRX.',
    );
  });

  it('picks the smallest threshold containing one of my keys when no multi-key group holds one', () => {
    const solo: AccountPermissions = {
      address: A,
      owner: p(0, 'owner', 2n, [key(A), key(B)]),
      actives: [
        p(2, 'small', 1n, [key(C)], encodeOperations(['TransferContract'])),
        p(3, 'big', 2n, [key(A), key(B)], DEFAULT_ACTIVE_OPERATIONS),
      ],
    };
    const choice = choosePermission(solo, 'TransferContract', [K.K3.base58]);
    expect(choice.permissionId).toBe(2);
    expect(choice.candidates.find((c) => c.id === 2)).toMatchObject({
      reachableAlone: true,
      heldWeight: 1n,
      qualifies: true,
      bypasses: null,
      reasons: [],
    });
    expect(reasonsOf(choice, 3)).toEqual([CHOOSER_REASONS.NO_HELD_KEY]);
    expect(choice.explanation).toContain('your keys alone reach its threshold');
  });

  it('prefers the multi-key group over a one-key permission that also covers the payment', () => {
    const choice = choosePermission(account, 'TransferContract', [K.K3.base58]);
    expect(choice.permissionId).toBe(2);
    expect(choice.picked).toBe(false);
    expect(reasonsOf(choice, 4)).toEqual([CHOOSER_REASONS.BYPASSES_GROUP]);
    expect(choice.candidates.find((c) => c.id === 4)!.bypasses).toBe(
      'Signing with the key of active permission "petty cash" (id 4) alone bypasses the 2-of-3 "payments" group.',
    );
  });

  it("does not fall back to the owner's single key when a 2-of-3 payments group holds my key", () => {
    const treasury: AccountPermissions = {
      address: A,
      owner: p(0, 'owner', 1n, [key(A)]),
      actives: [p(2, 'payments', 2n, [key(A), key(B), key(C)], encodeOperations(['TransferContract']))],
    };
    const choice = choosePermission(treasury, 'TransferContract', [A]);
    expect(choice.permissionId).toBe(2);
    expect(choice.explanation).toBe(
      'Use active permission "payments" (id 2): it may transfer TRX and your keys weigh 1 of the 2 needed, so co-signers must add 1.',
    );
    expect(reasonsOf(choice, 0)).toEqual([CHOOSER_REASONS.BYPASSES_GROUP]);
    expect(choice.candidates.find((c) => c.id === 0)!.bypasses).toBe(
      'Signing with the owner key alone bypasses the 2-of-3 "payments" group.',
    );
    expect(choice.candidates.find((c) => c.id === 2)!.bypasses).toBeNull();
  });

  it('signs with the permission the person picked, and says what that single key bypasses', () => {
    const treasury: AccountPermissions = {
      address: A,
      owner: p(0, 'owner', 1n, [key(A)]),
      actives: [p(2, 'payments', 2n, [key(A), key(B), key(C)], encodeOperations(['TransferContract']))],
    };
    const choice = choosePermission(treasury, 'TransferContract', [A], { pick: 0 });
    expect(choice.permissionId).toBe(0);
    expect(choice.picked).toBe(true);
    expect(choice.explanation).toBe(
      'You chose the owner permission (id 0): it may transfer TRX and your keys alone reach its threshold. ' +
        'Signing with the owner key alone bypasses the 2-of-3 "payments" group.',
    );
    expect(reasonsOf(choice, 0)).toEqual([]);
    expect(reasonsOf(choice, 2)).toEqual([CHOOSER_REASONS.NOT_PICKED]);
    const group = choosePermission(treasury, 'TransferContract', [A], { pick: 2 });
    expect(group.permissionId).toBe(2);
    expect(group.explanation).toMatch(/^You chose active permission "payments" \(id 2\): .*weigh 1 of the 2 needed/);
  });

  it('ignores a pick that may not sign the type', () => {
    const choice = choosePermission(account, 'TransferContract', [B], { pick: 3 });
    expect(choice.permissionId).toBe(2);
    expect(choice.picked).toBe(false);
  });

  it('prefers the permission needing less extra weight when thresholds tie', () => {
    const choice = choosePermission(account, 'TransferContract', [A, B]);
    expect(choice.permissionId).toBe(2);
    expect(choice.candidates.find((c) => c.id === 2)?.reachableAlone).toBe(true);
  });

  it('routes staking to the multi-key group that covers it, and permission changes to the owner', () => {
    const staking = choosePermission(account, 'FreezeBalanceV2Contract', [B]);
    expect(staking.permissionId).toBe(2);
    expect(reasonsOf(staking, 3)).toEqual([CHOOSER_REASONS.BYPASSES_GROUP]);
    expect(choosePermission(account, 'FreezeBalanceV2Contract', [B], { pick: 3 }).permissionId).toBe(3);
    const update = choosePermission(account, 46, [B]);
    expect(update.permissionId).toBe(0);
    expect(update.explanation).toMatch(/^Use the owner permission \(id 0\): it may change account permissions/);
    expect(reasonsOf(update, 2)).toEqual([CHOOSER_REASONS.NOT_ALLOWED]);
  });

  it('says so when none of my keys is in a permission that allows the type', () => {
    const choice = choosePermission(account, 'TransferContract', [D]);
    expect(choice.permissionId).toBeUndefined();
    expect(choice.explanation).toMatch(/^None of your keys belongs to a permission that may transfer TRX/);
    expect(choice.candidates.every((c) => !c.qualifies)).toBe(true);
    expectWalletError(
      () => requirePermissionChoice(account, 'TransferContract', [D]),
      PermissionError,
      'PERM_NO_PERMISSION_CAN_SIGN',
    );
  });

  it('says so when the only permissions holding my key can never reach their threshold', () => {
    const broken: AccountPermissions = {
      address: A,
      owner: p(0, 'owner', 5n, [key(A), key(B)]),
      actives: [p(2, 'a', 3n, [key(A)], DEFAULT_ACTIVE_OPERATIONS)],
    };
    const choice = choosePermission(broken, 'TransferContract', [A]);
    expect(choice.permissionId).toBeUndefined();
    expect(reasonsOf(choice, 0)).toEqual([CHOOSER_REASONS.UNREACHABLE]);
    expect(choice.explanation).toMatch(/can never reach their thresholds/);
  });

  it("uses java-tron's defaults for an account that is not on chain yet", () => {
    const choice = choosePermission(null, 'TransferContract', [A], { ownerAddress: A });
    expect(choice.permissionId).toBe(2);
    expect(choosePermission(null, 'AccountPermissionUpdateContract', [A], { ownerAddress: A }).permissionId).toBe(0);
  });

  it('refuses a contract type that does not exist', () => {
    expectWalletError(() => choosePermission(account, 47, [A]), PermissionError, 'PERM_UNKNOWN_CONTRACT_TYPE');
    expectWalletError(
      () => choosePermission(account, 'NoSuchContract' as never, [A]),
      PermissionError,
      'PERM_UNKNOWN_CONTRACT_TYPE',
    );
  });
});
