import { describe, expect, it } from 'vitest';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import type { Permission } from '../../../../src-core/permission/model';
import { ConsentedPolicy } from '../../../../src-main/wallet/consent/consented-policy';
import type { BlockedSignature } from '../../../../src-main/wallet/policy/policy-service';
import { K } from '../../../fixtures/permissions';

const TXID = 'ab'.repeat(32);

/** A 2-of-3 owner permission: K1 weight 1, K2 weight 1, K3 weight 2. */
const OWNER: Permission = {
  type: 'Owner',
  id: 0,
  name: 'owner',
  threshold: 2n,
  parentId: 0,
  keys: [
    { address: K.K1.hex as never, weight: 1n },
    { address: K.K2.hex as never, weight: 1n },
    { address: K.K3.hex as never, weight: 2n },
  ],
};

const blocked: BlockedSignature = {
  txid: TXID,
  genesisId: null,
  account: K.K1.base58,
  policyVersion: 3,
  breaches: [{ code: 'POLICY_DAILY_CAP', message: 'Above the daily cap.', details: {} }],
  owner: OWNER,
};

function setup() {
  const asked: unknown[] = [];
  const recorded: string[] = [];
  const accounts = (['K1', 'K3'] as const).map(
    (name) =>
      ({
        id: name,
        kind: 'imported',
        label: name,
        address: K[name].base58,
        addressHex: K[name].hex,
        canSign: true,
        createdAt: 1,
      }) as unknown as VaultAccount,
  );
  const policy = new ConsentedPolicy(
    {
      openFile: async () => null,
      planAdoption: async () => {
        throw new Error('not used');
      },
      adopt: async () => {
        throw new Error('not used');
      },
      blockedSignature: () => blocked,
      recordOverride: async (_b, by) => (recorded.push(by), { txid: TXID, by, at: 1 }),
    },
    { approve: async (request: unknown) => void asked.push(request) } as never,
    { listAccounts: () => accounts },
  );
  return { policy, asked, recorded };
}

describe("an owner's override of the treasury policy", () => {
  it('is refused, before main’s window opens, for an owner key whose weight is below the owner threshold', async () => {
    const { policy, asked, recorded } = setup();
    const error = await policy.override({ txid: TXID, accountId: 'K1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PolicyError', code: 'POLICY_OVERRIDE_BELOW_THRESHOLD' });
    expect((error as Error).message).toContain('carries weight 1');
    expect((error as Error).message).toContain('whose threshold is 2');
    expect(asked).toHaveLength(0);
    expect(recorded).toHaveLength(0);
  });

  it('asks main’s window and records the override for an owner key that meets the threshold alone', async () => {
    const { policy, asked, recorded } = setup();
    await expect(policy.override({ txid: TXID, accountId: 'K3' })).resolves.toMatchObject({ by: K.K3.base58 });
    expect(asked).toHaveLength(1);
    expect(recorded).toEqual([K.K3.base58]);
  });
});
