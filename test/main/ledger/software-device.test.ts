import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { sha256 } from '@noble/hashes/sha2.js';
import { Trx as TronWebTrx } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { toBase58Address } from '@core/address/address';
import { addressFromPrivateKey, recoverAddress } from '@core/keys/keys';
import { trxAppClass } from '@main/ledger/trx-app';
import { deriveTronPrivateKeys, mnemonicEntropyFromPhrase } from '@main/vault/hd';
import { recorded } from '../../fixtures/ledger/recorded-exchanges';
import {
  SoftwareLedger,
  SoftwareLedgerStatus,
  type SoftwareLedgerOptions,
} from '../../fixtures/ledger/software-device';
import {
  contractDeployment,
  MNEMONIC,
  PATH,
  permissionUpdate,
  RECIPIENT,
  rawBytes,
  transferWithMemo,
  transferWithMemoScreen,
  trc20Transfer,
} from './helpers';

// The software device is checked against hw-app-trx itself (the client the app uses) and against
// the commands of Ledger's recordings. The recordings' seed is not published, so their answers can
// be matched in layout and status, not byte for byte, except the app configuration.

const Trx = trxAppClass();

function ledgerWith(behaviour: SoftwareLedgerOptions['behaviour'] = {}): SoftwareLedger {
  return new SoftwareLedger({ mnemonic: MNEMONIC, behaviour });
}

/** Sends one APDU and splits the answer into data and status word. */
async function send(ledger: SoftwareLedger, command: string): Promise<{ data: string; status: number }> {
  const answer = await ledger.exchange(Buffer.from(command, 'hex'));
  return { data: answer.subarray(0, -2).toString('hex'), status: answer.readUInt16BE(answer.length - 2) };
}

/** 44'/195'/0'/0/0 as the app reads it: five levels, big-endian, hardened bit set. */
const PATH_BYTES = '058000002c800000c3800000000000000000000000';

function apdu(ins: number, p1: number, p2: number, dataHex: string): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `e0${hex(ins)}${hex(p1)}${hex(p2)}${hex(dataHex.length / 2)}${dataHex}`;
}

const ALL_ON = { transactionsData: true, customContracts: true, truncateAddress: true, signByHash: true };

describe('SoftwareLedger through hw-app-trx', () => {
  it('gives the address the vault derives for the legacy path from the same mnemonic', async () => {
    const trx = new Trx(ledgerWith());
    const [key] = await deriveTronPrivateKeys(mnemonicEntropyFromPhrase(MNEMONIC), '', 3, 1);
    const answer = await trx.getAddress("44'/195'/0'/0/3");
    expect(answer.address).toBe(toBase58Address(addressFromPrivateKey(key!)));
    expect(answer.publicKey).toMatch(/^04[0-9a-f]{128}$/);
  });

  it('derives Ledger Live paths with a hardened account level and answers the BIP32 chain code on request', async () => {
    const trx = new Trx(ledgerWith());
    const node = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/195'/2'/0/0");
    const answer = await trx.getAddress("44'/195'/2'/0/0", false, true);
    expect(answer.chainCode).toBe(bytesToHex(node.chainCode!));
    expect(toBase58Address(addressFromPrivateKey(node.privateKey!))).toBe(answer.address);
  });

  it('reports its settings and version in the app configuration', async () => {
    const trx = new Trx(ledgerWith({ settings: { transactionsData: true, signByHash: true }, version: [0, 7, 1] }));
    expect(await trx.getAppConfiguration()).toEqual({
      version: '0.7.1',
      versionN: 701,
      allowData: true,
      allowContract: false,
      truncateAddress: false,
      signByHash: true,
    });
  });

  it('signs a transaction hw-app-trx splits over three APDUs, over sha256 of the raw data', async () => {
    const ledger = ledgerWith({ settings: { transactionsData: true } });
    const owner = ledger.addressAt(PATH).base58;
    const tx = trc20Transfer(owner, { memo: 'm'.repeat(230), permissionId: 3 });
    const signature = await new Trx(ledger).signTransaction(PATH, tx.raw_data_hex, []);
    const p1s = ledger.exchanges.map((e) => e.command.slice(4, 6));
    expect(p1s).toEqual(['00', '80', '90']);
    expect(toBase58Address(recoverAddress(sha256(rawBytes(tx)), hexToBytes(signature)))).toBe(owner);
    expect(ledger.screens.at(-1)).toMatchObject({
      kind: 'transaction',
      contractType: 'TriggerSmartContract',
      permissionId: 3,
      memo: true,
      call: { kind: 'trc20-transfer' },
    });
  });

  it('signs a personal message longer than one APDU as TronWeb signMessageV2 does', async () => {
    const ledger = ledgerWith();
    const message = 'Treasury approval '.repeat(30);
    const signature = await new Trx(ledger).signPersonalMessage(PATH, Buffer.from(message).toString('hex'));
    expect(ledger.exchanges.map((e) => e.command.slice(4, 6))).toEqual(['00', '80', '80']);
    expect(TronWebTrx.verifyMessageV2(message, signature)).toBe(ledger.addressAt(PATH).base58);
  });

  it('signs a txID by hash once "Sign by Hash" is on', async () => {
    const ledger = ledgerWith({ settings: { signByHash: true } });
    const txId = 'ab'.repeat(32);
    const signature = await new Trx(ledger).signTransactionHash(PATH, txId);
    expect(toBase58Address(recoverAddress(hexToBytes(txId), hexToBytes(signature)))).toBe(
      ledger.addressAt(PATH).base58,
    );
    expect(ledger.screens).toEqual([{ kind: 'hash', path: PATH, hash: txId, answer: 'approve' }]);
  });
});

