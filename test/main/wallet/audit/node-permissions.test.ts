import { describe, expect, it } from 'vitest';
import { mergeAuditBundles, verifyAuditBundle, type PermissionAt } from '@core/audit';
import type { Hex, HexAddress } from '@core/brand';
import type { AccountPermissions, Permission } from '@core/permission/model';
import { permissionsAt, signerWeight, type PermissionHistory } from '@main/wallet/audit/node-permissions';
import { K } from '../../../fixtures/permissions';
import { ACCOUNT, DESK_B, deskBundles } from '../../../core/audit/story';

/** The confirmation block of the story's transaction. */
const BLOCK = 64_000_123n;
const k = (name: 'K1' | 'K2' | 'K3') => K[name].hex.toLowerCase() as HexAddress;
const OWNER = ACCOUNT as HexAddress;

function structure(keys: readonly HexAddress[]): AccountPermissions {
  const active: Permission = {
    type: 'Active',
    id: 2,
    name: 'payments',
    threshold: 2n,
    parentId: 0,
    operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000' as Hex,
    keys: keys.map((address) => ({ address, weight: 1n })),
  };
  return {
    address: OWNER,
    owner: { type: 'Owner', id: 0, name: 'owner', threshold: 1n, parentId: 0, keys: [{ address: OWNER, weight: 1n }] },
    actives: [active],
  };
}

function hook(history: PermissionHistory): PermissionAt {
  return ({ account, signer, block }) => signerWeight(permissionsAt(history, block), account, signer, 2);
}

const { a, b } = deskBundles();
const bundle = mergeAuditBundles(a, b);

describe('a signer checked against the permission at the block where its signature was used', () => {
  it('passes a key that was in the permission at the block though an update removed it since', async () => {
    const history: PermissionHistory = {
      current: structure([k('K1'), k('K3')]),
      updates: [
        { block: 10n, after: structure([k('K1'), k('K2'), k('K3')]) },
        { block: BLOCK + 50n, after: structure([k('K1'), k('K3')]) },
      ],
      note: null,
    };
    expect(await verifyAuditBundle(bundle, { permissionAt: hook(history) })).toMatchObject({ ok: true });
  });

  it('fails a signature by a key outside the permission at that block, naming its entry, though it is a key now', async () => {
    const history: PermissionHistory = {
      current: structure([k('K1'), k('K2'), k('K3')]),
      updates: [
        { block: 10n, after: structure([k('K1'), k('K3')]) },
        { block: BLOCK + 1n, after: structure([k('K1'), k('K2'), k('K3')]) },
      ],
      note: null,
    };
    const verdict = await verifyAuditBundle(bundle, { permissionAt: hook(history) });
    expect(verdict).toMatchObject({
      ok: false,
      code: 'AUDIT_SIGNER_NOT_PERMITTED',
      entry: { desk: DESK_B, kind: 'signature' },
    });
  });

  it('takes java-tron’s defaults before the account’s first update, and the structure now when nothing changed since', () => {
    const now = structure([k('K1'), k('K2')]);
    const history: PermissionHistory = { current: now, updates: [{ block: 500n, after: now }], note: null };
    expect(permissionsAt(history, 600n)).toBe(now);
    expect(permissionsAt(history, 400n)).toBeNull();
    // Before any update only the account's own key signs, in owner and active alike.
    expect(signerWeight(null, ACCOUNT, ACCOUNT, 2)).toEqual({ allowed: true, weight: 1n });
    expect(signerWeight(null, ACCOUNT, k('K2'), 2)).toEqual({ allowed: false, weight: 0n });
    // A node that cannot list updates leaves the structure now, whatever the block.
    expect(permissionsAt({ current: now, updates: null, note: 'x' }, 1n)).toBe(now);
  });

  it('weighs a signer in the permission the transaction named, or in any when the transaction is unknown', () => {
    const account = structure([k('K2'), k('K3')]);
    expect(signerWeight(account, ACCOUNT, k('K2'), 0)).toEqual({ allowed: false, weight: 0n });
    expect(signerWeight(account, ACCOUNT, k('K2'), 2)).toEqual({ allowed: true, weight: 1n });
    expect(signerWeight(account, ACCOUNT, k('K2'), null)).toEqual({ allowed: true, weight: 1n });
    const stranger = K.K_ONE.hex.toLowerCase();
    expect(signerWeight(account, ACCOUNT, stranger, null)).toEqual({ allowed: false, weight: 0n });
  });
});
