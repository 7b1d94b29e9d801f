import { describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import { accountPermissionsFromUpdate, type AccountPermissions } from '@core/permission/model';
import * as b from '@core/tx/builders';
import { permissionChanged } from '@main/watchtower/rules/permission-changed';
import { signedTx, testKey } from '../fake-chain';
import { context, facts } from './rule-context';

const treasury = testKey();
const k1 = testKey();
const k2 = testKey();
const ACTIVE_OPS = '7fff1fc0033e0000000000000000000000000000000000000000000000000000';

function update(ownerKeys: string[], threshold: number) {
  return b.accountPermissionUpdateContract({
    owner: treasury.hex,
    ownerPermission: {
      type: 'Owner',
      permission_name: 'owner',
      threshold,
      keys: ownerKeys.map((address) => ({ address, weight: 1 })),
    },
    actives: [
      {
        type: 'Active',
        permission_name: 'active',
        threshold: 1,
        operations: ACTIVE_OPS,
        keys: [{ address: k1.hex, weight: 1 }],
      },
    ],
  });
}

const before: AccountPermissions = accountPermissionsFromUpdate(update([treasury.hex, k1.hex], 2).value);

describe('permission changed', () => {
  it('shows what changed per group, the structures before and after, and the lockout verdict', () => {
    const tx = signedTx(update([k2.hex], 1), [treasury, k1]);
    const after = accountPermissionsFromUpdate(tx.raw_data.contract[0]!.parameter.value);
    const names = new Map([[k1.hex, 'Alice']]);
    const [alert] = permissionChanged(facts(tx), after, context(treasury.hex, { permissions: before, names }));
    expect(alert!.rule).toBe('permission-changed');
    const changes = [
      'The owner permission: threshold 2 → 1',
      `The owner permission: key ${toBase58Address(k2.hex)} added (weight 1)`,
      'The owner permission: key Treasury removed',
      'The owner permission: key Alice removed',
    ];
    expect(alert!.details.changes).toEqual(changes);
    expect(alert!.title).toBe(
      `The permissions of Treasury were changed (${changes.join('; ')}); the lockout check says warn.`,
    );
    expect(alert!.details.before).toMatchObject({ owner: { threshold: '2' } });
    expect(alert!.details.after).toMatchObject({ owner: { threshold: '1', keys: [{ address: k2.hex, weight: '1' }] } });
    expect(alert!.details.verdict).toBe('warn');
    expect(alert!.title).toContain('the lockout check says warn');
  });

  it('blocks when none of the treasury’s known keys reaches the new owner', () => {
    const tx = signedTx(update([k2.hex], 1), [treasury, k1]);
    const after = accountPermissionsFromUpdate(tx.raw_data.contract[0]!.parameter.value);
    const [alert] = permissionChanged(
      facts(tx),
      after,
      context(treasury.hex, { permissions: before, knownAddresses: [treasury.hex, k1.hex] }),
    );
    expect(alert!.details.verdict).toBe('block');
    expect(alert!.details.findings).toContainEqual(
      expect.objectContaining({ severity: 'block', code: 'LOCKOUT_OWNER_UNREACHABLE_BY_KNOWN_KEYS' }),
    );
  });

  it('says nothing when the rule is off', () => {
    const tx = signedTx(update([k2.hex], 1), [treasury, k1]);
    const after = accountPermissionsFromUpdate(tx.raw_data.contract[0]!.parameter.value);
    const off = context(treasury.hex, { permissions: before, rules: { permissionChanged: { enabled: false } } });
    expect(permissionChanged(facts(tx), after, off)).toEqual([]);
  });
});
