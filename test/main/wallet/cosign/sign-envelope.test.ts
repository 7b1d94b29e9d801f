import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import { fromPermissionSnapshot, withPolicyRecord, type EnvelopePolicyRecord } from '../../../../src-core/envelope';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import type { SigningVault } from '../../../../src-main/wallet/consent/consented-signing';
import { signEnvelope } from '../../../../src-main/wallet/cosign/sign-envelope';
import { K } from '../../../fixtures/permissions';
import { multisig, proposal, sign } from '../../../core/envelope/helpers';

const account: VaultAccount = {
  id: 'acc_0000000000000001',
  kind: 'privateKey',
  label: 'Treasury',
  address: toBase58Address(K.K1.hex),
  addressHex: K.K1.hex,
  canSign: true,
  createdAt: 0,
  custody: 'vault',
};

/** A vault that signs with K1 and reports the policy record main's check left for the transaction. */
function vault(record: EnvelopePolicyRecord | undefined): SigningVault {
  return {
    listAccounts: () => [account],
    sign: async (request) => ({
      ...request.transaction,
      signature: [...(request.transaction.signature ?? []), sign(multisig.txID, K.K1.private_key)],
    }),
    policyRecord: () => record,
  };
}

describe('signEnvelope and the treasury policy record', () => {
  const carried = { version: 4, outflows: [{ time: 1_700_000_000_000, asset: 'TRX', amount: '3000000' }] };

  it('writes the version this desk checked, keeping the outflows the envelope carried when it read none', async () => {
    const envelope = withPolicyRecord(proposal(), carried);
    const permission = fromPermissionSnapshot(envelope.permission!);
    const signed = await signEnvelope(vault({ version: 5 }), { envelope, permission, account, after: '' });
    expect(signed.transaction.signature).toHaveLength(1);
    expect(signed.policy).toEqual({ version: 5, outflows: carried.outflows });
    const own = { version: 6, outflows: [{ time: 1_700_000_500_000, asset: 'TRX', amount: '1' }] };
    expect((await signEnvelope(vault(own), { envelope, permission, account, after: '' })).policy).toEqual(own);
  });

  it('leaves the envelope’s record alone when no policy applied on this desk', async () => {
    const envelope = withPolicyRecord(proposal(), carried);
    const permission = fromPermissionSnapshot(envelope.permission!);
    const signed = await signEnvelope(vault(undefined), { envelope, permission, account, after: '' });
    expect(signed.policy).toEqual(carried);
  });
});
