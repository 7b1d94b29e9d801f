import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { decodeHeader } from '@main/node/model/block';
import { bytesToHex } from '@core/bytes/hex';
import { startNode, type Key } from '../helpers';
import { account, advance, b, balanceOf, build, call, fundedKey, info, send, TRX, VALIDATE } from './helpers';

/**
 * Votes, maintenance and rewards (MaintenanceManager, MortgageService): a candidate voted in is ranked at the next
 * maintenance and produces blocks; every block pays 16 TRX to its producer and 160 TRX across the
 * voted candidates; each keeps 20 % (brokerage) and its voters share the rest at the end of the
 * cycle. All amounts computed by hand from the blocks actually produced.
 */
const SIX_HOURS = 6 * 3600;

describe('votes, maintenance and rewards', () => {
  let node: TronNode;
  let voter: Key;
  let cand: Key;
  let genesis: string;
  let m1 = 0;
  let m2 = 0;

  /** Blocks m1+1 … m2 paid into cycle 1; how many of them the candidate produced. */
  async function cycleBlocks(from: number, to: number): Promise<{ blocks: bigint; byCandidate: bigint }> {
    let byCandidate = 0n;
    for (let n = from; n <= to; n++)
      if (bytesToHex(decodeHeader((await node.chain.blockBytes(n))!).witnessAddress) === cand.hex) byCandidate++;
    return { blocks: BigInt(to - from + 1), byCandidate };
  }

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    genesis = node.chain.props.genesisWitnesses[0]!;
    voter = fundedKey(node, 0);
    cand = fundedKey(node, 1);
    await send(node, b.witnessCreateContract({ owner: cand.hex, url: 'https://cand.example' }), cand);
    await send(node, b.freezeBalanceV2Contract({ owner: voter.hex, amount: 1_000n * TRX }), voter);
    await node.mine(1);
    await send(node, b.voteWitnessContract({ owner: voter.hex, votes: [{ witness: cand.hex, count: 1_000n }] }), voter);
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it('counts the votes at maintenance: the candidate joins the schedule and produces blocks', async () => {
    expect(node.chain.props.activeWitnesses).toEqual([genesis]);
    await advance(node, SIX_HOURS);
    m1 = node.head().number;
    expect(node.chain.props.maintenanceCycle).toBe(1);
    expect(node.chain.props.activeWitnesses).toEqual([cand.hex, genesis]);
    const list = (await build(node, 'listwitnesses', {})).witnesses as {
      address: string;
      voteCount?: number;
      isJobs?: boolean;
    }[];
    expect(list.find((w) => w.address === cand.hex)).toMatchObject({
      voteCount: 1000,
      isJobs: true,
      url: 'https://cand.example',
    });
    await node.mine(10);
    const { byCandidate } = await cycleBlocks(m1 + 1, node.head().number);
    // Two representatives alternate by slot: the candidate has produced some of the 10 blocks.
    expect(byCandidate).toBeGreaterThan(0n);
    expect(byCandidate).toBeLessThan(10n);
  });

  it('pays 160 TRX per block across the voted candidates and 16 TRX to the producer, 20 % kept as allowance', async () => {
    await advance(node, SIX_HOURS);
    m2 = node.head().number;
    expect(node.chain.props.maintenanceCycle).toBe(2);
    const { blocks, byCandidate } = await cycleBlocks(m1 + 1, m2);
    // Per block: 160 TRX × (1000 / 1000 votes) → 32 TRX allowance + 128 TRX to the voters' pool;
    // per block produced: 16 TRX → 3.2 TRX allowance + 12.8 TRX to the pool.
    const allowance = blocks * 32n * TRX + byCandidate * 3_200_000n;
    const pool = blocks * 128n * TRX + byCandidate * 12_800_000n;
    expect(node.pool.view.getAccount(cand.hex)!.allowance).toBe(allowance);
    // The voter holds every vote: its reward is the whole pool (Vi = pool × 1e18 / 1000; × 1000 / 1e18).
    expect((await call(node, '/wallet/getReward', { address: voter.hex })).text).toBe(`{"reward": ${pool}}\n`);
    expect((await call(node, '/wallet/getReward', { address: cand.hex })).text).toBe(`{"reward": ${allowance}}\n`);
    expect((await call(node, '/wallet/getBrokerage', { address: cand.hex })).text).toBe('{"brokerage": 20}\n');
    // getaccount reports the candidate's allowance; the voter's share stays in the pool until it is withdrawn.
    expect((await account(node, cand.hex)).allowance).toBe(Number(allowance));
    expect((await account(node, voter.hex)).allowance).toBeUndefined();

    const before = await balanceOf(node, voter.hex);
    const withdraw = await send(node, b.withdrawBalanceContract({ owner: voter.hex }), voter);
    const candWithdraw = await send(node, b.withdrawBalanceContract({ owner: cand.hex }), cand);
    await node.mine(1);
    expect((await info(node, withdraw.txID)).withdraw_amount).toBe(Number(pool));
    expect(await balanceOf(node, voter.hex)).toBe(before + pool);
    expect((await info(node, candWithdraw.txID)).withdraw_amount).toBe(Number(allowance));
    // Withdrawn to 0, then the withdrawing block's own rewards: 32 TRX, plus 3.2 TRX if the candidate produced it.
    const producedIt =
      bytesToHex(decodeHeader((await node.chain.blockBytes(node.head().number))!).witnessAddress) === cand.hex;
    expect((await account(node, cand.hex)).allowance).toBe(Number(32n * TRX + (producedIt ? 3_200_000n : 0n)));
  });

  it('allows one withdrawal per 24 h of chain time; guard representatives never withdraw', async () => {
    const last = node.pool.view.getAccount(voter.hex)!.latestWithdrawTime;
    expect((await build(node, 'withdrawbalance', { owner_address: voter.hex })).Error).toBe(
      `${VALIDATE}The last withdraw time is ${last}, less than 24 hours`,
    );
    expect((await build(node, 'withdrawbalance', { owner_address: genesis })).Error).toBe(
      `${VALIDATE}Account[${genesis}] is a guard representative and is not allowed to withdraw Balance`,
    );
    // The genesis representative still earns its brokerage: 3.2 TRX per block it produced.
    const produced = BigInt(node.chain.state.getWitness(genesis)!.totalProduced);
    expect(node.pool.view.getAccount(genesis)!.allowance).toBe(produced * 3_200_000n);
    await advance(node, 24 * 3600);
    expect((await build(node, 'withdrawbalance', { owner_address: voter.hex })).txID).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a new brokerage applies from the next maintenance', async () => {
    await send(node, b.updateBrokerageContract({ owner: cand.hex, brokeragePercent: 50 }), cand);
    await node.mine(1);
    expect((await call(node, '/wallet/getBrokerage', { address: cand.hex })).text).toBe('{"brokerage": 20}\n');
    await advance(node, SIX_HOURS);
    expect((await call(node, '/wallet/getBrokerage', { address: cand.hex })).text).toBe('{"brokerage": 50}\n');
    const before = node.pool.view.getAccount(cand.hex)!.allowance;
    await node.mine(1);
    const produced =
      bytesToHex(decodeHeader((await node.chain.blockBytes(node.head().number))!).witnessAddress) === cand.hex;
    // 160 TRX × 50 % = 80 TRX, plus 16 TRX × 50 % = 8 TRX when the candidate produced the block.
    expect(node.pool.view.getAccount(cand.hex)!.allowance - before).toBe(80n * TRX + (produced ? 8n * TRX : 0n));
    expect((await call(node, '/wallet/getnextmaintenancetime')).json.num).toBe(node.chain.props.nextMaintenanceTime);
  });

  it("a new vote moves the voter's reward into its allowance, which getaccount reports", async () => {
    // One more cycle of rewards since the withdrawal above.
    await advance(node, SIX_HOURS);
    const reward = BigInt((await call(node, '/wallet/getReward', { address: voter.hex })).json.reward);
    expect(reward).toBeGreaterThan(0n);
    expect((await account(node, voter.hex)).allowance).toBeUndefined();
    await send(node, b.voteWitnessContract({ owner: voter.hex, votes: [{ witness: cand.hex, count: 1_000n }] }), voter);
    await node.mine(1);
    // The vote withdraws the ended cycles' reward into the allowance (java-tron MortgageService.withdrawReward).
    expect((await account(node, voter.hex)).allowance).toBe(Number(reward));
    expect(node.pool.view.getAccount(voter.hex)!.allowance).toBe(reward);
    // getReward = allowance + rewards of ended cycles not yet withdrawn (none).
    expect(BigInt((await call(node, '/wallet/getReward', { address: voter.hex })).json.reward)).toBe(reward);
  });
});

