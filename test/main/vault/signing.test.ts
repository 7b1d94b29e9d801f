import { Trx, utils as tronUtils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { TransactionError, VaultError } from '../../../src-core/errors';
import { privateKeyFromHex, recoverAddress } from '../../../src-core/keys/keys';
import type { HexAddress } from '../../../src-core/brand';
import type { TransactionJson } from '../../../src-core/tx/types';
import {
  appendSignature,
  assertPermission,
  checkedTransaction,
  existingSigners,
  transactionPermissionId,
} from '../../../src-main/vault/signing';
import { caught } from './helpers';
import { unsignedTx, vectorKeys, vectorTx } from './tx-fixtures';

const K1 = vectorKeys.K1!;
const K2 = vectorKeys.K2!;
const K3 = vectorKeys.K3!;

describe('signing', () => {
  it('appends a signature that src-core and TronWeb both attribute to the signer', () => {
    const tx = checkedTransaction(unsignedTx('transfer_owner'));
    const signed = appendSignature(tx, privateKeyFromHex(K1.private_key), K1.hex as HexAddress);
    expect(signed.signature).toHaveLength(1);
    expect(recoverAddress(hexToBytes(signed.txID), hexToBytes(signed.signature![0]!))).toBe(K1.hex);
    expect(Trx.ecRecover(signed as never)).toBe(K1.base58);
    expect(tronUtils.crypto.ecRecover(signed.txID, signed.signature![0]!).toLowerCase()).toBe(K1.hex);
    expect(tx.signature).toBeUndefined();
  });

  it('produces the same signature bytes as TronWeb for the same key', () => {
    const vector = vectorTx('transfer_owner');
    const signed = appendSignature(
      checkedTransaction(unsignedTx('transfer_owner')),
      privateKeyFromHex(vector.signer_private_keys[0]!),
      vector.signer_addresses_hex[0] as HexAddress,
    );
    expect(signed.signature![0]).toBe(vector.signatures_as_tronweb_emits[0]!.toLowerCase());
  });

  it('adds a second signer to a multisig transaction and keeps the first signature', () => {
    const vector = vectorTx('transfer_multisig_pid2');
    const once = appendSignature(
      checkedTransaction(unsignedTx('transfer_multisig_pid2')),
      privateKeyFromHex(K2.private_key),
      K2.hex as HexAddress,
    );
    const twice = appendSignature(checkedTransaction(once), privateKeyFromHex(K3.private_key), K3.hex as HexAddress);
    expect(existingSigners(twice)).toEqual([K2.hex, K3.hex]);
    expect(Trx.ecRecover(twice as never)).toEqual([K2.base58, K3.base58]);
    expect(twice.signature!.map((s) => s.toLowerCase())).toEqual(
      vector.signatures_as_tronweb_emits.map((s) => s.toLowerCase()),
    );
  });

  it('refuses to sign twice with the same key, including TronWeb uppercase signatures', async () => {
    const tx = structuredClone(vectorTx('transfer_multisig_pid2').tronweb_transaction_json);
    const error = await caught(() =>
      appendSignature(checkedTransaction(tx), privateKeyFromHex(K2.private_key), K2.hex as HexAddress),
    );
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_ALREADY_SIGNED');
  });

  it('refuses a transaction carrying a signature that does not recover', async () => {
    const tx = { ...unsignedTx('transfer_owner'), signature: ['00'.repeat(65)] };
    const error = await caught(() =>
      appendSignature(checkedTransaction(tx), privateKeyFromHex(K1.private_key), K1.hex as HexAddress),
    );
    expect(error.code).toBe('VAULT_BAD_EXISTING_SIGNATURE');
  });

  it('refuses a key that does not belong to the account address', async () => {
    const error = await caught(() =>
      appendSignature(
        checkedTransaction(unsignedTx('transfer_owner')),
        privateKeyFromHex(K1.private_key),
        K2.hex as HexAddress,
      ),
    );
    expect(error.code).toBe('VAULT_KEY_MISMATCH');
  });

  it('reads Permission_id, 0 when absent, and refuses a mismatch', async () => {
    expect(transactionPermissionId(unsignedTx('transfer_owner'))).toBe(0);
    const pid2 = unsignedTx('transfer_multisig_pid2');
    expect(transactionPermissionId(pid2)).toBe(2);
    expect(() => assertPermission(pid2, 2)).not.toThrow();
    expect(() => assertPermission(pid2, undefined)).not.toThrow();
    const error = await caught(() => assertPermission(pid2, 0));
    expect(error.code).toBe('VAULT_PERMISSION_MISMATCH');
    expect(error.details).toEqual({ requested: 0, actual: 2 });
  });

  it.each([
    ['not an object', 'hello'],
    ['no txID', { raw_data_hex: '00', raw_data: { contract: [{ type: 'X' }] } }],
    [
      'two contracts',
      {
        ...unsignedTx('transfer_owner'),
        raw_data: { ...unsignedTx('transfer_owner').raw_data, contract: [{ type: 'A' }, { type: 'B' }] },
      },
    ],
    ['signatures that are not strings', { ...unsignedTx('transfer_owner'), signature: [1] }],
  ])('refuses %s with VAULT_INVALID_TRANSACTION', async (_what, input) => {
    const error = await caught(() => checkedTransaction(input));
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_INVALID_TRANSACTION');
  });

  it('accepts every vector transaction as TronWeb built it', () => {
    for (const name of [
      'transfer_owner',
      'transfer_owner_memo',
      'transfer_multisig_pid2',
      'trigger_trc20_transfer_multisig_pid2',
      'create_smart_contract',
    ]) {
      expect(checkedTransaction(unsignedTx(name)).txID).toBe(vectorTx(name).txID);
    }
  });

  it.each([
    [
      'a txID that is not the hash of the transaction',
      (tx: TransactionJson) => ({ ...tx, txID: '00'.repeat(32) }),
      'TX_ID_MISMATCH',
    ],
    [
      'raw_data_hex changed without txID',
      (tx: TransactionJson) => ({ ...tx, raw_data_hex: unsignedTx('transfer_owner_memo').raw_data_hex }),
      'TX_JSON_HEX_MISMATCH',
    ],
    [
      'an amount changed in the JSON only',
      (tx: TransactionJson) => {
        const edited = structuredClone(tx);
        edited.raw_data.contract[0]!.parameter.value.amount = 999_000_000;
        return edited;
      },
      'TX_JSON_HEX_MISMATCH',
    ],
    [
      'a Permission_id changed in the JSON only',
      (tx: TransactionJson) => {
        const edited = structuredClone(tx);
        edited.raw_data.contract[0]!.Permission_id = 2;
        return edited;
      },
      'TX_JSON_HEX_MISMATCH',
    ],
  ])('refuses %s with a TransactionError before signing', async (_what, tamper, code) => {
    const error = await caught(() => checkedTransaction(tamper(unsignedTx('transfer_owner'))));
    expect(error).toBeInstanceOf(TransactionError);
    expect(error.code).toBe(code);
  });
});
