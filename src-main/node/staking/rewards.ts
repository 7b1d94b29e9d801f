import type { StateReader, StateView } from '../state/view';
import type { VoteRecord } from '../state/account';
import { voteRecord } from '../state/account';
import { RECORD } from '../state/records';
import type { WitnessRecord } from '../state/witness';
import { allowChangeDelegation, DEFAULT_BROKERAGE } from './rules';

/**
 * Block and vote rewards (java-tron MortgageService over DelegationStore),
 * with the "new reward algorithm" from genesis: every block pays getWitnessPayPerBlock to its
 * producer and getWitness127PayPerBlock across the top-127 candidates in proportion to their
 * votes; each representative keeps its brokerage (default 20 %) as allowance and the rest goes to a
 * per-cycle pool. At maintenance the pool becomes a per-vote index Vi (×1e18); a voter's reward
 * for cycles [a, b) is Σ (Vi[b−1] − Vi[a−1]) × its votes / 1e18, paid into its allowance when it
 * votes, unfreezes or withdraws.
 */
const VI_DECIMAL = 10n ** 18n;
/** MAX_ACTIVE_WITNESS_NUM is 27; WITNESS_STANDBY_LENGTH is 127. */
export const STANDBY_WITNESSES = 127;

type Reader = StateReader;

const key = {
  reward: (cycle: number, hex: string) => `${cycle}-${hex}-reward`,
  vi: (cycle: number, hex: string) => `${cycle}-${hex}-vi`,
  brokerage: (cycle: number, hex: string) => `${cycle}-${hex}-brokerage`,
  accountVote: (cycle: number, hex: string) => `${cycle}-${hex}-account-vote`,
  begin: (hex: string) => `begin-${hex}`,
  end: (hex: string) => `end-${hex}`,
};

function getNumber(reader: Reader, k: string, fallback: number): number {
  const v = reader.getRecord(RECORD.mortgage, k);
  return typeof v === 'number' ? v : fallback;
}

function getBig(reader: Reader, k: string): bigint {
  const v = reader.getRecord(RECORD.mortgage, k);
  return typeof v === 'bigint' ? v : 0n;
}

export function rewardOf(reader: Reader, cycle: number, hex: string): bigint {
  return getBig(reader, key.reward(cycle, hex));
}

export function witnessVi(reader: Reader, cycle: number, hex: string): bigint {
  return getBig(reader, key.vi(cycle, hex));
}

/** DelegationStore.getBrokerage(cycle, address); cycle −1 holds the value set by UpdateBrokerage. */
export function brokerageOf(reader: Reader, cycle: number, hex: string): number {
  return getNumber(reader, key.brokerage(cycle, hex), DEFAULT_BROKERAGE);
}

export function setBrokerage(view: StateView, cycle: number, hex: string, brokerage: number): void {
  view.putRecord(RECORD.mortgage, key.brokerage(cycle, hex), brokerage);
}

function beginCycleOf(reader: Reader, hex: string): number {
  return getNumber(reader, key.begin(hex), 0);
}

function endCycleOf(reader: Reader, hex: string): number {
  return getNumber(reader, key.end(hex), -1);
}

function accountVoteOf(reader: Reader, cycle: number, hex: string): readonly VoteRecord[] | undefined {
  const v = reader.getRecord(RECORD.mortgage, key.accountVote(cycle, hex)) as
    { address: Uint8Array; count: bigint }[] | undefined;
  return v?.map((x) => voteRecord(x.address, x.count));
}

function adjustAllowance(view: StateView, hex: string, amount: bigint): void {
  if (amount <= 0n) return;
  const account = view.mutableAccount(hex);
  if (account) account.allowance += amount;
}

/** MortgageService.payReward: brokerage to the representative's allowance, the rest to the cycle's pool. */
function payReward(view: StateView, witnessHex: string, value: bigint): void {
  const cycle = view.props.maintenanceCycle;
  const brokerage = brokerageOf(view, cycle, witnessHex);
  // java-tron: (long) (brokerage / 100.0 × value), in doubles.
  const brokerageAmount = BigInt(Math.trunc((brokerage / 100) * Number(value)));
  const k = key.reward(cycle, witnessHex);
  view.putRecord(RECORD.mortgage, k, getBig(view, k) + (value - brokerageAmount));
  adjustAllowance(view, witnessHex, brokerageAmount);
}

/**
 * Witnesses by votes, most first; ties by address, highest first (java-tron's sort with allowWitnessSortOptimization).
 */
