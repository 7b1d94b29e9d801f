import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { getProposal, putProposal, PROPOSAL_STATE } from '../governance/governance-proposals';
import { checkLive, existingProposal, proposalOwner } from '../governance/governance-proposal-checks';
import { ContractValidateError } from '../errors';

/** ProposalDeleteContract (java-tron ProposalDeleteActuator): the proposer cancels its proposal. */
const TYPE_ERROR =
  'contract type error,expected type [ProposalDeleteContract],real type[class com.google.protobuf.Any]';

export const proposalDeleteActuator: Actuator<'ProposalDeleteContract'> = {
  typeName: 'ProposalDeleteContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const hex = proposalOwner(ctx.view, m.owner_address, false);
    const id = longToBigint(m.proposal_id);
    const proposal = existingProposal(ctx.view, id);
    if (proposal.proposerHex !== hex) throw new ContractValidateError(`Proposal[${id}] is not proposed by ${hex}`);
    checkLive(proposal, id, ctx.headTimestamp);
  },
  execute(contract, ctx) {
    const proposal = getProposal(ctx.view, longToBigint(contract.message!.proposal_id))!;
    putProposal(ctx.view, { ...proposal, state: PROPOSAL_STATE.CANCELED });
    return 0n;
  },
};
