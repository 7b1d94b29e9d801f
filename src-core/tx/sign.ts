import type { HexAddress } from '../brand';
import { TransactionError } from '../errors';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { addressFromPrivateKey, recoverAddress, signDigest } from '../keys/keys';
import { assertPermissionId } from './builders';
import { transactionFromRawData, verifyTransactionIntegrity } from './codec';
import type { RawDataJson, TransactionJson } from './types';

/** The addresses that produced each signature, in order. */
export function recoverSigners(tx: TransactionJson): HexAddress[] {
  const digest = hexToBytes(tx.txID, 'txID');
  return (tx.signature ?? []).map((s, i) => recoverAddress(digest, hexToBytes(s, `signature[${i}]`)));
}

/**
 * Appends this key's signature after checking that the JSON, raw_data_hex and txID agree and that
 * the key has not signed already. Returns a new transaction; the input is not modified.
 */
export function signTransaction(tx: TransactionJson, privateKey: Uint8Array): TransactionJson {
  const txId = verifyTransactionIntegrity(tx);
  // Deriving the signer's address costs a curve multiplication; only needed when others signed.
  if (tx.signature?.length) {
    const signer = addressFromPrivateKey(privateKey);
    if (recoverSigners(tx).includes(signer)) {
      throw new TransactionError('TX_ALREADY_SIGNED', `The key of ${signer} has already signed this transaction.`, {
        signer,
      });
    }
  }
  const signature = bytesToHex(signDigest(hexToBytes(txId), privateKey));
  return { ...tx, signature: [...(tx.signature ?? []), signature] };
}

/** Adds a signature made elsewhere (for example merged from another co-signer's envelope). */
export function addSignature(tx: TransactionJson, signatureHex: string): TransactionJson {
  const txId = verifyTransactionIntegrity(tx);
  const signer = recoverAddress(hexToBytes(txId), hexToBytes(signatureHex, 'signature'));
  if (recoverSigners(tx).includes(signer)) {
    throw new TransactionError('TX_ALREADY_SIGNED', `${signer} has already signed this transaction.`, { signer });
  }
  return { ...tx, signature: [...(tx.signature ?? []), signatureHex.toLowerCase()] };
}

function rebuild(tx: TransactionJson, raw: RawDataJson): TransactionJson {
  const rebuilt = transactionFromRawData(raw, { visible: tx.visible === true });
  if (tx.contract_address !== undefined) return { ...rebuilt, contract_address: tx.contract_address };
  return rebuilt;
}

/**
 * Sets Permission_id on raw_data.contract[0]. The txID changes, so every signature collected so far
 * would be void: they are dropped, and the caller must sign again.
 */
export function withPermissionId(tx: TransactionJson, permissionId: number): TransactionJson {
  assertPermissionId(permissionId);
  const [first, ...rest] = tx.raw_data.contract;
  if (!first) throw new TransactionError('TX_NO_CONTRACT', 'The transaction has no contract.');
  const { Permission_id: _previous, ...contract } = first;
  const updated = permissionId > 0 ? { ...contract, Permission_id: permissionId } : contract;
  return rebuild(tx, { ...tx.raw_data, contract: [updated, ...rest] });
}

/** Moves the expiration (and so the txID); signatures are dropped for the same reason. */
export function withExpiration(tx: TransactionJson, expiration: number): TransactionJson {
  return rebuild(tx, { ...tx.raw_data, expiration });
}