export function sortedWitnesses(reader: Reader): WitnessRecord[] {
  const list: WitnessRecord[] = [];
  for (const hex of reader.witnessAddresses()) {
    const w = reader.getWitness(hex);
    if (w) list.push(w);
  }
  return list.sort((a, b) =>
    a.voteCount === b.voteCount
      ? a.addressHex < b.addressHex
        ? 1
        : a.addressHex > b.addressHex
          ? -1
          : 0
      : a.voteCount > b.voteCount
        ? -1
        : 1,
  );
}

/** Manager.payReward for one block: the producer's block reward, then the standby (vote) reward. */
export function payBlockRewards(view: StateView, producerHex: string): void {
  const p = view.props.parameters;
  if (!allowChangeDelegation(p)) {
    adjustAllowance(view, producerHex, p.getWitnessPayPerBlock);
    return;
  }
  payReward(view, producerHex, p.getWitnessPayPerBlock);
  const standby = sortedWitnesses(view)
    .slice(0, STANDBY_WITNESSES)
    .filter((w) => w.voteCount >= 1n);
  const voteSum = standby.reduce((sum, w) => sum + w.voteCount, 0n);
  if (voteSum < 1n) return;
  const eachVotePay = Number(p.getWitness127PayPerBlock) / Number(voteSum);
  for (const w of standby) payReward(view, w.addressHex, BigInt(Math.trunc(Number(w.voteCount) * eachVotePay)));
}

/** DelegationStore.accumulateWitnessVi at maintenance, with the votes the witness had during the cycle. */
export function accumulateWitnessVi(view: StateView, cycle: number, witnessHex: string, voteCount: bigint): void {
  const previous = witnessVi(view, cycle - 1, witnessHex);
  const reward = rewardOf(view, cycle, witnessHex);
  if (reward === 0n || voteCount === 0n) {
    if (previous !== 0n) view.putRecord(RECORD.mortgage, key.vi(cycle, witnessHex), previous);
    return;
  }
  view.putRecord(RECORD.mortgage, key.vi(cycle, witnessHex), previous + (reward * VI_DECIMAL) / voteCount);
}

/** Reward of `votes` over cycles [begin, end). */
function computeReward(reader: Reader, begin: number, end: number, votes: readonly VoteRecord[]): bigint {
  if (begin >= end) return 0n;
  let reward = 0n;
  for (const vote of votes) {
    const delta = witnessVi(reader, end - 1, vote.addressHex) - witnessVi(reader, begin - 1, vote.addressHex);
    if (delta <= 0n) continue;
    reward += (delta * vote.count) / VI_DECIMAL;
  }
  return reward;
}

/**
 * MortgageService.withdrawReward: moves the voter's reward up to the current cycle into its
 * allowance and snapshots its votes for the cycle. Runs before votes or stake change.
 */
export function withdrawVoteReward(view: StateView, hex: string): void {
  if (!allowChangeDelegation(view.props.parameters)) return;
  const account = view.getAccount(hex);
  let begin = beginCycleOf(view, hex);
  let end = endCycleOf(view, hex);
  const current = view.props.maintenanceCycle;
  if (begin > current || !account) return;
  if (begin === current && accountVoteOf(view, begin, hex) !== undefined) return;
  if (begin + 1 === end && begin < current) {
    const snapshot = accountVoteOf(view, begin, hex);
    if (snapshot) adjustAllowance(view, hex, computeReward(view, begin, end, snapshot));
    begin += 1;
  }
  end = current;
  if (account.votes.length === 0) {
    view.putRecord(RECORD.mortgage, key.begin(hex), end + 1);
    return;
  }
  if (begin < end) adjustAllowance(view, hex, computeReward(view, begin, end, account.votes));
  view.putRecord(RECORD.mortgage, key.begin(hex), end);
  view.putRecord(RECORD.mortgage, key.end(hex), end + 1);
  view.putRecord(
    RECORD.mortgage,
    key.accountVote(end, hex),
    account.votes.map((v) => ({ address: v.address, count: v.count })),
  );
}

/** MortgageService.queryReward: allowance plus the vote reward not yet moved into it (getReward). */
export function queryReward(
  reader: Reader,
  cycle: number,
  parameters: { getChangeDelegation: bigint },
  hex: string,
): bigint {
  if (parameters.getChangeDelegation !== 1n) return 0n;
  const account = reader.getAccount(hex);
  if (!account) return 0n;
  let begin = beginCycleOf(reader, hex);
  const end = endCycleOf(reader, hex);
  if (begin > cycle) return account.allowance;
  let reward = 0n;
  if (begin + 1 === end && begin < cycle) {
    const snapshot = accountVoteOf(reader, begin, hex);
    if (snapshot) reward = computeReward(reader, begin, end, snapshot);
    begin += 1;
  }
  if (account.votes.length === 0) return reward + account.allowance;
  if (begin < cycle) reward += computeReward(reader, begin, cycle, account.votes);
  return reward + account.allowance;
}
