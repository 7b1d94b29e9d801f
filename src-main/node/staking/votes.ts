import { bytesToHex } from '../../../src-core/bytes/hex';
import { addressValid } from '../model/validation';
import type { AccountRecord, VoteRecord } from '../state/account';
import { voteRecord } from '../state/account';
import { RECORD } from '../state/records';
import type { StateReader, StateView } from '../state/view';
import { MAX_VOTE_NUMBER, INT64_MAX, supportNewResourceModel, TRX } from './rules';
import { allTronPowerOf, settleOldTronPower, tronPowerOf, votingPowerOf } from './tron-power';
import { withdrawVoteReward } from './rewards';
import { ContractValidateError } from '../errors';

/**
 * VoteWitnessContract (java-tron VoteWitnessActuator) and the VotesStore: a vote replaces the
 * account's previous votes at once, and the witnesses' counts change at the next maintenance
 * (old votes subtracted, new ones added).
 */
export interface VoteInput {
  readonly address: Uint8Array | undefined;
  readonly count: bigint;
}

interface PendingVotes {
  readonly old: readonly { address: Uint8Array; count: bigint }[];
  readonly new: readonly { address: Uint8Array; count: bigint }[];
}

const plain = (votes: readonly VoteRecord[]) => votes.map((v) => ({ address: v.address, count: v.count }));

function pendingVotes(view: StateView, ownerHex: string, account: AccountRecord): PendingVotes {
  return (view.getRecord(RECORD.votes, ownerHex) as PendingVotes | undefined) ?? { old: plain(account.votes), new: [] };
}

export function validateVote(view: StateView, owner: Uint8Array | undefined, votes: readonly VoteInput[]): void {
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const ownerHex = bytesToHex(owner);
  if (votes.length === 0) throw new ContractValidateError('VoteNumber must more than 0');
  if (votes.length > MAX_VOTE_NUMBER)
    throw new ContractValidateError(`VoteNumber more than maxVoteNumber ${MAX_VOTE_NUMBER}`);
  let sum = 0n;
  for (const vote of votes) {
    if (!addressValid(vote.address)) throw new ContractValidateError('Invalid vote address!');
    if (vote.count <= 0n) throw new ContractValidateError('vote count must be greater than 0');
    const hex = bytesToHex(vote.address);
    if (!view.getAccount(hex)) throw new ContractValidateError(`Account[${hex}] not exists`);
    if (!view.getWitness(hex)) throw new ContractValidateError(`Witness[${hex}] not exists`);
    sum += vote.count;
    if (sum > INT64_MAX) throw new ContractValidateError('long overflow');
  }
  const account = view.getAccount(ownerHex);
  if (!account) throw new ContractValidateError(`Account[${ownerHex}] not exists`);
  const tronPower = votingPowerOf(view, account);
  const inSun = sum * TRX;
  if (inSun > INT64_MAX) throw new ContractValidateError('long overflow');
  if (inSun > tronPower)
    throw new ContractValidateError(`The total number of votes[${inSun}] is greater than the tronPower[${tronPower}]`);
}

/** VoteWitnessActuator.countVoteAccount: rewards first, then the new votes replace the old ones. */
export function applyVote(view: StateView, ownerHex: string, votes: readonly VoteInput[]): void {
  withdrawVoteReward(view, ownerHex);
  const account = view.mutableAccount(ownerHex)!;
  settleOldTronPower(view, account);
  const pending = pendingVotes(view, ownerHex, account);
  const next = votes.map((v) => voteRecord(Uint8Array.from(v.address!), v.count));
  account.votes = next;
  view.putRecord(RECORD.votes, ownerHex, { old: pending.old, new: plain(next) } satisfies PendingVotes);
}

/**
 * UnfreezeBalanceV2Actuator.updateVote: after an unfreeze, votes above the remaining TRON power
 * shrink in proportion (with the new resource model: cleared once, when the model starts).
 */
export function reduceVotesToPower(view: StateView, ownerHex: string, account: AccountRecord, resource: number): void {
  if (account.votes.length === 0) return;
  const newModel = supportNewResourceModel(view.props.parameters);
  if (newModel) {
    if (account.oldTronPower === -1n) {
      if (resource === 0 || resource === 1) return;
    } else {
      const pending = pendingVotes(view, ownerHex, account);
      account.votes = [];
      view.putRecord(RECORD.votes, ownerHex, { old: pending.old, new: [] } satisfies PendingVotes);
      return;
    }
  }
  let totalVote = 0n;
  for (const v of account.votes) totalVote += v.count;
  const owned = newModel ? allTronPowerOf(account) : tronPowerOf(account);
  if (owned >= totalVote * TRX || totalVote === 0n) return;
  const pending = pendingVotes(view, ownerHex, account);
  // java-tron: (long) ((double) count / total × owned / 1e6), in doubles.
  const next: VoteRecord[] = [];
  for (const v of account.votes) {
    const count = BigInt(Math.trunc(((Number(v.count) / Number(totalVote)) * Number(owned)) / Number(TRX)));
    if (count > 0n) next.push(voteRecord(v.address, count));
  }
  account.votes = next;
  view.putRecord(RECORD.votes, ownerHex, { old: pending.old, new: plain(next) } satisfies PendingVotes);
}

/** The net change of every witness's votes since the last maintenance (VotesStore old → new), left in place. */
export function pendingVoteDelta(reader: StateReader): Map<string, bigint> {
  const delta = new Map<string, bigint>();
  for (const ownerHex of reader.recordKeys(RECORD.votes)) {
    const pending = reader.getRecord(RECORD.votes, ownerHex) as PendingVotes | undefined;
    if (!pending) continue;
    for (const v of pending.old) {
      const hex = bytesToHex(v.address);
      delta.set(hex, (delta.get(hex) ?? 0n) - v.count);
    }
    for (const v of pending.new) {
      const hex = bytesToHex(v.address);
      delta.set(hex, (delta.get(hex) ?? 0n) + v.count);
    }
  }
  return delta;
}

/**
 * MaintenanceManager.countVote: the net change of every witness's votes since the last
 * maintenance; the pending votes are consumed.
 */
export function countPendingVotes(view: StateView): Map<string, bigint> {
  const delta = pendingVoteDelta(view);
  for (const ownerHex of [...view.recordKeys(RECORD.votes)]) view.putRecord(RECORD.votes, ownerHex, undefined);
  return delta;
}
