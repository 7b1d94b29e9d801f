import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeOperations, type AccountPermissions, type Permission } from '@core/permission';
import type { VaultAccount } from '@core/ipc/channels/vault';
import type { ChainReads, OwnerState } from '@main/wallet/chain-knowledge/chain-reads';
import { SignerPicks, SIGNER_PICKS_FILE } from '@main/wallet/stores/signer-picks';
import { TransactionBuilder } from '@main/wallet/transactions/transaction-builder';
import { K } from '../../../fixtures/permissions';
import { expectWalletError, removeDir, tempDir } from '../helpers';

/**
 * Who signs a payment for a treasury whose owner is one key (the proposer's) and whose payments
 * group is 2-of-3: the chooser's rule, the person's choice of the owner key, and that choice read
 * back after the wallet reopens its network's files.
 */
const [A, B, C] = [K.K1, K.K2, K.K3];
const key = (hex: string) => ({ address: hex as never, weight: 1n });
const perm = (type: Permission['type'], id: number, name: string, threshold: bigint, keys: string[]): Permission => ({
  type,
  id,
  name,
  threshold,
  parentId: 0,
  ...(type === 'Active' ? { operations: encodeOperations(['TransferContract']) } : {}),
  keys: keys.map(key),
});
const treasury: AccountPermissions = {
  address: A.hex as never,
  owner: perm('Owner', 0, 'owner', 1n, [A.hex]),
  actives: [perm('Active', 2, 'payments', 2n, [A.hex, B.hex, C.hex])],
};
const state = { account: {}, resource: null, permissions: treasury } as unknown as OwnerState;
const proposer = { addressHex: A.hex, address: A.base58, canSign: true } as unknown as VaultAccount;

describe('the signer a person picks', () => {
  let dir: string;
  let picks: SignerPicks;
  beforeEach(async () => {
    dir = await tempDir();
    picks = await SignerPicks.open(join(dir, SIGNER_PICKS_FILE));
  });
  afterEach(async () => {
    await picks.store.close();
    await removeDir(dir);
  });

  const builder = () =>
    new TransactionBuilder({
      chain: { requireClient: () => ({}) as never, stores: () => ({ signerPicks: picks }) as never } as never,
      reads: { owner: async () => state } as unknown as ChainReads,
      signingAccounts: () => [proposer],
      now: () => 1_700_000_000_000,
    });

  it('signs a payment with the 2-of-3 group by default, not with the owner key alone', async () => {
    const view = await builder().permissions({ owner: A.base58, kind: 'trx-transfer' });
    expect(view.permissionId).toBe(2);
    expect(view.picked).toBe(false);
    expect(view.candidates.find((c) => c.id === 0)?.bypasses).toBe(
      'Signing with the owner key alone bypasses the 2-of-3 "payments" group.',
    );
  });

  it('remembers the owner key once chosen, across a reopen, until the person goes back to automatic', async () => {
    const chosen = await builder().pickSigner({ owner: A.base58, kind: 'trx-transfer', permissionId: 0 });
    expect(chosen).toMatchObject({ permissionId: 0, picked: true });
    expect(chosen.candidates.filter((c) => c.chosen).map((c) => c.id)).toEqual([0]);
    expect(chosen.explanation).toContain('bypasses the 2-of-3 "payments" group');

    await picks.store.close();
    picks = await SignerPicks.open(join(dir, SIGNER_PICKS_FILE));
    const again = await builder().permissions({ owner: A.base58, kind: 'trx-transfer' });
    expect(again).toMatchObject({ permissionId: 0, picked: true });
    // The choice belongs to payments of this account; another kind still follows the rule.
    expect(picks.pickOf(A.base58, 'TransferContract')).toBe(0);
    expect(picks.pickOf(A.base58, 'TransferAssetContract')).toBeUndefined();

    const automatic = await builder().pickSigner({ owner: A.base58, kind: 'trx-transfer', permissionId: null });
    expect(automatic).toMatchObject({ permissionId: 2, picked: false });
    expect(picks.list()).toEqual([]);
  });

  it('refuses to remember a permission the account does not have', async () => {
    await expectWalletError(
      () => builder().pickSigner({ owner: A.base58, kind: 'trx-transfer', permissionId: 7 }),
      'PermissionError',
      'TX_BAD_PERMISSION_CHOICE',
    );
    expect(picks.list()).toEqual([]);
  });
});
