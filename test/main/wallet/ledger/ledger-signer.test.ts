import { describe, expect, it } from 'vitest';
import { LedgerErrorCode } from '../../../../src-core/errors';
import { recoverSigners } from '../../../../src-core/tx/sign';
import { toHexAddress } from '../../../../src-core/address/address';
import { LedgerSigner } from '../../../../src-main/wallet/ledger/ledger-signer';
import { ledgerRejection, transferWithMemo, trc20Transfer } from '../../ledger/helpers';
import { ledgerAccount, softwareTransports } from './software-transports';

const LIVE_1 = "44'/195'/1'/0/0";

describe('LedgerSigner', () => {
  it('signs the full raw transaction on the device, with its Permission_id and memo shown', async () => {
    const { ledger, transports } = softwareTransports({ settings: { transactionsData: true } });
    const account = ledgerAccount(ledger, LIVE_1);
    const tx = transferWithMemo(account.address);
    const signed = await new LedgerSigner(transports).sign(tx, account);
    expect(recoverSigners(signed)).toEqual([toHexAddress(account.address)]);
    expect(signed.raw_data_hex).toBe(tx.raw_data_hex);
    expect(ledger.screens.at(-1)).toMatchObject({
      kind: 'transaction',
      path: LIVE_1,
      contractType: 'TransferContract',
      permissionId: 2,
      memo: true,
    });
  });

  it('signs a TRC-20 transfer the app knows as a token action', async () => {
    const { ledger, transports } = softwareTransports();
    const account = ledgerAccount(ledger, LIVE_1);
    const signed = await new LedgerSigner(transports).sign(trc20Transfer(account.address), account);
    expect(recoverSigners(signed)).toEqual([toHexAddress(account.address)]);
    expect(ledger.screens.at(-1)).toMatchObject({ kind: 'transaction', call: { kind: 'trc20-transfer' } });
  });

  it('refuses a device whose address at the path is not the account (another Ledger or seed)', async () => {
    const { ledger, transports } = softwareTransports();
    const account = {
      ...ledgerAccount(ledger, LIVE_1),
      ledger: { path: "44'/195'/2'/0/0", scheme: 'ledger-live' as const },
    };
    const error = await ledgerRejection(
      new LedgerSigner(transports).sign(transferWithMemo(account.address), account),
      LedgerErrorCode.WRONG_DEVICE,
    );
    expect(error.message).toContain('This Ledger is not the one that holds Desk Ledger');
    expect(error.message).toContain('Nothing was signed.');
    expect(ledger.screens).toHaveLength(0);
  });

  it('refuses an account that is not a Ledger account without opening the device', async () => {
    const { ledger, transports, opened } = softwareTransports();
    const account = { ...ledgerAccount(ledger, LIVE_1), custody: 'vault' as const };
    await ledgerRejection(
      new LedgerSigner(transports).sign(transferWithMemo(account.address), account),
      LedgerErrorCode.INVALID_REQUEST,
    );
    expect(opened()).toBe(0);
  });

  const failures = [
    {
      name: 'a locked device',
      behaviour: { locked: true },
      code: LedgerErrorCode.LOCKED,
      message: /^The Ledger is locked\. Unlock it with your PIN, open the Tron app and try again\./,
    },
    {
      name: 'the dashboard instead of the Tron app',
      behaviour: { app: 'dashboard' as const },
      code: LedgerErrorCode.WRONG_APP,
      message: /^The Tron app is not open on the Ledger/,
    },
    {
      name: 'the cable pulled mid-sign',
      // Two APDUs answered: the address read, then the first chunk of the transaction.
      behaviour: { unplugAfterApdus: 1, settings: { transactionsData: true } },
      code: LedgerErrorCode.DISCONNECTED,
      message:
        /^The Ledger was disconnected while signing. Reconnect it, unlock it, open the Tron app and try again. Nothing was signed.$/,
    },
    {
      name: 'a decline on the screen',
      behaviour: { answer: 'decline' as const, settings: { transactionsData: true } },
      code: LedgerErrorCode.DECLINED,
      message: /^The transaction was declined on the Ledger\. Nothing was signed\.$/,
    },
    {
      name: 'a memo with "Transactions data" off',
      behaviour: {},
      code: LedgerErrorCode.SETTING_REQUIRED,
      message: /Enable "Transactions data" in the Tron app's settings/,
    },
  ];
  for (const failure of failures) {
    it(`gives ${failure.name} its own code and sentence, and leaves the transaction unsigned`, async () => {
      const { ledger, transports } = softwareTransports(failure.behaviour);
      const account = ledgerAccount(ledger, LIVE_1);
      const tx = transferWithMemo(account.address);
      const before = JSON.stringify(tx);
      const error = await ledgerRejection(new LedgerSigner(transports).sign(tx, account), failure.code);
      expect(error.message).toMatch(failure.message);
      expect(JSON.stringify(tx)).toBe(before);
    });
  }
});
