import type { ChainParameters } from '../../../src-core/chain/parameters';
import { bigintToLong, int64MapKeyToBigint, longToBigint } from '../../../src-core/proto/runtime';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { StateReader, StateView } from '../state/view';
import { RECORD } from '../state/records';
import type { PriceHistories } from '../state/dynamic';
import { applyProposalParameters } from './proposal-parameters';
import { withApprovedPrices } from './price-history';

/**
 * Proposals (java-tron ProposalStore / ProposalCapsule), keyed by id from 1 in creation order, and
 * their processing at maintenance (ProposalController.processProposals).
 */
export const PROPOSAL_STATE = { PENDING: 0, DISAPPROVED: 1, APPROVED: 2, CANCELED: 3 } as const;

/** CommonParameter.proposalExpireTime default (block.proposalExpireTime): 3 days. */
export const PROPOSAL_EXPIRE_MS = 259_200_000;

export interface ProposalRecord {
  readonly id: number;
  readonly proposerHex: string;
  /** (code, value) in the order the contract carried them. */
  readonly parameters: readonly (readonly [bigint, bigint])[];
  readonly expirationTime: number;
  readonly createTime: number;
  /** Approving representatives in approval order (hex). */
  readonly approvals: readonly string[];
  readonly state: number;
}

export function getProposal(reader: StateReader, id: bigint | number | string): ProposalRecord | undefined {
  return reader.getRecord(RECORD.proposal, String(id)) as ProposalRecord | undefined;
}

export function putProposal(view: StateView, proposal: ProposalRecord): void {
  view.putRecord(RECORD.proposal, String(proposal.id), proposal);
}

/** DynamicPropertiesStore.getLatestProposalNum: proposals are never removed, so their count. */
export function latestProposalNum(reader: StateReader): number {
  let count = 0;
  for (const _key of reader.recordKeys(RECORD.proposal)) count++;
  return count;
}

/** Every proposal by id. */
export function proposalsById(reader: StateReader): ProposalRecord[] {
  const out: ProposalRecord[] = [];
  for (const key of reader.recordKeys(RECORD.proposal)) {
    const p = getProposal(reader, key);
    if (p) out.push(p);
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The entries of ProposalCreateContract.parameters (protobufjs keys 64-bit map keys by hash) in wire order. */
export function proposalEntries(parameters: Record<string, unknown>): [bigint, bigint][] {
  return Object.entries(parameters).map(([key, value]) => [int64MapKeyToBigint(key), longToBigint(value as never)]);
}

/**
 * ProposalCreateActuator: the first maintenance time after `now` + PROPOSAL_EXPIRE_MS (one landing exactly on it is
 * passed over).
 */
export function proposalExpiration(now: number, nextMaintenanceTime: number, interval: number): number {
  const round = Math.trunc((now + PROPOSAL_EXPIRE_MS - nextMaintenanceTime) / interval);
  return nextMaintenanceTime + (round + 1) * interval;
}

/** The protobufjs message object of `protocol.Proposal` (defaults left out, as java-tron prints). */
export function proposalToMessage(p: ProposalRecord): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  for (const [code, value] of p.parameters) parameters[String(code)] = bigintToLong(value);
  const m: Record<string, unknown> = {
    proposal_id: bigintToLong(BigInt(p.id)),
    proposer_address: hexToBytes(p.proposerHex),
  };
  if (p.parameters.length) m.parameters = parameters;
  if (p.expirationTime) m.expiration_time = bigintToLong(BigInt(p.expirationTime));
  if (p.createTime) m.create_time = bigintToLong(BigInt(p.createTime));
  if (p.approvals.length) m.approvals = p.approvals.map((hex) => hexToBytes(hex));
  if (p.state) m.state = p.state;
  return m;
}

/** ProposalCapsule.hasMostApprovals: approvals by active representatives reach 70 % of them. */
function hasMostApprovals(p: ProposalRecord, active: readonly string[]): boolean {
  const count = p.approvals.filter((hex) => active.includes(hex)).length;
  return count >= Math.trunc((active.length * 7) / 10);
}

/**
 * ProposalController.processProposals, run on a block that reaches `nextMaintenanceTime` before the
 * votes are tallied: from the newest proposal down to the first one already decided, each
 * expired by then is APPROVED (its parameters applied, its prices appended to the histories) or
 * DISAPPROVED. Returns the parameters and price histories in force afterwards.
 */
export function processProposals(
  view: StateView,
  nextMaintenanceTime: number,
  activeWitnesses: readonly string[],
  parameters: ChainParameters,
  priceHistories: PriceHistories,
): { parameters: ChainParameters; priceHistories: PriceHistories } {
  let result = parameters;
  let histories = priceHistories;
  for (let id = latestProposalNum(view); id > 0; id--) {
    const p = getProposal(view, id);
    if (!p) continue;
    if (p.state === PROPOSAL_STATE.APPROVED || p.state === PROPOSAL_STATE.DISAPPROVED) break;
    if (p.state === PROPOSAL_STATE.CANCELED || p.expirationTime > nextMaintenanceTime) continue;
    if (hasMostApprovals(p, activeWitnesses)) {
      result = applyProposalParameters(result, p.parameters);
      histories = withApprovedPrices(histories, p);
      putProposal(view, { ...p, state: PROPOSAL_STATE.APPROVED });
    } else {
      putProposal(view, { ...p, state: PROPOSAL_STATE.DISAPPROVED });
    }
  }
  return { parameters: result, priceHistories: histories };
}
