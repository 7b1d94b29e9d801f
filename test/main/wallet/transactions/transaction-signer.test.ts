import { describe, expect, it } from 'vitest';
import { hexToBytes } from '@core/bytes/hex';
import type { VaultAccount } from '@core/ipc/channels/vault';
import type { Permission } from '@core/permission/model';
import { signTransaction } from '@core/tx/sign';
import type { ProposalInput } from '@main/wallet/chain-knowledge/proposals';
import type { Prepared } from '@main/wallet/transactions/prepared';
import type { SignRequest } from '@main/wallet/consent/consented-signing';
import { TransactionSigner } from '@main/wallet/transactions/transaction-signer';
import { K } from '../../../fixtures/permissions';
import { active, multisig, unsignedOf } from '../../../core/envelope/helpers';
import { expectWalletError } from '../helpers';

type Key = 'K1' | 'K2' | 'K3';
const account = (key: Key, canSign = true): VaultAccount => ({
  id: `acc_${key.toLowerCase().padEnd(16, '0')}`,
  kind: 'privateKey',
  label: key,
  address: K[key].base58,
  addressHex: K[key].hex,
  canSign,
  createdAt: 0,
});

/** A signer over a stand-in vault that signs with the vector keys and an inbox that records proposals. */
function signerWith(accounts: VaultAccount[], head: number | null = null) {
  const proposals: ProposalInput[] = [];
  const signedBy: string[] = [];
  const requests: SignRequest[] = [];
  const signer = new TransactionSigner({
    vault: {
      listAccounts: () => accounts,
      sign: async (request: SignRequest) => {
        requests.push(request);
        const { transaction, accountId } = request;
        const key = accounts.find((a) => a.id === accountId)!.label as Key;
        signedBy.push(key);
        return signTransaction(transaction, hexToBytes(K[key].private_key));
      },
    },
    proposals: {
      propose: async (input) => {
        proposals.push(input);
        return { id: 'env_00000000000000aa' };
      },
    },
    chain: { head: () => (head === null ? null : ({ number: 1, id: '00', timestamp: head } as never)) },
  });
  return { signer, proposals, signedBy, requests };
}

function prepared(permission: Permission): Prepared {
  const transaction = unsignedOf(multisig);
  return {
    txid: transaction.txID,
    kind: 'trx-transfer',
    owner: K.K1.hex,
    permission,
    transaction,
    state: 'created',
    envelopeId: null,
    headTime: Number(transaction.raw_data.timestamp),
    ownerState: { permissions: null },
    plan: { abi: undefined },
    cost: { burnedSun: 1_345_000n },
  } as unknown as Prepared;
}

describe('transaction signer', () => {
  it('signs alone with the vault key that reaches the threshold', async () => {
    const { signer, proposals, signedBy } = signerWith([account('K2')]);
    const p = prepared({ ...active, threshold: 1n });
    expect(await signer.sign(p)).toBe('signed');
    expect(signedBy).toEqual(['K2']);
    expect(p.transaction.signature).toHaveLength(1);
    expect(proposals).toEqual([]);
    expect(p.signing).toMatchObject({ needsCosigning: false, currentWeight: 1n });
  });

  it('hands main’s confirmation the cost worked out when the transaction was built', async () => {
    const { signer, requests } = signerWith([account('K2')]);
    const p = prepared({ ...active, threshold: 1n });
    await signer.sign(p);
    expect(requests.map((r) => r.cost)).toEqual([p.cost]);
  });

  it('below the threshold, signs first with its key and proposes the transaction to co-signers', async () => {
    const { signer, proposals, signedBy } = signerWith([account('K3'), account('K1', false)]);
    const p = prepared(active);
    expect(await signer.sign(p)).toBe('cosigning');
    expect(signedBy).toEqual(['K3']);
    expect(p.envelopeId).toBe('env_00000000000000aa');
    expect(proposals).toHaveLength(1);
    expect(proposals[0]!.transaction.signature).toHaveLength(1);
    expect(proposals[0]!.label).toBe(`TransferContract from ${K.K1.base58}`);
    expect(p.signing).toMatchObject({ needsCosigning: true, currentWeight: 1n, threshold: 2n });
  });

  it('names the permission it signs under, as the builder panel and main’s confirmation do', async () => {
    const cosigning = signerWith([account('K3')]);
    const p = prepared(active);
    await cosigning.signer.sign(p);
    expect(p.signing!.explanation).toBe(
      'Active permission "active0" (id 2): your key K3 weighs 1 of the 2 needed, so it signs first and a ' +
        'co-signing envelope is stored for the other key holders.',
    );
    const owner = { ...active, type: 'Owner' as const, id: 0, name: 'owner', operations: undefined, threshold: 1n };
    const plan = signerWith([account('K2')]).signer.plan(owner, unsignedOf(multisig));
    expect(plan.explanation).toBe(
      `The owner permission (id 0): K2 (${K.K2.base58}) has weight 1 of the 1 needed and signs alone.`,
    );
  });

  it('refuses to sign once the head is past the expiration', async () => {
    const p = prepared(active);
    const { signer, signedBy } = signerWith([account('K1')], Number(p.transaction.raw_data.expiration));
    await expectWalletError(signer.sign(p), 'TransactionError', 'TX_EXPIRED');
    expect(signedBy).toEqual([]);
  });

  it('signs in the given order and stops once the weight reaches the threshold', async () => {
    const { signer, signedBy } = signerWith([account('K1'), account('K2'), account('K3')]);
    const result = await signer.signInOrder(
      { transaction: unsignedOf(multisig), permission: active },
      ['K3', 'K1', 'K2'].map((k) => ({ accountId: account(k as Key).id, weight: 1n })),
    );
    expect(signedBy).toEqual(['K3', 'K1']);
    expect(result).toMatchObject({ weight: 2n, signed: 2 });
    expect(result.transaction.signature).toHaveLength(2);
  });

  it('proposes at the head time, never after the expiration', async () => {
    const transaction = unsignedOf(multisig);
    const expiration = Number(transaction.raw_data.expiration);
    const { signer, proposals } = signerWith([], expiration + 5_000);
    await signer.propose({ transaction, label: 'x', headTime: 1 });
    expect(proposals[0]!.createdAt).toBe(expiration);
  });
});
