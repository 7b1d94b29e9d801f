import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import { fromPermissionSnapshot } from '../../../../src-core/envelope';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import { PolicyError } from '../../../../src-core/policy';
import type { ChainReads } from '../../../../src-main/wallet/chain-knowledge/chain-reads';
import {
  ConsentedSigning,
  type ConsentedSigningOptions,
  type PolicyCheck,
} from '../../../../src-main/wallet/consent/consented-signing';
import type { LedgerSigner } from '../../../../src-main/wallet/ledger/ledger-signer';
import { K } from '../../../fixtures/permissions';
import { proposal } from '../../../core/envelope/helpers';

const account = (custody: 'vault' | 'ledger'): VaultAccount => ({
  id: custody === 'vault' ? 'acc_0000000000000001' : 'acc_0000000000000002',
  kind: 'privateKey',
  label: custody,
  address: toBase58Address(K.K1.hex),
  addressHex: K.K1.hex,
  canSign: custody === 'vault',
  createdAt: 0,
  custody,
});

/** Signing where the treasury policy refuses: nothing reaches main's window, the vault or the device. */
describe('ConsentedSigning with a treasury policy check', () => {
  for (const custody of ['vault', 'ledger'] as const) {
    it(`asks the policy before main's window for a ${custody} key, and a breach stops it there`, async () => {
      const reached: string[] = [];
      const asked: Parameters<PolicyCheck['check']>[0][] = [];
      const policy: PolicyCheck = {
        check: async (request) => {
          asked.push(request);
          throw new PolicyError('POLICY_BREACH', 'Treasury policy version 1 blocks this signature: over the cap.');
        },
      };
      const signing = new ConsentedSigning({
        vault: {
          listAccounts: () => [account(custody)],
          signTransaction: async () => {
            reached.push('vault');
            throw new Error('unreachable');
          },
          approveTransaction: async () => {
            reached.push('window');
          },
        },
        ledger: {
          sign: async () => {
            reached.push('device');
            throw new Error('unreachable');
          },
        } as unknown as LedgerSigner,
        chain: {} as ConsentedSigningOptions['chain'],
        reads: {} as ChainReads,
        policy,
      });
      const envelope = proposal();
      const permission = fromPermissionSnapshot(envelope.permission!);
      await expect(
        signing.sign({ transaction: envelope.transaction, envelope, accountId: account(custody).id, permission }),
      ).rejects.toMatchObject({ name: 'PolicyError', code: 'POLICY_BREACH' });
      expect(reached).toEqual([]);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ signer: K.K1.hex, permission });
      expect(asked[0]!.envelope.transaction.txID).toBe(envelope.transaction.txID);
    });
  }
});
