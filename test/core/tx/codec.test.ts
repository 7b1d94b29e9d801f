import { describe, expect, it } from 'vitest';
import {
  computeTxId,
  decodeRawData,
  decodeTransaction,
  encodeRawData,
  encodeTransaction,
  transactionFromRawData,
  verifyTransactionIntegrity,
} from '../../../src-core/tx/codec';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { TransactionError, EncodingError } from '../../../src-core/errors';
import type { TransactionJson } from '../../../src-core/tx/types';
import { vectors } from '../../fixtures/vectors';

interface TxVector {
  name: string;
  raw_data: TransactionJson['raw_data'];
  raw_data_hex: string;
  txID: string;
  tronweb_transaction_json: TransactionJson;
}
const txVectors = vectors.transactions as TxVector[];

describe('transaction codec', () => {
  it.each(txVectors.map((v) => [v.name, v] as const))('encodes %s byte for byte as TronWeb', (_name, v) => {
    expect(bytesToHex(encodeRawData(v.raw_data))).toBe(v.raw_data_hex);
    expect(computeTxId(v.raw_data)).toBe(v.txID);
  });

  it.each(txVectors.map((v) => [v.name, v] as const))(
    'decodes %s back to JSON that re-encodes to the same bytes',
    (_name, v) => {
      const decoded = decodeRawData(hexToBytes(v.raw_data_hex));
      expect(bytesToHex(encodeRawData(decoded))).toBe(v.raw_data_hex);
    },
  );

  it('decodes a transfer to exactly the JSON TronWeb built', () => {
    const v = txVectors.find((t) => t.name === 'transfer_owner')!;
    expect(decodeRawData(hexToBytes(v.raw_data_hex))).toEqual(v.raw_data);
  });

  it('accepts TronWeb transaction JSON with mixed-case signatures and checks its integrity', () => {
    for (const v of txVectors) {
      expect(verifyTransactionIntegrity(v.tronweb_transaction_json)).toBe(v.txID);
      const bytes = encodeTransaction(v.tronweb_transaction_json);
      const back = decodeTransaction(bytes);
      expect(back.txID).toBe(v.txID);
      expect(back.signature).toEqual(v.tronweb_transaction_json.signature!.map((s) => s.toLowerCase()));
    }
  });

  it('refuses a transaction whose amount was changed in the JSON', () => {
    const v = txVectors.find((t) => t.name === 'transfer_owner')!;
    const tampered = structuredClone(v.tronweb_transaction_json);
    (tampered.raw_data.contract[0]!.parameter.value as { amount: number }).amount = 2_000_000;
    expect(() => verifyTransactionIntegrity(tampered)).toThrow(TransactionError);
    try {
      verifyTransactionIntegrity(tampered);
    } catch (error) {
      expect((error as TransactionError).code).toBe('TX_JSON_HEX_MISMATCH');
    }
  });

  it('refuses a txID that is not the hash of the transaction', () => {
    const v = txVectors.find((t) => t.name === 'transfer_owner')!;
    const wrong = { ...v.tronweb_transaction_json, txID: '00'.repeat(32) };
    expect(() => verifyTransactionIntegrity(wrong)).toThrow(/is not the hash/);
  });

  it('builds the complete unsigned transaction shape from raw_data', () => {
    const v = txVectors.find((t) => t.name === 'freeze_v2_energy')!;
    const tx = transactionFromRawData(v.raw_data);
    expect(tx).toEqual({ visible: false, txID: v.txID, raw_data: v.raw_data, raw_data_hex: v.raw_data_hex });
  });

  it('refuses unknown contract types and malformed values with typed errors', () => {
    const v = txVectors.find((t) => t.name === 'transfer_owner')!;
    const unknown = structuredClone(v.raw_data);
    unknown.contract[0]!.type = 'NoSuchContract';
    expect(() => encodeRawData(unknown)).toThrow(/not a TRON contract type/);
    const badHex = structuredClone(v.raw_data);
    (badHex.contract[0]!.parameter.value as { owner_address: string }).owner_address = '41zz';
    expect(() => encodeRawData(badHex)).toThrow(EncodingError);
    const odd = structuredClone(v.raw_data);
    odd.ref_block_bytes = 'abc';
    expect(() => encodeRawData(odd)).toThrow(/odd number of hex digits/);
  });

  it('pads odd hex and drops invalid contracts only in java-tron mode', () => {
    const v = txVectors.find((t) => t.name === 'transfer_owner')!;
    const odd = structuredClone(v.raw_data);
    odd.ref_block_bytes = 'a2b';
    expect(bytesToHex(encodeRawData(odd, { hexMode: 'java-tron' }))).toContain('0a020a2b');
    const unknown = structuredClone(v.raw_data);
    unknown.contract[0]!.type = 'NoSuchContract';
    expect(decodeRawData(encodeRawData(unknown, { dropInvalidContracts: true })).contract).toEqual([]);
  });
});
