import { bytesToHex } from '../../../src-core/bytes/hex';
import { addressValid } from '../model/validation';
import type { StateReader } from '../state/view';
import type { ProposalRecord } from './governance-proposals';
import { getProposal, latestProposalNum, PROPOSAL_STATE } from './governance-proposals';
import { ContractValidateError } from '../errors';

/**
 * The checks the three proposal actuators share, with java-tron's texts: the owner, and that the
 * proposal exists, has not expired and was not canceled.
 */
/** The owner of a proposal contract: a valid address with an account (and, unless deleting, a representative). */
export function proposalOwner(reader: StateReader, owner: Uint8Array, representative: boolean): string {
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const hex = bytesToHex(owner);
  if (!reader.getAccount(hex)) throw new ContractValidateError(`Account[${hex}] not exists`);
  if (representative && !reader.getWitness(hex)) throw new ContractValidateError(`Witness[${hex}] not exists`);
  return hex;
}

export function existingProposal(reader: StateReader, id: bigint): ProposalRecord {
  const proposal = id > BigInt(latestProposalNum(reader)) ? undefined : getProposal(reader, id);
  if (!proposal) throw new ContractValidateError(`Proposal[${id}] not exists`);
  return proposal;
}

/** `now`: the latest block header timestamp. */
export function checkLive(proposal: ProposalRecord, id: bigint, now: number): void {
  if (now >= proposal.expirationTime) throw new ContractValidateError(`Proposal[${id}] expired`);
  if (proposal.state === PROPOSAL_STATE.CANCELED) throw new ContractValidateError(`Proposal[${id}] canceled`);
}

export function liveProposal(reader: StateReader, id: bigint, now: number): ProposalRecord {
  const proposal = existingProposal(reader, id);
  checkLive(proposal, id, now);
  return proposal;
}
