import { describe, expect, it } from 'vitest';
import {
  controlSigningMessage,
  parseProofOfControl,
  permissionOfControl,
  readProofOfControl,
  serializeProofOfControl,
  verifyProofOfControl,
} from '@core/control';
import type { VaultAccount } from '@core/ipc/channels/vault';
import { verifyMessageV2 } from '@core/keys/message';
import { toBase58Address } from '@core/address/address';
import type { ConsentDraft } from '@main/wallet/consent/consent-gate';
import { ControlService } from '@main/wallet/control/control-service';
import { expectWalletError } from '../helpers';
import { ledgerAccount, softwareTransports } from '../ledger/software-transports';

const PATH = "44'/195'/0'/0/0";
const OTHER_PATH = "44'/195'/1'/0/0";

/** A proof whose owner permission is the software Ledger's key at PATH alone, threshold 1. */
function proofText(address: string): string {
  return serializeProofOfControl(
    readProofOfControl({
      format: 'tron-proof-of-control/1',
      account: address,
      challenge: 'Counterparty check 2026-12-05',
      block: { number: 77, id: '12'.repeat(32), timestamp: 1_764_000_000_000 },
      permission: { id: 0, type: 'Owner', name: 'owner', threshold: 1n, keys: [{ address, weight: 1n }] },
      balances: { trx: 0n, trc10: [], trc20: [] },
      signatures: [],
    }),
  );
}

function service(accounts: VaultAccount[], transports: ReturnType<typeof softwareTransports>['transports']) {
  const shown: ConsentDraft[] = [];
  const control = new ControlService({
    chain: {
      requireClient: () => {
        throw new Error('no node in this test');
      },
      stores: () => {
        throw new Error('no node in this test');
      },
    },
    vault: {
      listAccounts: () => accounts,
      signMessage: () => Promise.reject(new Error('a Ledger account must not reach the vault')),
      status: () => ({ signingPolicy: { passwordFor: 'every-signature' } }),
      consent: {
        approve: async (draft) => {
          shown.push(draft);
          return { approved: true };
        },
      },
    },
    ledgerTransports: transports,
  });
  return { control, shown };
}

describe('a proof of control signed on a Ledger', () => {
  it("shows the exact text on main's window, then the device signs it with TIP-191 and it verifies", async () => {
    const { ledger, transports } = softwareTransports();
    const account = ledgerAccount(ledger, PATH);
    const { control, shown } = service([account], transports);
    const view = control.load(proofText(account.address));
    expect(view.keys[0]).toMatchObject({ accountId: account.id, signed: false });

    const signed = await control.sign({ id: view.id, accountId: account.id });
    expect(signed.keys[0]!.signed).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.rows.map((r) => r.value)).toContain(view.message);
    const proof = parseProofOfControl(control.text(view.id));
    expect(toBase58Address(verifyMessageV2(controlSigningMessage(proof), proof.signatures[0]!))).toBe(account.address);
    const facts = { blockId: proof.block.id, permission: permissionOfControl(proof.permission) };
    expect(verifyProofOfControl(proof, facts)).toMatchObject({ verified: true, weight: 1n });
  });

  it('refuses a Ledger that does not hold the account, adding nothing', async () => {
    const { ledger, transports } = softwareTransports();
    const account = { ...ledgerAccount(ledger, PATH), ledger: { path: OTHER_PATH, scheme: 'ledger-live' as const } };
    const { control } = service([account], transports);
    const view = control.load(proofText(account.address));
    await expectWalletError(control.sign({ id: view.id, accountId: account.id }), 'LedgerError', 'LEDGER_WRONG_DEVICE');
    expect(control.get({ id: view.id }).keys[0]!.signed).toBe(false);
  });
});