describe('maintenance with more than 27 candidates', () => {
  let node: TronNode;
  afterAll(async () => node?.stop());

  it('only the top 27 by votes produce; the 28th stays a paid candidate that never produces', async () => {
    // Funded account 0 votes; accounts 1…28 apply (dev mode holds their keys, so each could sign its own blocks).
    node = await startNode({ witnessCount: 1, accounts: 29 });
    const voter = fundedKey(node, 0);
    const cands = Array.from({ length: 28 }, (_, i) => fundedKey(node, i + 1));
    for (const c of cands)
      await send(node, b.witnessCreateContract({ owner: c.hex, url: `https://${c.hex}.example` }), c);
    // Candidate i (1…28) gets 100 + i votes: 101 … 128, Σ = 28 × 100 + 28 × 29 / 2 = 3,206.
    const votesOf = (i: number) => 100n + BigInt(i + 1);
    const total = cands.reduce((sum, _, i) => sum + votesOf(i), 0n);
    expect(total).toBe(3_206n);
    await send(node, b.freezeBalanceV2Contract({ owner: voter.hex, amount: total * TRX }), voter);
    await node.mine(1);
    await send(
      node,
      b.voteWitnessContract({ owner: voter.hex, votes: cands.map((c, i) => ({ witness: c.hex, count: votesOf(i) })) }),
      voter,
    );
    await node.mine(1);
    await advance(node, SIX_HOURS);

    // Ranked by votes: candidates 28 … 2 (128 … 102 votes). Candidate 1 (101 votes) is 28th; the genesis SR (0 votes) 29th.
    const [last, ...top] = cands;
    const genesis = node.chain.props.genesisWitnesses[0]!;
    expect(node.chain.props.activeWitnesses).toEqual([...top].reverse().map((c) => c.hex));
    const list = (await build(node, 'listwitnesses', {})).witnesses as {
      address: string;
      voteCount?: number;
      isJobs?: boolean;
    }[];
    expect(list.filter((w) => w.isJobs)).toHaveLength(27);
    expect(list.find((w) => w.address === last!.hex)).toMatchObject({ voteCount: 101 });
    expect(list.find((w) => w.address === last!.hex)!.isJobs).toBeUndefined();
    expect(list.find((w) => w.address === genesis)!.isJobs).toBeUndefined();

    // Two rounds of 27 slots: each of the 27 produces exactly twice, the 28th never.
    const allowanceBefore = node.pool.view.getAccount(last!.hex)!.allowance;
    const from = node.head().number + 1;
    await node.mine(2 * 27);
    const producers = new Map<string, number>();
    for (let n = from; n < from + 54; n++) {
      const hex = bytesToHex(decodeHeader((await node.chain.blockBytes(n))!).witnessAddress);
      producers.set(hex, (producers.get(hex) ?? 0) + 1);
    }
    expect(producers.size).toBe(27);
    for (const c of top) expect(producers.get(c.hex)).toBe(2);
    expect(producers.has(last!.hex)).toBe(false);
    expect(producers.has(genesis)).toBe(false);
    expect(node.chain.state.getWitness(last!.hex)!.totalProduced).toBe(0);
    // Still among the top 127, it earns its vote share each block: 160 TRX × 101 / 3,206, keeping 20 %
    // (java-tron MortgageService, in doubles: trunc(101 × (160e6 / 3,206)), then trunc(0.2 × pay)).
    const pay = Math.trunc(101 * (160_000_000 / 3_206));
    expect(pay).toBe(5_040_548);
    const kept = BigInt(Math.trunc(0.2 * pay));
    expect(node.pool.view.getAccount(last!.hex)!.allowance - allowanceBefore).toBe(54n * kept);
    expect((await account(node, last!.hex)).allowance).toBe(Number(allowanceBefore + 54n * kept));
  }, 30_000);
});
