import { describe, expect, it } from 'vitest';
import { LedgerError, LedgerErrorCode } from '@core/errors';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { toBase58Address } from '@core/address/address';
import { addressFromPrivateKey, privateKeyFromHex, signDigest } from '@core/keys/keys';
import { verifiedDeviceSignature } from '@main/ledger/signature-check';
import { expectWalletError } from '../../fixtures/expect-error';

const key = privateKeyFromHex('11'.repeat(32));
const otherKey = privateKeyFromHex('22'.repeat(32));
const hex = addressFromPrivateKey(key);
const signer = { hex, base58: toBase58Address(hex) };
const digest = hexToBytes('ab'.repeat(32));

describe('device signature check', () => {
  it('accepts the signer’s r‖s‖v with v 0/1 and returns it with v 27/28', () => {
    const deviceForm = signDigest(digest, key, 0);
    const checked = verifiedDeviceSignature(digest, bytesToHex(deviceForm), signer);
    expect(checked.subarray(0, 64)).toEqual(deviceForm.subarray(0, 64));
    expect(checked[64]).toBe(deviceForm[64]! + 27);
    expect(bytesToHex(verifiedDeviceSignature(digest, bytesToHex(signDigest(digest, key)), signer))).toBe(
      bytesToHex(checked),
    );
  });

  it('refuses a signature by another key, naming both addresses', () => {
    const error = expectWalletError<LedgerError>(
      () => verifiedDeviceSignature(digest, bytesToHex(signDigest(digest, otherKey, 0)), signer),
      LedgerError,
      LedgerErrorCode.SIGNATURE_MISMATCH,
    );
    expect(error.details).toEqual({
      expected: signer.base58,
      recovered: toBase58Address(addressFromPrivateKey(otherKey)),
    });
  });

  it('refuses a signature over another digest', () => {
    expectWalletError(
      () => verifiedDeviceSignature(hexToBytes('cd'.repeat(32)), bytesToHex(signDigest(digest, key, 0)), signer),
      LedgerError,
      LedgerErrorCode.SIGNATURE_MISMATCH,
    );
  });

  it('refuses answers that are not a 65-byte recoverable signature', () => {
    const good = bytesToHex(signDigest(digest, key, 0));
    for (const bad of ['', 'zz', good.slice(0, 128), good + '00', good.slice(0, 128) + '07', '00'.repeat(65)]) {
      expectWalletError(() => verifiedDeviceSignature(digest, bad, signer), LedgerError, LedgerErrorCode.BAD_RESPONSE);
    }
  });
});
