import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../src-main/node';
import { decodeHeader } from '../../../../src-main/node/chain/block';
import { bytesToHex } from '../../../../src-core/bytes/hex';
import { startNode, type Key } from '../helpers';
import { advance, b, balanceOf, build, call, fundedKey, info, send, TRX, VALIDATE } from './helpers';

/**
 * Votes, maintenance and rewards (java-tron-http.md §7): a candidate voted in is ranked at the next
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
    for (let n = from; n <= to; n++) if (bytesToHex(decodeHeader((await node.chain.blockBytes(n))!).witnessAddress) === cand.hex) byCandidate++;
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
    const list = (await build(node, 'listwitnesses', {})).witnesses as { address: string; voteCount?: number; isJobs?: boolean }[];
    expect(list.find((w) => w.address === cand.hex)).toMatchObject({ voteCount: 1000, isJobs: true, url: 'https://cand.example' });
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

    const before = await balanceOf(node, voter.hex);
    const withdraw = await send(node, b.withdrawBalanceContract({ owner: voter.hex }), voter);
    const candWithdraw = await send(node, b.withdrawBalanceContract({ owner: cand.hex }), cand);
    await node.mine(1);
    expect((await info(node, withdraw.txID)).withdraw_amount).toBe(Number(pool));
    expect(await balanceOf(node, voter.hex)).toBe(before + pool);
    expect((await info(node, candWithdraw.txID)).withdraw_amount).toBe(Number(allowance));
  });

  it('allows one withdrawal per 24 h of chain time; guard representatives never withdraw', async () => {
    const last = node.pool.view.getAccount(voter.hex)!.latestWithdrawTime;
    expect((await build(node, 'withdrawbalance', { owner_address: voter.hex })).Error).toBe(`${VALIDATE}The last withdraw time is ${last}, less than 24 hours`);
    expect((await build(node, 'withdrawbalance', { owner_address: genesis })).Error).toBe(`${VALIDATE}Account[${genesis}] is a guard representative and is not allowed to withdraw Balance`);
    // The genesis representative still earns its brokerage: 3.2 TRX per block it produced.
    const produced = BigInt(node.chain.witnesses.get(genesis)!.totalProduced);
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
    const produced = bytesToHex(decodeHeader((await node.chain.blockBytes(node.head().number))!).witnessAddress) === cand.hex;
    // 160 TRX × 50 % = 80 TRX, plus 16 TRX × 50 % = 8 TRX when the candidate produced the block.
    expect(node.pool.view.getAccount(cand.hex)!.allowance - before).toBe(80n * TRX + (produced ? 8n * TRX : 0n));
    expect((await call(node, '/wallet/getnextmaintenancetime')).json.num).toBe(node.chain.props.nextMaintenanceTime);
  });
});