describe('SoftwareLedger against the recorded commands', () => {
  it('answers the recorded configuration request byte for byte when set like the recorded device', async () => {
    const ledger = ledgerWith({ settings: ALL_ON, version: [0, 1, 5] });
    const answer = await send(ledger, recorded.getAppConfiguration.exchange.command);
    expect(answer.data + answer.status.toString(16)).toBe(recorded.getAppConfiguration.exchange.response);
  });

  it('answers the recorded address request in the recorded layout with its own key', async () => {
    const ledger = ledgerWith();
    const answer = await send(ledger, recorded.getAddress.exchange.command);
    const recordedData = recorded.getAddress.exchange.response.slice(0, -4);
    expect(answer.status).toBe(0x9000);
    expect(answer.data.length).toBe(recordedData.length);
    expect(answer.data.slice(0, 2)).toBe(recordedData.slice(0, 2));
    expect(answer.data.slice(132, 134)).toBe(recordedData.slice(132, 134));
    expect(Buffer.from(answer.data.slice(134), 'hex').toString('ascii')).toBe(ledger.addressAt(PATH).base58);
  });

  it('signs the recorded transaction command once "Transactions data" is on, and refuses it with 0x6a8b before', async () => {
    const command = recorded.signTransaction.exchange.command;
    expect(await send(ledgerWith(), command)).toEqual({
      data: '',
      status: SoftwareLedgerStatus.MISSING_SETTING_DATA_ALLOWED,
    });
    const ledger = ledgerWith({ settings: { transactionsData: true } });
    const answer = await send(ledger, command);
    expect(answer.status).toBe(0x9000);
    expect(answer.data.length).toBe(recorded.signTransaction.exchange.response.length - 4);
    const digest = sha256(hexToBytes(recorded.signTransaction.rawData));
    expect(toBase58Address(recoverAddress(digest, hexToBytes(answer.data)))).toBe(ledger.addressAt(PATH).base58);
    expect(ledger.screens[0]).toMatchObject({
      kind: 'transaction',
      contractType: 'TransferContract',
      memo: true,
      permissionId: 0,
    });
  });

  it('signs the recorded personal message and hash commands in the recorded layout', async () => {
    const ledger = ledgerWith({ settings: { signByHash: true } });
    for (const exchange of [recorded.signPersonalMessage.exchange, recorded.signTransactionHash.exchange]) {
      const answer = await send(ledger, exchange.command);
      expect(answer.status).toBe(0x9000);
      expect(answer.data.length).toBe(exchange.response.length - 4);
      expect(['00', '01']).toContain(answer.data.slice(128));
    }
  });
});

