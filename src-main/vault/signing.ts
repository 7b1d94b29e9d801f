import { z } from 'zod';
import type { HexAddress } from '../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../src-core/bytes/hex';
import type { RecoverSigner } from '../../src-core/envelope/signer-memo';
import { VaultError, WalletError } from '../../src-core/errors';
import { addressFromPrivateKey, recoverAddress, signDigest } from '../../src-core/keys/keys';
import { verifyTransactionIntegrity } from '../../src-core/tx/codec';
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

/**
 * Addresses that already signed, recovered from `txID` and each signature; `recover` may be one
 * that remembers what an earlier step recovered (src-core/envelope/signer-memo.ts).
 */
export function existingSigners(tx: TransactionJson, recover: RecoverSigner = recoverAddress): HexAddress[] {
  const digest = hexToBytes(tx.txID, 'txID');
  return (tx.signature ?? []).map((signature, position) => {
    try {
      return recover(digest, hexToBytes(signature, 'signature'));
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
 * Signs with the key of `address`: refuses, with vault codes, a key that does not belong to it
 * (checked once here, since deriving an address is a curve multiplication), then for each
 * transaction appends the signature over txID (r ‖ s ‖ v, v = 27/28, as src-core's signDigest
 * makes it) to a copy, refusing a transaction this key signed already. Each transaction must have
 * passed `checkedTransaction`, which is what proves its txID is the hash of what was shown.
 */
export function keySigner(
  privateKey: Uint8Array,
  address: HexAddress,
  recover: RecoverSigner = recoverAddress,
): (tx: TransactionJson) => TransactionJson {
  if (addressFromPrivateKey(privateKey) !== address) {
    throw new VaultError(
      'VAULT_KEY_MISMATCH',
      `The stored key does not belong to account address ${address}; the vault data is inconsistent.`,
      { address },
    );
  }
  return (tx) => {
    if (existingSigners(tx, recover).includes(address)) {
      throw new VaultError('VAULT_ALREADY_SIGNED', `Address ${address} has already signed this transaction.`, {
        address,
        txID: tx.txID,
      });
    }
    const signature = bytesToHex(signDigest(hexToBytes(tx.txID, 'txID'), privateKey));
    return { ...tx, signature: [...(tx.signature ?? []), signature] };
  };
}

/** One transaction signed by `keySigner`. */
export function appendSignature(tx: TransactionJson, privateKey: Uint8Array, address: HexAddress): TransactionJson {
  return keySigner(privateKey, address)(tx);
}
