import { bytesToHex } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { getProposal, putProposal } from '../governance/governance-proposals';
import { liveProposal, proposalOwner } from '../governance/governance-proposal-checks';
import { ContractValidateError } from '../errors';

/** ProposalApproveContract (java-tron ProposalApproveActuator): a representative adds or withdraws its approval. */
const TYPE_ERROR =
  'contract type error,expected type [ProposalApproveContract],real type[class com.google.protobuf.Any]';

export const proposalApproveActuator: Actuator<'ProposalApproveContract'> = {
  typeName: 'ProposalApproveContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const hex = proposalOwner(ctx.view, m.owner_address, true);
    const id = longToBigint(m.proposal_id);
    const proposal = liveProposal(ctx.view, id, ctx.headTimestamp);
    const approved = proposal.approvals.includes(hex);
    if (!m.is_add_approval && !approved)
      throw new ContractValidateError(`Witness[${hex}]has not approved proposal[${id}] before`);
    if (m.is_add_approval && approved)
      throw new ContractValidateError(`Witness[${hex}]has approved proposal[${id}] before`);
  },
  execute(contract, ctx) {
    const m = contract.message!;
    const hex = bytesToHex(m.owner_address);
    const proposal = getProposal(ctx.view, longToBigint(m.proposal_id))!;
    const approvals = [...proposal.approvals];
    if (m.is_add_approval) approvals.push(hex);
    else approvals.splice(approvals.indexOf(hex), 1);
    putProposal(ctx.view, { ...proposal, approvals });
    return 0n;
  },
};
