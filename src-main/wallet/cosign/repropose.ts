import type { BlockRef } from '../../../src-core/client/types';
import { fromPermissionSnapshot, signingProgress, type Envelope } from '../../../src-core/envelope';
import type { Permission } from '../../../src-core/permission/model';
import { transactionFromRawData } from '../../../src-core/tx/codec';
import { contractAddressOf } from '../../../src-core/tx/contract-address';
import { DEFAULT_EXPIRATION_MS, MAX_EXPIRATION_MS, transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { StoredEnvelope } from '../stores/envelopes';
import type { Names } from '../chain-knowledge/names';

/**
 * A fresh copy of an expired proposal ("re-propose"): the same
 * contract, fee limit and memo with a new reference block and a new expiration from the head
 * block's time. The signing window is the one the proposer chose before (at most 24 h). The txID
 * changes, so no signature carries over: the new transaction starts unsigned.
 */
export function signingWindowOf(envelope: Envelope): number {
  const timestamp = Number(envelope.transaction.raw_data.timestamp ?? envelope.createdAt);
  const window = envelope.expiresAt - timestamp;
  if (!Number.isSafeInteger(window) || window < DEFAULT_EXPIRATION_MS) return DEFAULT_EXPIRATION_MS;
  return Math.min(window, MAX_EXPIRATION_MS);
}

/**
 * `place` (0-based) moves the creation time that many milliseconds past the head's: rows of one
 * bundle rebuilt together that pay the same recipient the same amount stay distinct transactions.
 */
export function rebuildTransaction(envelope: Envelope, refBlock: BlockRef, place = 0): TransactionJson {
  const old = envelope.transaction;
  const header = transactionHeader({
    refBlock,
    headTimestamp: refBlock.timestamp,
    timestamp: refBlock.timestamp + place,
    expirationMs: signingWindowOf(envelope),
  });
  const { ref_block_num: _num, ...raw } = old.raw_data;
  const rebuilt = transactionFromRawData({ ...raw, ...header }, { visible: old.visible ?? false });
  if (old.contract_address === undefined) return rebuilt;
  // A deployment's address is derived from its txID.
  const owner = String((old.raw_data.contract[0]?.parameter.value as Record<string, unknown>).owner_address);
  return { ...rebuilt, contract_address: contractAddressOf(rebuilt.txID, owner) };
}

/**
 * Who had approved the expired transaction (and the ones it replaced), named where this wallet
 * knows them: carried to the fresh copy as information, since their signatures do not carry over.
 */
export function approvalsToCarry(
  entry: StoredEnvelope,
  envelope: Envelope,
  chainPermission: Permission,
  names: Names,
): StoredEnvelope['carriedApprovals'] {
  const approvals = new Map(entry.carriedApprovals.map((a) => [a.address, a]));
  const permission = envelope.permission ? fromPermissionSnapshot(envelope.permission) : chainPermission;
  for (const signer of signingProgress(envelope, { permission }).signed) {
    approvals.set(signer.address, { address: signer.address, name: names.get(signer.address)?.name ?? null });
  }
  return [...approvals.values()];
}
