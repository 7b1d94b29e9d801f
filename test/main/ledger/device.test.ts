import { Trx as TronWebTrx, utils as tronUtils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { LedgerErrorCode } from '@core/errors';
import { hexToBytes } from '@core/bytes/hex';
import { recoverAddress } from '@core/keys/keys';
import { verifyMessageV2 } from '@core/keys/message';
import { computeTxId, verifyTransactionIntegrity } from '@core/tx/codec';
import { addSignature, recoverSigners } from '@core/tx/sign';
import { buildTransaction, transferAssetContract } from '@core/tx/builders';
import type { TransactionJson } from '@core/tx/types';
import { ledgerLivePath, legacyPath } from '@main/ledger/paths';
import {
  header,
  ledgerRejection,
  PATH,
  rawBytes,
  RECIPIENT,
  softwareDevice,
  transferWithMemo,
  transferWithMemoScreen,
  trc20Transfer,
} from './helpers';

/** The transaction with the device's signature added the way the wallet adds co-signers' ones. */
function signed(tx: TransactionJson, signature: string): TransactionJson {
  return addSignature(tx, signature);
}

describe('LedgerDevice with a software Tron app', () => {
  it('returns the address in both forms with its public key, and shows it when asked', async () => {
    const { ledger, device } = softwareDevice();
    const expected = ledger.addressAt(legacyPath(4));
    const address = await device.getAddress(legacyPath(4), { display: true });
    expect(address).toEqual({
      path: "44'/195'/0'/0/4",
      base58: expected.base58,
      hex: expected.hex,
      publicKey: expected.publicKey,
    });
    expect(ledger.screens).toEqual([
      { kind: 'address', path: "44'/195'/0'/0/4", address: expected.base58, answer: 'approve' },
    ]);
  });

  it('tells the two path layouts apart: Ledger Live accounts differ from legacy indices', async () => {
    const { device } = softwareDevice();
    const live = await device.getAddress(ledgerLivePath(1));
    const legacy = await device.getAddress(legacyPath(1));
    expect(live.path).toBe("44'/195'/1'/0/0");
    expect(legacy.path).toBe("44'/195'/0'/0/1");
    expect(live.base58).not.toBe(legacy.base58);
    expect(legacy.base58).toBe(RECIPIENT);
  });

  it('signs a TransferContract with Permission_id 2 and a memo that src-core, the txID rules and TronWeb accept', async () => {
    const { ledger, device } = softwareDevice({ settings: { transactionsData: true } });
    const owner = ledger.addressAt(PATH);
    const tx = transferWithMemo(owner.base58, 'payroll June');
    const result = await device.signTransaction(PATH, rawBytes(tx));
    expect(result.txID).toBe(computeTxId(tx.raw_data));
    expect(result.signer.base58).toBe(owner.base58);
    const withSignature = signed(tx, result.signature);
    expect(verifyTransactionIntegrity(withSignature)).toBe(tx.txID);
    expect(recoverSigners(withSignature)).toEqual([owner.hex]);
    expect(TronWebTrx.ecRecover(withSignature as never)).toBe(owner.base58);
    expect(tronUtils.transaction.txCheck(withSignature)).toBe(true);
    expect(ledger.screens).toEqual([transferWithMemoScreen('approve')]);
  });

  it('signs a TRC-20 transfer (TriggerSmartContract on USDT) that the device shows as a token transfer', async () => {
    const { ledger, device } = softwareDevice();
    const owner = ledger.addressAt(PATH);
    const tx = trc20Transfer(owner.base58);
    const result = await device.signTransaction(PATH, rawBytes(tx));
    const withSignature = signed(tx, result.signature);
    expect(recoverAddress(hexToBytes(tx.txID), hexToBytes(result.signature))).toBe(owner.hex);
    expect(TronWebTrx.ecRecover(withSignature as never)).toBe(owner.base58);
    expect(tronUtils.transaction.txCheck(withSignature)).toBe(true);
    expect(ledger.screens.at(-1)).toMatchObject({
      contractType: 'TriggerSmartContract',
      memo: false,
      call: { kind: 'trc20-transfer', selector: 'a9059cbb' },
    });
  });

  it('sends a large transaction in several APDUs cut between fields and verifies the one signature', async () => {
    const { ledger, device } = softwareDevice({ settings: { transactionsData: true } });
    const owner = ledger.addressAt(PATH);
    const tx = trc20Transfer(owner.base58, { memo: 'x'.repeat(240), permissionId: 2 });
    const result = await device.signTransaction(PATH, rawBytes(tx));
    const signing = ledger.exchanges.filter((e) => e.command.startsWith('e004'));
    expect(signing.map((e) => e.command.slice(4, 6))).toEqual(['00', '80', '90']);
    expect(signing.every((e) => e.command.length / 2 - 5 <= 250)).toBe(true);
    expect(recoverSigners(signed(tx, result.signature))).toEqual([owner.hex]);
  });

  it('signs a txID by hash and a personal message, each recovering to the device address', async () => {
    const { ledger, device } = softwareDevice({ settings: { signByHash: true } });
    const owner = ledger.addressAt(PATH);
    const tx = transferWithMemo(owner.base58);
    const byHash = await device.signTransactionHash(PATH, tx.txID);
    expect(recoverSigners(signed(tx, byHash.signature))).toEqual([owner.hex]);
    const message = await device.signPersonalMessage(PATH, 'I control this address');
    expect(verifyMessageV2('I control this address', message.signature)).toBe(owner.hex);
    expect(TronWebTrx.verifyMessageV2('I control this address', message.signature)).toBe(owner.base58);
  });

  it('returns v as 27 or 28, as TronWeb and the vault do', async () => {
    const { device } = softwareDevice({ settings: { signByHash: true } });
    const vs = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const { signature } = await device.signTransactionHash(PATH, i.toString(16).padStart(64, '0'));
      vs.add(parseInt(signature.slice(128), 16));
    }
    expect([...vs].every((v) => v === 27 || v === 28)).toBe(true);
  });

  it('reads the Tron app settings by their names in the app', async () => {
    const { device } = softwareDevice({
      settings: { transactionsData: true, customContracts: true },
      version: [0, 7, 1],
    });
    expect(await device.getAppConfiguration()).toEqual({
      version: '0.7.1',
      versionNumber: 701,
      settings: { transactionsData: true, customContracts: true, truncateAddress: false, signByHash: false },
    });
  });

  it('runs requests made at the same time one after the other instead of failing as busy', async () => {
    const { ledger, device } = softwareDevice({ settings: { signByHash: true } });
    const [a, b, c] = await Promise.all([
      device.getAddress(PATH),
      device.signTransactionHash(PATH, 'aa'.repeat(32)),
      device.signPersonalMessage(PATH, 'hello'),
    ]);
    expect(b.signer).toEqual(a);
    expect(c.signer).toEqual(a);
    expect(ledger.exchanges.map((e) => e.command.slice(2, 4))).toEqual(['02', '05', '08']);
  });

  it('refuses bad requests before talking to the device', async () => {
    const { ledger, device } = softwareDevice();
    const tx = transferWithMemo(ledger.addressAt(PATH).base58);
    await ledgerRejection(device.getAddress("44'/195'/x'/0/0"), LedgerErrorCode.INVALID_REQUEST);
    await ledgerRejection(device.signTransactionHash(PATH, 'abcd'), LedgerErrorCode.INVALID_REQUEST);
    await ledgerRejection(
      device.signTransaction(PATH, new Uint8Array([0xff, 0xff, 0xff])),
      LedgerErrorCode.INVALID_REQUEST,
    );
    await ledgerRejection(
      device.signTransaction(PATH, rawBytes(tx), ['00', '01', '02']),
      LedgerErrorCode.INVALID_REQUEST,
    );
    await ledgerRejection(device.signTransaction(PATH, rawBytes(tx), ['zz']), LedgerErrorCode.INVALID_REQUEST);
    expect(ledger.exchanges).toEqual([]);
  });

  it('passes TRC10 token descriptors to the device after the transaction', async () => {
    const { ledger, device } = softwareDevice();
    const owner = ledger.addressAt(PATH).base58;
    const tx = buildTransaction(transferAssetContract({ owner, to: RECIPIENT, tokenId: '1002000', amount: 5n }), {
      header,
    });
    const descriptor = '0a0642547454657374100618b2e93c';
    await device.signTransaction(PATH, rawBytes(tx), [descriptor]);
    const signing = ledger.exchanges.filter((e) => e.command.startsWith('e004'));
    expect(signing.map((e) => e.command.slice(4, 6))).toEqual(['00', 'a8']);
    expect(signing[1]!.command.slice(10)).toBe(descriptor);
    expect(ledger.screens.at(-1)).toMatchObject({ contractType: 'TransferAssetContract', tokenDescriptors: 1 });
  });
});
