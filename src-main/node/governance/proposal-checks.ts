import type { StateReader } from '../state/view';
import type { ProposalRecord } from './proposals';
import { getProposal, latestProposalNum, PROPOSAL_STATE } from './proposals';
import { ContractValidateError } from '../errors';

/**
 * The proposal checks ProposalApproveActuator and ProposalDeleteActuator share, with java-tron's
 * texts: the proposal exists, has not expired and was not canceled.
 */
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
