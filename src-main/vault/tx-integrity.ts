import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '../../src-core/bytes/hex';
import { TransactionError } from '../../src-core/errors';
import { protocol } from '../../src-core/proto/generated/tron.js';
import type { TransactionJson } from '../../src-core/tx/types';

/**
 * The vault's one seam to src-core/tx. Throws TransactionError when the transaction's parts
 * disagree, before anything is signed.
 *
 * INTERIM until src-core/tx lands `verifyTransactionIntegrity` (which re-encodes raw_data from the
 * JSON and compares its txID with `txID` and sha256(raw_data_hex)): this version checks
 * txID = sha256(raw_data_hex) and that the contracts and their Permission_id decoded from
 * raw_data_hex — the bytes that are actually signed — match the JSON. It does not yet compare the
 * contract parameters, so the JSON could still misdescribe amounts or recipients.
 */
export function checkTransactionIntegrity(tx: TransactionJson): void {
  const raw = hexToBytes(tx.raw_data_hex, 'raw_data_hex');
  const recomputed = bytesToHex(sha256(raw));
  if (recomputed !== tx.txID.toLowerCase()) {
    throw new TransactionError('TX_ID_MISMATCH', `The txID ${tx.txID} is not sha256(raw_data_hex) = ${recomputed}; the transaction was altered.`, {
      txID: tx.txID,
      recomputed,
    });
  }
  let decoded;
  try {
    decoded = protocol.Transaction.raw.decode(raw);
  } catch {
    throw new TransactionError('TX_RAW_UNDECODABLE', 'raw_data_hex is not a protobuf Transaction.raw message.');
  }
  const fromBytes = decoded.contract.map((contract) => contract.Permission_id ?? 0);
  const fromJson = tx.raw_data.contract.map((contract) => contract.Permission_id ?? 0);
  if (fromBytes.length !== fromJson.length || fromBytes.some((id, i) => id !== fromJson[i])) {
    throw new TransactionError('TX_JSON_MISMATCH', 'raw_data does not describe the same contracts and permissions as raw_data_hex; the transaction was altered.', {
      permissionIdsInBytes: fromBytes.join(','),
      permissionIdsInJson: fromJson.join(','),
    });
  }
}
