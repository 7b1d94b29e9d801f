import { describe, expect, it } from 'vitest';
import { LedgerErrorCode } from '@core/errors';
import { hexToBytes } from '@core/bytes/hex';
import { toBase58Address, toHexAddress } from '@core/address/address';
import { recoverAddress } from '@core/keys/keys';
import { verifyMessageV2 } from '@core/keys/message';
import { txIdOfRawBytes } from '@core/tx/codec';
import { LedgerDevice } from '@main/ledger/device';
import {
  RECORDED_ADDRESS,
  RECORDED_PATH,
  RECORDED_PUBLIC_KEY,
  recorded,
} from '../../fixtures/ledger/recorded-exchanges';
import { replay } from '../../fixtures/ledger/replay';
import { ledgerRejection } from './helpers';

// Ledger's own recordings of a real device; the replay transport fails on any byte of difference
// in what LedgerDevice sends, so passing means our bytes are the recorded bytes.

/** The recorded answer with v moved from the device's 0/1 to 27/28. */
function withV27(response: string): string {
  const signature = response.slice(0, 130);
  const v = parseInt(signature.slice(128), 16);
  return signature.slice(0, 128) + (v + 27).toString(16);
}

describe('LedgerDevice against recorded Tron app exchanges', () => {
  it('reads the app configuration: version 0.1.5 with every setting on', async () => {
    const { transport, assertAllReplayed } = await replay([recorded.getAppConfiguration.exchange]);
    const configuration = await new LedgerDevice(transport).getAppConfiguration();
    expect(configuration).toEqual({
      version: '0.1.5',
      versionNumber: 105,
      settings: { transactionsData: true, customContracts: true, truncateAddress: true, signByHash: true },
    });
    assertAllReplayed();
  });

  it('reads the address and checks it against its own derivation from the public key', async () => {
    const { transport, assertAllReplayed } = await replay([recorded.getAddress.exchange]);
    const address = await new LedgerDevice(transport).getAddress(RECORDED_PATH);
    expect(address).toEqual({
      path: RECORDED_PATH,
      base58: RECORDED_ADDRESS,
      hex: toHexAddress(RECORDED_ADDRESS),
      publicKey: RECORDED_PUBLIC_KEY,
    });
    assertAllReplayed();
  });

  it('sets P1 to 0x01 when the address is to be shown on the device', async () => {
    const shown = {
      ...recorded.getAddress.exchange,
      command: recorded.getAddress.exchange.command.replace(/^e0020000/, 'e0020100'),
    };
    const { transport, assertAllReplayed } = await replay([shown]);
    const address = await new LedgerDevice(transport).getAddress(`m/44h/195h/0h/0/0`, { display: true });
    expect(address.base58).toBe(RECORDED_ADDRESS);
    assertAllReplayed();
  });

  it('signs the recorded transaction with the recorded bytes and verifies the signer', async () => {
    const { transport, assertAllReplayed } = await replay([
      recorded.getAddress.exchange,
      recorded.signTransaction.exchange,
    ]);
    const raw = hexToBytes(recorded.signTransaction.rawData);
    const result = await new LedgerDevice(transport).signTransaction(RECORDED_PATH, raw);
    expect(result.txID).toBe(txIdOfRawBytes(raw));
    expect(result.signature).toBe(withV27(recorded.signTransaction.exchange.response));
    expect(result.signer.base58).toBe(RECORDED_ADDRESS);
    expect(toBase58Address(recoverAddress(hexToBytes(result.txID), hexToBytes(result.signature)))).toBe(
      RECORDED_ADDRESS,
    );
    assertAllReplayed();
  });

  it('asks for the address once per path: a later signature reuses it', async () => {
    const { transport, assertAllReplayed } = await replay([
      recorded.getAddress.exchange,
      recorded.signTransaction.exchange,
    ]);
    const device = new LedgerDevice(transport);
    await device.getAddress(RECORDED_PATH);
    const result = await device.signTransaction(RECORDED_PATH, hexToBytes(recorded.signTransaction.rawData));
    expect(result.signer.base58).toBe(RECORDED_ADDRESS);
    assertAllReplayed();
  });

  it('signs the recorded personal message and the signature verifies as signMessageV2', async () => {
    const { transport, assertAllReplayed } = await replay([
      recorded.getAddress.exchange,
      recorded.signPersonalMessage.exchange,
    ]);
    const result = await new LedgerDevice(transport).signPersonalMessage(
      RECORDED_PATH,
      recorded.signPersonalMessage.message,
    );
    expect(result.signature).toBe(withV27(recorded.signPersonalMessage.exchange.response));
    expect(toBase58Address(verifyMessageV2(recorded.signPersonalMessage.message, result.signature))).toBe(
      RECORDED_ADDRESS,
    );
    assertAllReplayed();
  });

  it('sends the recorded sign-by-hash bytes and refuses the recorded answer, which another key made', async () => {
    const { transport, assertAllReplayed } = await replay([
      recorded.getAddress.exchange,
      recorded.signTransactionHash.exchange,
    ]);
    const error = await ledgerRejection(
      new LedgerDevice(transport).signTransactionHash(RECORDED_PATH, recorded.signTransactionHash.hash),
      LedgerErrorCode.SIGNATURE_MISMATCH,
    );
    expect(error.details).toEqual({ expected: RECORDED_ADDRESS, recovered: recorded.signTransactionHash.recoversTo });
    expect(error.message).toContain('discarded');
    assertAllReplayed();
  });

  it('fails when it would send a different byte than recorded (another path)', async () => {
    const { transport } = await replay([recorded.getAddress.exchange]);
    const error = await ledgerRejection(
      new LedgerDevice(transport).getAddress("44'/195'/0'/0/1"),
      LedgerErrorCode.TRANSPORT_FAILED,
    );
    expect(String(error.details?.reason)).toMatch(/e002000015058000002c800000c3800000000000000000000001/);
  });
});
