import { describe, expect, it } from 'vitest';
import type { StateReader } from '@main/node/state/view';
import { StateView } from '@main/node/state/view';
import { resolveConfig } from '@main/node/config';
import { genesisProperties } from '@main/node/chain/genesis';
import type { ProposalRecord } from '@main/node/governance/governance-proposals';
import {
  getProposal,
  processProposals,
  proposalExpiration,
  PROPOSAL_STATE,
  putProposal,
} from '@main/node/governance/governance-proposals';

/** ProposalController.processProposals and the expiry rule of ProposalCreateActuator, on a bare state. */
const EMPTY: StateReader = {
  getAccount: () => undefined,
  nameOwner: () => undefined,
  getWitness: () => undefined,
  witnessAddresses: () => [],
  getRecord: () => undefined,
  recordKeys: () => [],
};
const PROPS = genesisProperties(resolveConfig(), [], 0, '00'.repeat(32));
const HISTORIES = {
  energy: `0:${PROPS.parameters.getEnergyFee}`,
  bandwidth: `0:${PROPS.parameters.getTransactionFee}`,
};
const [A, B, C] = ['41' + 'aa'.repeat(20), '41' + 'bb'.repeat(20), '41' + 'cc'.repeat(20)];

function proposal(
  id: number,
  expirationTime: number,
  approvals: string[],
  state: number = PROPOSAL_STATE.PENDING,
): ProposalRecord {
  return {
    id,
    proposerHex: A,
    parameters: [[11n, 100n + BigInt(id)]],
    expirationTime,
    createTime: id,
    approvals,
    state,
  };
}

describe('processProposals', () => {
  it('decides expired proposals newest first and stops at the first one already decided', () => {
    const view = new StateView(EMPTY, PROPS);
    putProposal(view, proposal(1, 100, [A, B, C])); // pending but behind a decided one: left alone
    putProposal(view, proposal(2, 100, [], PROPOSAL_STATE.DISAPPROVED));
    putProposal(view, proposal(3, 100, [A, B])); // 2 of 3 active ≥ ⌊3 × 7 / 10⌋ = 2: approved
    putProposal(view, proposal(4, 100, [A], PROPOSAL_STATE.CANCELED));
    putProposal(view, proposal(5, 500, [A, B, C])); // not expired at 100
    putProposal(view, proposal(6, 100, [A, 'not-active'])); // 1 active approval < 2
    const after = processProposals(view, 100, [A, B, C], PROPS.parameters, HISTORIES).parameters;
    expect([1, 2, 3, 4, 5, 6].map((id) => getProposal(view, id)!.state)).toEqual([
      PROPOSAL_STATE.PENDING,
      PROPOSAL_STATE.DISAPPROVED,
      PROPOSAL_STATE.APPROVED,
      PROPOSAL_STATE.CANCELED,
      PROPOSAL_STATE.PENDING,
      PROPOSAL_STATE.DISAPPROVED,
    ]);
    expect(after.getEnergyFee).toBe(103n);
  });

  it('answers the very parameters object when nothing is approved (the VM keeps its configuration)', () => {
    const view = new StateView(EMPTY, PROPS);
    putProposal(view, proposal(1, 100, []));
    expect(processProposals(view, 100, [A, B], PROPS.parameters, HISTORIES).parameters).toBe(PROPS.parameters);
  });

  it('appends "<expiration>:<price>" of an approved ENERGY_FEE and TRANSACTION_FEE to the price histories, as ProposalService does', () => {
    const view = new StateView(EMPTY, PROPS);
    putProposal(view, {
      ...proposal(1, 100, [A, B]),
      parameters: [
        [11n, 150n],
        [3n, 20n],
      ],
    });
    putProposal(view, { ...proposal(2, 100, [A]), parameters: [[11n, 999n]] }); // disapproved: no entry
    const histories = { energy: '0:100,50:210', bandwidth: '0:10,50:1000' };
    const decided = processProposals(view, 100, [A, B, C], PROPS.parameters, histories);
    expect(decided.priceHistories).toEqual({ energy: '0:100,50:210,100:150', bandwidth: '0:10,50:1000,100:20' });
    expect([decided.parameters.getEnergyFee, decided.parameters.getTransactionFee]).toEqual([150n, 20n]);
  });

  it('expires at the first maintenance time after creation + 3 days', () => {
    const hour = 3_600_000;
    // Maintenance every 6 h from 6 h: created at 1 h, 3 days later is 73 h, the next maintenance 78 h.
    expect(proposalExpiration(hour, 6 * hour, 6 * hour)).toBe(78 * hour);
    // 3 days on lands exactly on a maintenance time (78 h): java-tron takes the one after it.
    expect(proposalExpiration(6 * hour, 6 * hour, 6 * hour)).toBe(84 * hour);
  });
});
