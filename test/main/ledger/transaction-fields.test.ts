import { describe, expect, it } from 'vitest';
import { LedgerError, LedgerErrorCode } from '@core/errors';
import { hexToBytes } from '@core/bytes/hex';
import { checkRawDataForDevice, rawDataFields, TRANSACTION_CHUNK_BYTES } from '@main/ledger/transaction-fields';
import { expectWalletError } from '../../fixtures/expect-error';
import { recorded } from '../../fixtures/ledger/recorded-exchanges';
import { RECIPIENT, rawBytes, transferWithMemo, trc20Transfer } from './helpers';

describe('transaction fields for the device', () => {
  it('splits the recorded raw data into its top-level fields', () => {
    const fields = rawDataFields(hexToBytes(recorded.signTransaction.rawData));
    expect(fields.map((f) => f.fieldNumber)).toEqual([1, 4, 8, 10, 11, 14]);
    expect(fields.reduce((sum, f) => sum + f.length, 0)).toBe(recorded.signTransaction.rawData.length / 2);
    expect(fields.find((f) => f.fieldNumber === 10)!.length).toBe(2 + 44);
  });

  it('accepts a transaction whose largest field fits one APDU and returns its decoded raw data', () => {
    const tx = trc20Transfer(RECIPIENT, { memo: 'm'.repeat(TRANSACTION_CHUNK_BYTES - 3) });
    expect(checkRawDataForDevice(rawBytes(tx)).data).toBe(tx.raw_data.data);
  });

  it('refuses a field one byte over the limit, naming it', () => {
    const error = expectWalletError<LedgerError>(
      () => checkRawDataForDevice(rawBytes(transferWithMemo(RECIPIENT, 'm'.repeat(TRANSACTION_CHUNK_BYTES - 2)))),
      LedgerError,
      LedgerErrorCode.TRANSACTION_TOO_LARGE,
    );
    expect(error.details).toEqual({ field: 'data (memo)', bytes: 251, limit: 250 });
  });

  it('refuses bytes that are not one TRON transaction', () => {
    for (const bad of ['', 'ffffff', '0a05aa', '0d00000000', '0a023dce']) {
      expectWalletError(() => checkRawDataForDevice(hexToBytes(bad)), LedgerError, LedgerErrorCode.INVALID_REQUEST);
    }
  });
});
