import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACTIVE_OPERATIONS,
  LOCKOUT_CONFIRMATION_TEXT,
  gatePermissionChange,
  isLockoutConfirmation,
  provePermissionChange,
  withOperation,
  type AccountPermissions,
  type Permission,
} from '../../../src-core/permission';
import { K } from '../../fixtures/permissions';

const A = K.K1.hex as never;
const B = K.K2.hex as never;
const C = K.K3.hex as never;

function group(
  type: 'Owner' | 'Active',
  id: number,
  threshold: bigint,
  keys: [string, bigint][],
  operations?: string,
): Permission {
  return {
    type,
    id,
    name: type === 'Owner' ? 'owner' : `active${id}`,
    threshold,
    parentId: 0,
    ...(type === 'Active' ? { operations: (operations ?? DEFAULT_ACTIVE_OPERATIONS) as never } : {}),
    keys: keys.map(([address, weight]) => ({ address: address as never, weight })),
  };
}
const account = (owner: Permission, ...actives: Permission[]): AccountPermissions => ({ address: A, owner, actives });
const fresh = account(group('Owner', 0, 1n, [[A, 1n]]), group('Active', 2, 1n, [[A, 1n]]));

describe('gatePermissionChange', () => {
  it('lets a 2-of-3 owner with known keys through with nothing to acknowledge', () => {
    const after = account(
      group('Owner', 0, 2n, [
        [A, 1n],
        [B, 1n],
        [C, 1n],
      ]),
      group('Active', 2, 1n, [[A, 1n]]),
    );
    const gate = gatePermissionChange(
      provePermissionChange(fresh, after, { ownAddresses: [A], knownAddresses: [A, B, C] }),
    );
    expect(gate).toMatchObject({ blocked: false, needsConfirmation: false, blocking: [], liftable: [], warnings: [] });
  });

  it('blocks an unreachable owner threshold, and no confirmation lifts it', () => {
    const after = account(
      group('Owner', 0, 4n, [
        [A, 1n],
        [B, 1n],
        [C, 1n],
      ]),
      group('Active', 2, 1n, [[A, 1n]]),
    );
    const proof = provePermissionChange(fresh, after, { ownAddresses: [A], knownAddresses: [A, B, C] });
    const gate = gatePermissionChange(proof, { confirmation: LOCKOUT_CONFIRMATION_TEXT });
    expect(gate.blocked).toBe(true);
    expect(gate.needsConfirmation).toBe(false);
    expect(gate.blocking.map((f) => f.code)).toContain('LOCKOUT_UNREACHABLE_THRESHOLD');
  });

  it('blocks an owner no known key reaches until the typed confirmation is given', () => {
    // K_ONE is nobody this wallet knows: the owner needs B and K_ONE, and only A and B are known.
    const after = account(
      group('Owner', 0, 2n, [
        [B, 1n],
        [K.K_ONE.hex, 1n],
      ]),
      group('Active', 2, 1n, [[A, 1n]]),
    );
    const proof = provePermissionChange(fresh, after, { ownAddresses: [A], knownAddresses: [A, B] });
    const unconfirmed = gatePermissionChange(proof);
    expect(unconfirmed).toMatchObject({ blocked: true, needsConfirmation: true, confirmed: false, blocking: [] });
    expect(unconfirmed.liftable.map((f) => f.code)).toEqual(['LOCKOUT_OWNER_UNREACHABLE_BY_KNOWN_KEYS']);
    expect(gatePermissionChange(proof, { confirmation: 'keys held elsewhere ' })).toMatchObject({
      blocked: false,
      confirmed: true,
    });
    expect(gatePermissionChange(proof, { confirmation: 'yes' })).toMatchObject({ blocked: true, confirmed: false });
  });

  it('asks for acknowledgement of warnings: self-removal and an active group with the update bit', () => {
    const ops = withOperation(DEFAULT_ACTIVE_OPERATIONS, 'AccountPermissionUpdateContract', true);
    const after = account(
      group('Owner', 0, 2n, [
        [B, 1n],
        [C, 1n],
      ]),
      group('Active', 2, 1n, [[A, 1n]], ops),
    );
    const gate = gatePermissionChange(
      provePermissionChange(fresh, after, { ownAddresses: [A], knownAddresses: [A, B, C] }),
    );
    expect(gate.blocked).toBe(false);
    expect(gate.warnings.map((f) => f.code).sort()).toEqual([
      'LOCKOUT_ACTIVE_CAN_CHANGE_PERMISSIONS',
      'LOCKOUT_OWNER_NO_REDUNDANCY',
      'LOCKOUT_OWN_KEYS_LEAVE_OWNER',
    ]);
  });

  it('reads the confirmation without regard to case or surrounding spaces, and nothing else', () => {
    expect(isLockoutConfirmation('  Keys Held Elsewhere ')).toBe(true);
    expect(isLockoutConfirmation('KEYS HELD')).toBe(false);
    expect(isLockoutConfirmation(undefined)).toBe(false);
  });
});