describe('SoftwareLedger follows the Tron app rules', () => {
  const cases: [string, string, SoftwareLedgerOptions['behaviour'], number][] = [
    ['an unknown instruction', apdu(0x0c, 0, 0, ''), {}, SoftwareLedgerStatus.INS_NOT_SUPPORTED],
    ['a class byte other than 0xE0', 'b001000000', {}, SoftwareLedgerStatus.CLA_NOT_SUPPORTED],
    ['a length byte that disagrees with the data', 'e00200000a058000002c', {}, SoftwareLedgerStatus.WRONG_DATA_LENGTH],
    ['a path of zero levels', apdu(0x02, 0, 0, '00'), {}, SoftwareLedgerStatus.INCORRECT_BIP32_PATH],
    [
      'a path of eleven levels',
      apdu(0x02, 0, 0, '0b' + '00000000'.repeat(11)),
      {},
      SoftwareLedgerStatus.INCORRECT_BIP32_PATH,
    ],
    ['an address request with P1 2', apdu(0x02, 2, 0, PATH_BYTES), {}, SoftwareLedgerStatus.INCORRECT_P1_P2],
    [
      'a continuation chunk with no transaction started',
      apdu(0x04, 0x80, 0, '0a02'),
      {},
      SoftwareLedgerStatus.INCORRECT_P1_P2,
    ],
    [
      'a chunk that cuts a field in half',
      apdu(0x04, 0x10, 0, PATH_BYTES + '0a05aa'),
      {},
      SoftwareLedgerStatus.INCORRECT_DATA,
    ],
    [
      'sign by hash while "Sign by Hash" is off',
      recorded.signTransactionHash.exchange.command,
      {},
      SoftwareLedgerStatus.MISSING_SETTING_SIGN_BY_HASH,
    ],
    [
      'a sign-by-hash payload that is not 32 bytes',
      apdu(0x05, 0, 0, PATH_BYTES + '01'),
      { settings: { signByHash: true } },
      SoftwareLedgerStatus.INCORRECT_LENGTH,
    ],
    [
      'a message chunk longer than the announced length',
      apdu(0x08, 0, 0, PATH_BYTES + '00000001' + '0101'),
      {},
      SoftwareLedgerStatus.INCORRECT_LENGTH,
    ],
    [
      'any request while locked',
      recorded.getAddress.exchange.command,
      { locked: true },
      SoftwareLedgerStatus.LOCKED_DEVICE,
    ],
    [
      'any request from the dashboard',
      recorded.getAddress.exchange.command,
      { app: 'dashboard' },
      SoftwareLedgerStatus.NO_APP_OPEN,
    ],
    [
      'any request while another app is open',
      recorded.getAddress.exchange.command,
      { app: 'other' },
      SoftwareLedgerStatus.CLA_NOT_SUPPORTED,
    ],
    [
      'a declined address display',
      apdu(0x02, 1, 0, PATH_BYTES),
      { answer: 'decline' },
      SoftwareLedgerStatus.CONDITIONS_OF_USE_NOT_SATISFIED,
    ],
  ];

  for (const [what, command, behaviour, status] of cases) {
    it(`answers 0x${status.toString(16)} to ${what}`, async () => {
      expect(await send(ledgerWith(behaviour), command)).toEqual({ data: '', status });
    });
  }

  it('needs "Custom contracts" for a call that is not a known token transfer', async () => {
    const ledger = ledgerWith();
    const owner = ledger.addressAt(PATH).base58;
    const unknownToken = trc20Transfer(owner, { contract: RECIPIENT });
    await expect(new Trx(ledger).signTransaction(PATH, unknownToken.raw_data_hex, [])).rejects.toMatchObject({
      statusCode: SoftwareLedgerStatus.MISSING_SETTING_CUSTOM_CONTRACT,
    });
    ledger.setBehaviour({ settings: { customContracts: true } });
    await new Trx(ledger).signTransaction(PATH, unknownToken.raw_data_hex, []);
    expect(ledger.screens.at(-1)).toMatchObject({ call: { kind: 'custom', selector: 'a9059cbb' } });
  });

  it('shows a permission update only as a hash, behind "Sign by Hash", and refuses contract creation', async () => {
    const ledger = ledgerWith();
    const owner = ledger.addressAt(PATH).base58;
    const update = permissionUpdate(owner);
    await expect(new Trx(ledger).signTransaction(PATH, update.raw_data_hex, [])).rejects.toMatchObject({
      statusCode: SoftwareLedgerStatus.MISSING_SETTING_SIGN_BY_HASH,
    });
    const deploy = contractDeployment(owner);
    await expect(
      new Trx(ledgerWith({ settings: ALL_ON })).signTransaction(PATH, deploy.raw_data_hex, []),
    ).rejects.toMatchObject({ statusCode: SoftwareLedgerStatus.INCORRECT_DATA });
  });

  it('records the user answer and signs nothing when declined', async () => {
    const ledger = ledgerWith({ answer: 'decline', settings: { transactionsData: true } });
    const tx = transferWithMemo(ledger.addressAt(PATH).base58);
    await expect(new Trx(ledger).signTransaction(PATH, tx.raw_data_hex, [])).rejects.toMatchObject({
      statusCode: SoftwareLedgerStatus.CONDITIONS_OF_USE_NOT_SATISFIED,
    });
    expect(ledger.screens).toEqual([transferWithMemoScreen('decline')]);
    expect(ledger.exchanges.at(-1)!.response).toBe('6985');
  });

  it('stops answering once unplugged and tells listeners it disconnected', async () => {
    const ledger = ledgerWith({ unplugAfterApdus: 1 });
    let disconnected = 0;
    ledger.on('disconnect', () => (disconnected += 1));
    expect((await send(ledger, recorded.getAddress.exchange.command)).status).toBe(0x9000);
    await expect(send(ledger, recorded.getAddress.exchange.command)).rejects.toMatchObject({
      name: 'DisconnectedDeviceDuringOperation',
    });
    await expect(send(ledger, recorded.getAppConfiguration.exchange.command)).rejects.toMatchObject({
      name: 'DisconnectedDeviceDuringOperation',
    });
    expect(disconnected).toBe(1);
  });
});
