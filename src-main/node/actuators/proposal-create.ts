import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import {
  latestProposalNum,
  proposalEntries,
  proposalExpiration,
  putProposal,
  PROPOSAL_STATE,
} from '../governance/governance-proposals';
import { proposalParameterError } from '../governance/proposal-parameters';
import { proposalOwner } from '../governance/governance-proposal-checks';
import { ContractValidateError } from '../errors';

/** ProposalCreateContract (java-tron ProposalCreateActuator): a representative proposes chain parameter changes. */
const TYPE_ERROR =
  'contract type error,expected type [ProposalCreateContract],real type[class com.google.protobuf.Any]';

export const proposalCreateActuator: Actuator<'ProposalCreateContract'> = {
  typeName: 'ProposalCreateContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    proposalOwner(ctx.view, m.owner_address, true);
    const entries = proposalEntries(m.parameters);
    if (entries.length === 0) throw new ContractValidateError('This proposal has no parameter.');
    for (const [code, value] of entries) {
      const error = proposalParameterError(ctx.view.props.parameters, code, value);
      if (error) throw new ContractValidateError(error);
    }
  },
  execute(contract, ctx) {
    const m = contract.message!;
    const props = ctx.view.props;
    const id = latestProposalNum(ctx.view) + 1;
    putProposal(ctx.view, {
      id,
      proposerHex: bytesToHex(m.owner_address),
      parameters: proposalEntries(m.parameters),
      createTime: ctx.headTimestamp,
      expirationTime: proposalExpiration(
        ctx.headTimestamp,
        props.nextMaintenanceTime,
        Number(props.parameters.getMaintenanceTimeInterval),
      ),
      approvals: [],
      state: PROPOSAL_STATE.PENDING,
    });
    return 0n;
  },
};
