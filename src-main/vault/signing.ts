import { z } from 'zod';
import type { HexAddress } from '../../src-core/brand';
import { hexToBytes } from '../../src-core/bytes/hex';
import { VaultError, WalletError } from '../../src-core/errors';
import { addressFromPrivateKey, recoverAddress } from '../../src-core/keys/keys';
import { verifyTransactionIntegrity } from '../../src-core/tx/codec';
import { signTransaction } from '../../src-core/tx/sign';
import type { TransactionJson } from '../../src-core/tx/types';
import { describeIssue } from './keystore';

/** Just enough structure to reach the checks; src-core/tx owns the full transaction schema. */
const transactionShape = z.looseObject({
  txID: z.string().regex(/^[0-9a-fA-F]{64}$/),
  raw_data_hex: z.string().regex(/^(?:[0-9a-fA-F]{2})+$/),
  raw_data: z.looseObject({
    contract: z
      .array(
        z.looseObject({
          type: z.string(),
          Permission_id: z
            .number()
            .int()
            .min(0)
            .max(2 ** 31 - 1)
            .optional(),
        }),
      )
      .length(1),
  }),
  signature: z.array(z.string()).optional(),
});

/**
 * Checks structure, then integrity: src-core re-encodes raw_data from the JSON and requires its
 * hash to equal both `txID` and sha256(raw_data_hex) (TransactionError otherwise), so what the
 * user was shown is exactly what gets signed, Permission_id included.
 */
export function checkedTransaction(input: unknown): TransactionJson {
  const parsed = transactionShape.safeParse(input);
  if (!parsed.success) {
    throw new VaultError(
      'VAULT_INVALID_TRANSACTION',
      `This is not a transaction the vault can sign (${describeIssue(parsed.error)}).`,
    );
  }
  const tx = input as TransactionJson;
  verifyTransactionIntegrity(tx);
  return tx;
}

/** Permission_id of the (single) contract; proto3 omits 0, the owner permission. */
export function transactionPermissionId(tx: TransactionJson): number {
  return tx.raw_data.contract[0]?.Permission_id ?? 0;
}

export function assertPermission(tx: TransactionJson, requested: number | undefined): void {
  if (requested === undefined) return;
  const actual = transactionPermissionId(tx);
  if (requested !== actual) {
    throw new VaultError(
      'VAULT_PERMISSION_MISMATCH',
      `You asked to sign for permission ${requested}, but the transaction was built for permission ` +
        `${actual}. Rebuild it with the right permission.`,
      { requested, actual },
    );
  }
}

/** Addresses that already signed, recovered from `txID` and each signature. */
export function existingSigners(tx: TransactionJson): HexAddress[] {
  const digest = hexToBytes(tx.txID, 'txID');
  return (tx.signature ?? []).map((signature, position) => {
    try {
      return recoverAddress(digest, hexToBytes(signature, 'signature'));
    } catch (cause) {
      const reason = cause instanceof WalletError ? cause.code : 'unreadable';
      throw new VaultError(
        'VAULT_BAD_EXISTING_SIGNATURE',
        `Signature ${position + 1} already on the transaction is not a valid signature of its txID ` +
          `(${reason}); refusing to add to it.`,
        { position },
      );
    }
  });
}

/**
 * Appends this key's signature over txID (r ‖ s ‖ v, v = 27/28) to a copy of `tx`, through
 * src-core's signTransaction. Refuses, with vault codes, a key that does not belong to `address`
 * and a second signature by the same key.
 */
export function appendSignature(tx: TransactionJson, privateKey: Uint8Array, address: HexAddress): TransactionJson {
  if (addressFromPrivateKey(privateKey) !== address) {
    throw new VaultError(
      'VAULT_KEY_MISMATCH',
      `The stored key does not belong to account address ${address}; the vault data is inconsistent.`,
      { address },
    );
  }
  if (existingSigners(tx).includes(address)) {
    throw new VaultError('VAULT_ALREADY_SIGNED', `Address ${address} has already signed this transaction.`, {
      address,
      txID: tx.txID,
    });
  }
  return signTransaction(tx, privateKey);
}
