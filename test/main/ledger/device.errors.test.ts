import { describe, expect, it } from 'vitest';
import { LedgerErrorCode, serializeError, deserializeError, LedgerError } from '@core/errors';
import { LedgerDevice } from '@main/ledger/device';
import { TronAppSetting } from '@main/ledger/status-words';
import { SoftwareLedger } from '../../fixtures/ledger/software-device';
import {
  contractDeployment,
  ledgerRejection,
  MNEMONIC,
  PATH,
  permissionUpdate,
  rawBytes,
  softwareDevice,
  transferWithMemo,
  trc20Transfer,
} from './helpers';

// Every failure is a LedgerError with a stable code, and no signature comes back with it:
// `ledgerRejection` also requires that the promise resolved to nothing.

describe('LedgerDevice errors', () => {
  it('reports a transaction declined on the screen', async () => {
    const { ledger, device } = softwareDevice({ answer: 'decline', settings: { transactionsData: true } });
    const error = await ledgerRejection(
      device.signTransaction(PATH, rawBytes(transferWithMemo(ledger.addressAt(PATH).base58))),
      LedgerErrorCode.DECLINED,
    );
    expect(error.message).toBe('The transaction was declined on the Ledger. Nothing was signed.');
    expect(error.details).toMatchObject({ statusWord: '0x6985', operation: 'transaction' });
  });

  it('reports a declined message, hash and address display in their own words', async () => {
    const { device } = softwareDevice({ answer: 'decline', settings: { signByHash: true } });
    expect((await ledgerRejection(device.signPersonalMessage(PATH, 'hi'), LedgerErrorCode.DECLINED)).message).toMatch(
      /^The message was declined/,
    );
    expect(
      (await ledgerRejection(device.signTransactionHash(PATH, '11'.repeat(32)), LedgerErrorCode.DECLINED)).message,
    ).toMatch(/^The transaction hash was declined/);
    expect((await ledgerRejection(device.getAddress(PATH, { display: true }), LedgerErrorCode.DECLINED)).message).toBe(
      'The address was rejected on the Ledger.',
    );
  });

  it('reports a locked device', async () => {
    const { device } = softwareDevice({ locked: true });
    const error = await ledgerRejection(device.getAddress(PATH), LedgerErrorCode.LOCKED);
    expect(error.message).toMatch(/Unlock it with your PIN/);
    expect(error.details?.statusWord).toBe('0x5515');
  });

  it('reports a device locked between reading the address and signing, with nothing signed', async () => {
    const { ledger, device } = softwareDevice({ settings: { transactionsData: true } });
    const tx = transferWithMemo(ledger.addressAt(PATH).base58);
    await device.getAddress(PATH);
    ledger.setBehaviour({ locked: true });
    const error = await ledgerRejection(device.signTransaction(PATH, rawBytes(tx)), LedgerErrorCode.LOCKED);
    expect(error.message).toMatch(/Nothing was signed\.$/);
  });

  it('reports the dashboard or another app in front as the wrong app', async () => {
    for (const app of ['dashboard', 'other'] as const) {
      const { device } = softwareDevice({ app });
      const error = await ledgerRejection(device.getAppConfiguration(), LedgerErrorCode.WRONG_APP);
      expect(error.message).toMatch(/Open the Tron app/);
      expect(error.details?.statusWord).toBe(app === 'dashboard' ? '0x6e01' : '0x6e00');
    }
  });

  it('reports a device unplugged in the middle of a multi-APDU signature, with nothing signed', async () => {
    // APDU 1 reads the address, APDU 2 carries the first chunk, then the cable goes.
    const { ledger, device } = softwareDevice({ unplugAfterApdus: 2, settings: { transactionsData: true } });
    const tx = trc20Transfer(ledger.addressAt(PATH).base58, { memo: 'y'.repeat(230) });
    const error = await ledgerRejection(device.signTransaction(PATH, rawBytes(tx)), LedgerErrorCode.DISCONNECTED);
    expect(error.message).toBe(
      'The Ledger was disconnected while signing. Reconnect it, unlock it, open the Tron app and try again. Nothing was signed.',
    );
    expect(ledger.exchanges).toHaveLength(2);
    expect(ledger.screens).toEqual([]);
  });

  it('names "Transactions data" when a memo is refused', async () => {
    const { ledger, device } = softwareDevice();
    const error = await ledgerRejection(
      device.signTransaction(PATH, rawBytes(transferWithMemo(ledger.addressAt(PATH).base58))),
      LedgerErrorCode.SETTING_REQUIRED,
    );
    expect(error.details).toMatchObject({ setting: TronAppSetting.transactionsData, statusWord: '0x6a8b' });
    expect(error.message).toContain('Enable "Transactions data" in the Tron app\'s settings');
  });

  it('names "Sign by Hash" for blind signing and for a permission update', async () => {
    const { device } = softwareDevice();
    const error = await ledgerRejection(
      device.signTransactionHash(PATH, '22'.repeat(32)),
      LedgerErrorCode.SETTING_REQUIRED,
    );
    expect(error.details).toMatchObject({ setting: TronAppSetting.signByHash, statusWord: '0x6a8c' });
    expect(error.message).toMatch(/^Signing a transaction by its hash alone \(blind signing\) is off/);
    const { ledger, device: other } = softwareDevice();
    const update = permissionUpdate(ledger.addressAt(PATH).base58);
    const forUpdate = await ledgerRejection(
      other.signTransaction(PATH, rawBytes(update)),
      LedgerErrorCode.SETTING_REQUIRED,
    );
    expect(forUpdate.details?.setting).toBe(TronAppSetting.signByHash);
    expect(forUpdate.message).toMatch(/^The Tron app can only show this kind of transaction as a hash/);
  });

  it('reports a contract type the Tron app does not sign', async () => {
    const { ledger, device } = softwareDevice({
      settings: { transactionsData: true, customContracts: true, signByHash: true },
    });
    const deploy = contractDeployment(ledger.addressAt(PATH).base58);
    const error = await ledgerRejection(
      device.signTransaction(PATH, rawBytes(deploy)),
      LedgerErrorCode.TRANSACTION_REJECTED,
    );
    expect(error.details?.statusWord).toBe('0x6a80');
  });

  it('names "Custom contracts" for a call the app does not know', async () => {
    const { ledger, device } = softwareDevice();
    const tx = trc20Transfer(ledger.addressAt(PATH).base58, { contract: ledger.addressAt("44'/195'/0'/0/9").base58 });
    const error = await ledgerRejection(device.signTransaction(PATH, rawBytes(tx)), LedgerErrorCode.SETTING_REQUIRED);
    expect(error.details?.setting).toBe(TronAppSetting.customContracts);
  });

  it('refuses, before sending anything, a transaction with a field too large for one APDU', async () => {
    const { ledger, device } = softwareDevice({ settings: { transactionsData: true } });
    const tx = transferWithMemo(ledger.addressAt(PATH).base58, 'z'.repeat(300));
    const error = await ledgerRejection(
      device.signTransaction(PATH, rawBytes(tx)),
      LedgerErrorCode.TRANSACTION_TOO_LARGE,
    );
    expect(error.details).toEqual({ field: 'data (memo)', bytes: 303, limit: 250 });
    expect(ledger.exchanges).toEqual([]);
  });

  it('refuses a signature that another key made, even though the device sent it', async () => {
    const honest = new SoftwareLedger({ mnemonic: MNEMONIC });
    const other = new SoftwareLedger({
      mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      behaviour: { settings: { transactionsData: true } },
    });
    // Addresses come from one device, signatures from another.
    const answerAddress = honest.exchange.bind(honest);
    honest.exchange = (apdu: Buffer) => (apdu[1] === 0x02 ? answerAddress(apdu) : other.exchange(apdu));
    const device = new LedgerDevice(honest);
    const tx = transferWithMemo(honest.addressAt(PATH).base58);
    const error = await ledgerRejection(device.signTransaction(PATH, rawBytes(tx)), LedgerErrorCode.SIGNATURE_MISMATCH);
    expect(error.details).toEqual({ expected: honest.addressAt(PATH).base58, recovered: other.addressAt(PATH).base58 });
  });

  it('refuses an address answer that does not belong to the public key sent with it', async () => {
    const ledger = new SoftwareLedger({ mnemonic: MNEMONIC });
    const original = ledger.exchange.bind(ledger);
    const wrong = Buffer.from(ledger.addressAt("44'/195'/0'/0/5").base58, 'ascii');
    ledger.exchange = async (apdu: Buffer) => {
      const answer = await original(apdu);
      wrong.copy(answer, 67);
      return answer;
    };
    const error = await ledgerRejection(new LedgerDevice(ledger).getAddress(PATH), LedgerErrorCode.BAD_RESPONSE);
    expect(error.details).toEqual({ reported: wrong.toString('ascii'), derived: ledger.addressAt(PATH).base58 });
  });

  it('keeps an unknown status word in hex', async () => {
    const ledger = new SoftwareLedger({ mnemonic: MNEMONIC });
    ledger.exchange = async () => Buffer.from('6a8e', 'hex');
    const error = await ledgerRejection(new LedgerDevice(ledger).getAppConfiguration(), LedgerErrorCode.UNKNOWN_STATUS);
    expect(error.details?.statusWord).toBe('0x6a8e');
    expect(error.message).toContain('0x6a8e (SWAP_CHECKING_FAIL)');
  });

  it('crosses a JSON boundary as the same class and code', async () => {
    const { device } = softwareDevice({ locked: true });
    const error = await ledgerRejection(device.getAddress(PATH), LedgerErrorCode.LOCKED);
    const back = deserializeError(JSON.parse(JSON.stringify(serializeError(error))));
    expect(back).toBeInstanceOf(LedgerError);
    expect(back.code).toBe(LedgerErrorCode.LOCKED);
  });
});
