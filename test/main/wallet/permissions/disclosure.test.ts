import { describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import type { VaultAccount } from '@core/ipc/channels/vault';
import type { AccountPermissions } from '@core/permission';
import { signingPlanOf } from '@main/wallet/permissions/disclosure';
import { K } from '../../../fixtures/permissions';

const key = (k: 'K1' | 'K2' | 'K3', weight = 1n) => ({ address: K[k].hex as HexAddress, weight });
const vault = (k: 'K1' | 'K2' | 'K3', canSign = true): VaultAccount => ({
  id: `acc_${k.toLowerCase().padEnd(16, '0')}`,
  kind: canSign ? 'privateKey' : 'watch',
  label: k,
  address: K[k].base58,
  addressHex: K[k].hex,
  canSign,
  createdAt: 0,
});
/** Owner 2-of-3 (K1 weight 2, K2, K3). */
const structure: AccountPermissions = {
  address: K.K1.hex as HexAddress,
  owner: {
    type: 'Owner',
    id: 0,
    name: 'owner',
    threshold: 2n,
    parentId: 0,
    keys: [key('K2'), key('K1', 2n), key('K3')],
  },
  actives: [],
};

describe('who signs a permission update', () => {
  it('names the heaviest vault key first and stops at the threshold', () => {
    const plan = signingPlanOf(structure, [vault('K2'), vault('K1')]);
    expect(plan).toMatchObject({ permissionId: 0, threshold: 2n, heldWeight: 2n, needsCosigners: false });
    expect(plan.signers).toEqual([{ address: K.K1.base58, label: 'K1', weight: 2n }]);
    expect(plan.expectedSignatures).toBe(1);
  });

  it('counts the co-signers still needed when the vault’s keys fall short, ignoring watch-only accounts', () => {
    const plan = signingPlanOf(structure, [vault('K2'), vault('K1', false)]);
    expect(plan).toMatchObject({ heldWeight: 1n, needsCosigners: true });
    expect(plan.signers.map((s) => s.label)).toEqual(['K2']);
    expect(plan.expectedSignatures).toBe(2);
  });
});
