import { afterEach, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { makeTx, newKey, startNode, transfer, type Key } from '../helpers';
import { account, advance, b, balanceOf, broadcast, build, fundedKey, info, resources, send, TRX } from './helpers';

/**
 * Stake 2.0 end to end on a node, every figure computed by hand from the rules
 * (TIP-467; BandwidthProcessor, EnergyProcessor): limits are the stake's share of TotalNetLimit (43.2e9) or
 * TotalEnergyCurrentLimit (180e9), weights are whole TRX, unfreezes wait 14 days of chain time.
 */
const DAY_S = 86_400;
const NET_LIMIT = 43_200_000_000n;
const ENERGY_LIMIT = 180_000_000_000n;

/** Bandwidth of a signed transaction: 1 + len(raw) varint + raw, one 67-byte signature field, + 64. */
function bytesOf(tx: { raw_data_hex: string }): bigint {
  const raw = tx.raw_data_hex.length / 2;
  return BigInt(1 + (raw < 128 ? 1 : 2) + raw + 67 + 64);
}

describe('Stake 2.0 on the node', () => {
  let node: TronNode;
  afterEach(async () => node?.stop());

  it('staked bandwidth pays before the free allowance; NetLimit is the stake share of TotalNetLimit', async () => {
    node = await startNode({ witnessCount: 1 });
    const [a, bob] = [fundedKey(node, 0), fundedKey(node, 1)];
    const freeze = await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 10_000n * TRX }), a);
    await node.mine(1);
    // The freeze itself is paid from the free allowance (no stake yet when bandwidth is charged).
    expect((await info(node, freeze.txID)).receipt).toEqual({ net_usage: Number(bytesOf(freeze)) });
    expect((await account(node, a.hex)).free_net_usage).toBe(Number(bytesOf(freeze)));
    // Only a has staked: TotalNetWeight = 10,000; NetLimit = 10,000 × 43.2e9 / 10,000.
    let r = await resources(node, a.hex);
    expect([BigInt(r.NetLimit), BigInt(r.TotalNetWeight), BigInt(r.tronPowerLimit)]).toEqual([
      NET_LIMIT,
      10_000n,
      10_000n,
    ]);
    await send(node, b.freezeBalanceV2Contract({ owner: bob.hex, amount: 30_000n * TRX }), bob);
    await node.mine(1);
    // TotalNetWeight = 40,000: a's share is 10,000 × 43.2e9 / 40,000 = 10.8e9.
    r = await resources(node, a.hex);
    expect([BigInt(r.NetLimit), BigInt(r.TotalNetWeight)]).toEqual([(10_000n * NET_LIMIT) / 40_000n, 40_000n]);
    expect(BigInt((await resources(node, bob.hex)).NetLimit)).toBe((30_000n * NET_LIMIT) / 40_000n);

    const before = await balanceOf(node, a.hex);
    const freeBefore = (await account(node, a.hex)).free_net_usage;
    const tx = await send(node, transfer(a, bob, TRX), a);
    await node.mine(1);
    expect((await info(node, tx.txID)).receipt).toEqual({ net_usage: Number(bytesOf(tx)) });
    // Staked bandwidth first: no burn, the free allowance untouched, NetUsed = the transaction's bytes.
    expect(await balanceOf(node, a.hex)).toBe(before - TRX);
    const acc = await account(node, a.hex);
    expect(acc.free_net_usage).toBe(freeBefore);
    expect(BigInt((await resources(node, a.hex)).NetUsed)).toBe(bytesOf(tx));
  });

  it('FreezeBalanceV2 takes exactly the frozen amount; once the free allowance is used up its bytes are burned on top', async () => {
    node = await startNode({ witnessCount: 1 });
    const a = fundedKey(node, 0);
    const c = newKey();
    await send(node, transfer(a, c, 100n * TRX), a);
    await node.mine(1);
    expect(await balanceOf(node, c.hex)).toBe(100n * TRX);
    const fee = node.chain.props.parameters.getTransactionFee;
    expect(fee).toBe(1_000n);

    // Energy stakes, so no staked bandwidth: the bytes come from the 600-byte daily free allowance while it lasts.
    const f1 = await send(node, b.freezeBalanceV2Contract({ owner: c.hex, amount: 40n * TRX, resource: 'ENERGY' }), c);
    await node.mine(1);
    expect((await info(node, f1.txID)).receipt).toEqual({ net_usage: Number(bytesOf(f1)) });
    // 100 − 40 = 60 TRX.
    expect(await balanceOf(node, c.hex)).toBe(60n * TRX);
    const f2 = await send(node, b.freezeBalanceV2Contract({ owner: c.hex, amount: 10n * TRX, resource: 'ENERGY' }), c);
    await node.mine(1);
    expect(bytesOf(f1) + bytesOf(f2)).toBeLessThanOrEqual(600n);
    expect((await info(node, f2.txID)).fee).toBeUndefined();
    // 60 − 10 = 50 TRX.
    expect(await balanceOf(node, c.hex)).toBe(50n * TRX);

    // 600 − (f1 + f2) bytes left (recovery over two slots is under a byte) < f3: the bytes burn at 1,000 sun each.
    const f3 = await send(node, b.freezeBalanceV2Contract({ owner: c.hex, amount: 5n * TRX, resource: 'ENERGY' }), c);
    await node.mine(1);
    expect(600n - (bytesOf(f1) + bytesOf(f2))).toBeLessThan(bytesOf(f3));
    expect(await info(node, f3.txID)).toMatchObject({
      fee: Number(bytesOf(f3) * fee),
      receipt: { net_fee: Number(bytesOf(f3) * fee) },
    });
    // 50 − 5 TRX − f3 × 1,000 sun.
    const left = 45n * TRX - bytesOf(f3) * fee;
    expect(await balanceOf(node, c.hex)).toBe(left);

    // Freezing everything the burn leaves: amount = balance − bytes × 1,000 (same varint width, so the same bytes).
    const all = makeTx(
      node,
      b.freezeBalanceV2Contract({ owner: c.hex, amount: left - bytesOf(f3) * fee, resource: 'ENERGY' }),
      c.key,
    );
    expect(bytesOf(all)).toBe(bytesOf(f3));
    expect(await broadcast(node, all, false)).toMatchObject({ result: true });
    await node.mine(1);
    expect(await balanceOf(node, c.hex)).toBe(0n);
    const acc = await account(node, c.hex);
    expect(acc.balance).toBeUndefined();
    // 40 + 10 + 5 TRX + (left − burn) = everything c received minus what it burned: 100 TRX − 2 × f3 × 1,000 sun.
    expect(BigInt(acc.frozenV2[1].amount)).toBe(100n * TRX - 2n * bytesOf(f3) * fee);
    expect(BigInt((await resources(node, c.hex)).tronPowerLimit)).toBe((100n * TRX - 2n * bytesOf(f3) * fee) / TRX);
  });

  it('energy from stake, delegation counted for the receiver, weights unchanged by delegation', async () => {
    node = await startNode({ witnessCount: 1 });
    const [a, bob, carol] = [fundedKey(node, 0), fundedKey(node, 1), fundedKey(node, 2)];
    await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 1_000n * TRX, resource: 'ENERGY' }), a);
    await send(node, b.freezeBalanceV2Contract({ owner: bob.hex, amount: 3_000n * TRX, resource: 'ENERGY' }), bob);
    await node.mine(1);
    // TotalEnergyWeight = 4,000: a gets 1,000 × 180e9 / 4,000 = 45e9, bob 135e9.
    expect(BigInt((await resources(node, a.hex)).EnergyLimit)).toBe((1_000n * ENERGY_LIMIT) / 4_000n);
    expect(BigInt((await resources(node, bob.hex)).EnergyLimit)).toBe((3_000n * ENERGY_LIMIT) / 4_000n);
    expect((await build(node, 'getcandelegatedmaxsize', { owner_address: a.hex, type: 1 })).max_size).toBe(
      1_000_000_000,
    );

    await send(
      node,
      b.delegateResourceContract({ owner: a.hex, receiver: carol.hex, amount: 400n * TRX, resource: 'ENERGY' }),
      a,
    );
    await node.mine(1);
    // a keeps 600 TRX of energy stake: 600 × 180e9 / 4,000 = 27e9; carol receives 400 × 180e9 / 4,000 = 18e9.
    let ra = await resources(node, a.hex);
    expect([BigInt(ra.EnergyLimit), BigInt(ra.TotalEnergyWeight), BigInt(ra.tronPowerLimit)]).toEqual([
      (600n * ENERGY_LIMIT) / 4_000n,
      4_000n,
      1_000n,
    ]);
    expect(BigInt((await resources(node, carol.hex)).EnergyLimit)).toBe((400n * ENERGY_LIMIT) / 4_000n);
    const acc = await account(node, a.hex);
    expect(acc.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 600_000_000 }, { type: 'TRON_POWER' }]);
    expect(acc.account_resource.delegated_frozenV2_balance_for_energy).toBe(400_000_000);
    expect((await account(node, carol.hex)).account_resource.acquired_delegated_frozenV2_balance_for_energy).toBe(
      400_000_000,
    );
    expect(await build(node, 'getdelegatedresourcev2', { fromAddress: a.hex, toAddress: carol.hex })).toEqual({
      delegatedResource: [{ from: a.hex, to: carol.hex, frozen_balance_for_energy: 400_000_000 }],
    });
    expect(await build(node, 'getdelegatedresourceaccountindexv2', { value: a.hex })).toEqual({
      account: a.hex,
      toAccounts: [carol.hex],
    });
    expect(await build(node, 'getdelegatedresourceaccountindexv2', { value: carol.hex })).toEqual({
      account: carol.hex,
      fromAccounts: [a.hex],
    });

    await send(
      node,
      b.unDelegateResourceContract({ owner: a.hex, receiver: carol.hex, amount: 150n * TRX, resource: 'ENERGY' }),
      a,
    );
    await node.mine(1);
    // 750 TRX back with a: 750 × 180e9 / 4,000 = 33.75e9; carol keeps 250: 11.25e9.
    ra = await resources(node, a.hex);
    expect(BigInt(ra.EnergyLimit)).toBe((750n * ENERGY_LIMIT) / 4_000n);
    expect(BigInt((await resources(node, carol.hex)).EnergyLimit)).toBe((250n * ENERGY_LIMIT) / 4_000n);
    await send(
      node,
      b.unDelegateResourceContract({ owner: a.hex, receiver: carol.hex, amount: 250n * TRX, resource: 'ENERGY' }),
      a,
    );
    await node.mine(1);
    // Fully returned: the records and the index are gone.
    expect(await build(node, 'getdelegatedresourcev2', { fromAddress: a.hex, toAddress: carol.hex })).toEqual({});
    expect(await build(node, 'getdelegatedresourceaccountindexv2', { value: a.hex })).toEqual({ account: a.hex });
  });

  it('delegated BANDWIDTH counts for the receiver: NetLimit is its share of TotalNetLimit and pays its transfers', async () => {
    node = await startNode({ witnessCount: 1 });
    const [a, bob, carol] = [fundedKey(node, 0), fundedKey(node, 1), fundedKey(node, 2)];
    await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 1_000n * TRX }), a);
    await send(node, b.freezeBalanceV2Contract({ owner: bob.hex, amount: 3_000n * TRX }), bob);
    await node.mine(1);
    // carol stakes nothing herself.
    expect((await resources(node, carol.hex)).NetLimit).toBeUndefined();
    await send(node, b.delegateResourceContract({ owner: a.hex, receiver: carol.hex, amount: 400n * TRX }), a);
    await node.mine(1);
    // TotalNetWeight stays 1,000 + 3,000 = 4,000 TRX; TotalNetLimit / 4,000 = 10.8e6 per TRX.
    const rc = await resources(node, carol.hex);
    expect([BigInt(rc.TotalNetWeight), BigInt(rc.TotalNetLimit)]).toEqual([4_000n, NET_LIMIT]);
    // carol: 400 × 43.2e9 / 4,000 = 4.32e9; a keeps 600 × 43.2e9 / 4,000 = 6.48e9; bob 3,000 × 43.2e9 / 4,000 = 32.4e9.
    expect(BigInt(rc.NetLimit)).toBe((400n * NET_LIMIT) / 4_000n);
    expect(BigInt(rc.NetLimit)).toBe(4_320_000_000n);
    expect(BigInt((await resources(node, a.hex)).NetLimit)).toBe((600n * NET_LIMIT) / 4_000n);
    expect(BigInt((await resources(node, bob.hex)).NetLimit)).toBe((3_000n * NET_LIMIT) / 4_000n);
    expect((await account(node, carol.hex)).acquired_delegated_frozenV2_balance_for_bandwidth).toBe(400_000_000);
    expect((await account(node, a.hex)).delegated_frozenV2_balance_for_bandwidth).toBe(400_000_000);
    // TRON power stays with the owner: a still has 1,000, carol none.
    expect(BigInt((await resources(node, a.hex)).tronPowerLimit)).toBe(1_000n);
    expect((await resources(node, carol.hex)).tronPowerLimit).toBeUndefined();

    // The delegated bandwidth pays before the free allowance: carol's transfer burns nothing.
    const before = await balanceOf(node, carol.hex);
    const freeBefore = (await account(node, carol.hex)).free_net_usage;
    const tx = await send(node, transfer(carol, bob, TRX), carol);
    await node.mine(1);
    expect((await info(node, tx.txID)).receipt).toEqual({ net_usage: Number(bytesOf(tx)) });
    expect(await balanceOf(node, carol.hex)).toBe(before - TRX);
    expect((await account(node, carol.hex)).free_net_usage).toBe(freeBefore);
    expect(BigInt((await resources(node, carol.hex)).NetUsed)).toBe(bytesOf(tx));

    await send(node, b.unDelegateResourceContract({ owner: a.hex, receiver: carol.hex, amount: 400n * TRX }), a);
    await node.mine(1);
    // Back with a: 1,000 × 43.2e9 / 4,000 = 10.8e9; carol has no limit left.
    expect(BigInt((await resources(node, a.hex)).NetLimit)).toBe((1_000n * NET_LIMIT) / 4_000n);
    expect((await resources(node, carol.hex)).NetLimit).toBeUndefined();
  });

  it('a locked delegation can be taken back only once its lock (in blocks) has passed', async () => {
    node = await startNode({ witnessCount: 1 });
    const [a, bob] = [fundedKey(node, 0), fundedKey(node, 1)];
    await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 100n * TRX }), a);
    await node.mine(1);
    await send(
      node,
      b.delegateResourceContract({
        owner: a.hex,
        receiver: bob.hex,
        amount: 10n * TRX,
        lock: true,
        lockPeriodBlocks: 5n,
      }),
      a,
    );
    const lockedAt = node.head().timestamp;
    await node.mine(1);
    // expire = head time at execution + 5 blocks × 3 s.
    const [locked] = (await build(node, 'getdelegatedresourcev2', { fromAddress: a.hex, toAddress: bob.hex }))
      .delegatedResource;
    expect(locked).toEqual({
      from: a.hex,
      to: bob.hex,
      frozen_balance_for_bandwidth: 10_000_000,
      expire_time_for_bandwidth: lockedAt + 15_000,
    });
    const body = { owner_address: a.hex, receiver_address: bob.hex, balance: 10_000_000 };
    expect((await build(node, 'undelegateresource', body)).Error).toMatch(/unlock_balance=0$/);
    await node.mine(5);
    // The lock has ended (expire < head time): the locked amount now counts as undelegatable.
    expect(node.head().timestamp).toBeGreaterThan(lockedAt + 15_000);
    await send(node, b.unDelegateResourceContract({ owner: a.hex, receiver: bob.hex, amount: 10n * TRX }), a);
    await node.mine(1);
    expect((await account(node, a.hex)).frozenV2[0]).toEqual({ amount: 100_000_000 });
    expect(await build(node, 'getdelegatedresourcev2', { fromAddress: a.hex, toAddress: bob.hex })).toEqual({});
  });

  it('unfreezing waits 14 days of chain time; matured entries are paid on the next unfreeze; cancel re-stakes the rest', async () => {
    node = await startNode({ witnessCount: 1 });
    const a: Key = fundedKey(node, 0);
    await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 500n * TRX, resource: 'ENERGY' }), a);
    await node.mine(1);
    const start = await balanceOf(node, a.hex);
    const t1 = node.head().timestamp;
    await send(node, b.unfreezeBalanceV2Contract({ owner: a.hex, amount: 200n * TRX, resource: 'ENERGY' }), a);
    await node.mine(1);
    const expire1 = t1 + 14 * DAY_S * 1000;
    let acc = await account(node, a.hex);
    expect(acc.unfrozenV2).toEqual([{ type: 'ENERGY', unfreeze_amount: 200_000_000, unfreeze_expire_time: expire1 }]);
    expect(acc.frozenV2[1]).toEqual({ type: 'ENERGY', amount: 300_000_000 });
    expect(BigInt((await resources(node, a.hex)).TotalEnergyWeight)).toBe(300n);
    expect(await build(node, 'getcanwithdrawunfreezeamount', { owner_address: a.hex, timestamp: expire1 })).toEqual({
      amount: 200_000_000,
    });
    expect(await build(node, 'getcanwithdrawunfreezeamount', { owner_address: a.hex, timestamp: expire1 - 1 })).toEqual(
      {},
    );
    expect(await build(node, 'getavailableunfreezecount', { owner_address: a.hex })).toEqual({ count: 31 });

    await advance(node, 14 * DAY_S);
    const withdraw = await send(node, b.withdrawExpireUnfreezeContract({ owner: a.hex }), a);
    await node.mine(1);
    expect((await info(node, withdraw.txID)).withdraw_expire_amount).toBe(200_000_000);
    // The free allowance recovered during the 14 days pays the bandwidth: exactly +200 TRX.
    expect(await balanceOf(node, a.hex)).toBe(start + 200n * TRX);
    expect((await account(node, a.hex)).unfrozenV2).toBeUndefined();

    // e1 (100) now, e2 (50) seven days later, e3 (30) fourteen days after e1: unfreezing e3 pays e1 out.
    await send(node, b.unfreezeBalanceV2Contract({ owner: a.hex, amount: 100n * TRX, resource: 'ENERGY' }), a);
    await node.mine(1);
    await advance(node, 7 * DAY_S);
    const t2 = node.head().timestamp;
    await send(node, b.unfreezeBalanceV2Contract({ owner: a.hex, amount: 50n * TRX, resource: 'ENERGY' }), a);
    await node.mine(1);
    await advance(node, 7 * DAY_S);
    const t3 = node.head().timestamp;
    const e3 = await send(
      node,
      b.unfreezeBalanceV2Contract({ owner: a.hex, amount: 30n * TRX, resource: 'ENERGY' }),
      a,
    );
    await node.mine(1);
    expect((await info(node, e3.txID)).withdraw_expire_amount).toBe(100_000_000);
    acc = await account(node, a.hex);
    expect(acc.unfrozenV2).toEqual([
      { type: 'ENERGY', unfreeze_amount: 50_000_000, unfreeze_expire_time: t2 + 14 * DAY_S * 1000 },
      { type: 'ENERGY', unfreeze_amount: 30_000_000, unfreeze_expire_time: t3 + 14 * DAY_S * 1000 },
    ]);
    // Seven more days: e2 has matured, e3 has not. Cancel: e2 paid (50), e3 staked again (30).
    await advance(node, 7 * DAY_S);
    const before = await balanceOf(node, a.hex);
    const cancel = await send(node, b.cancelAllUnfreezeV2Contract({ owner: a.hex }), a);
    await node.mine(1);
    const cancelInfo = await info(node, cancel.txID);
    expect(cancelInfo.withdraw_expire_amount).toBe(50_000_000);
    expect(cancelInfo.cancel_unfreezeV2_amount).toEqual([
      { key: 'BANDWIDTH', value: 0 },
      { key: 'ENERGY', value: 30_000_000 },
      { key: 'TRON_POWER', value: 0 },
    ]);
    expect(await balanceOf(node, a.hex)).toBe(before + 50n * TRX);
    acc = await account(node, a.hex);
    // 500 − 200 − 100 − 50 − 30 + 30 = 150 TRX staked; weight 150.
    expect(acc.frozenV2[1]).toEqual({ type: 'ENERGY', amount: 150_000_000 });
    expect(acc.unfrozenV2).toBeUndefined();
    expect(BigInt((await resources(node, a.hex)).TotalEnergyWeight)).toBe(150n);
  });

  it('votes are replaced by a new vote and shrink in proportion when TRON power falls', async () => {
    node = await startNode({ witnessCount: 1 });
    const [v, c1, c2] = [fundedKey(node, 0), fundedKey(node, 1), fundedKey(node, 2)];
    await send(node, b.witnessCreateContract({ owner: c1.hex, url: 'https://c1.example' }), c1);
    await send(node, b.witnessCreateContract({ owner: c2.hex, url: 'https://c2.example' }), c2);
    await send(node, b.freezeBalanceV2Contract({ owner: v.hex, amount: 100n * TRX }), v);
    await node.mine(1);
    // WitnessCreate burns getAccountUpgradeCost (9,999 TRX) as its fee.
    expect(await balanceOf(node, c1.hex)).toBe(1_000_000n * TRX - 9_999n * TRX);
    await send(
      node,
      b.voteWitnessContract({
        owner: v.hex,
        votes: [
          { witness: c1.hex, count: 30n },
          { witness: c2.hex, count: 70n },
        ],
      }),
      v,
    );
    await node.mine(1);
    let r = await resources(node, v.hex);
    expect([r.tronPowerUsed, r.tronPowerLimit]).toEqual([100, 100]);
    await send(node, b.voteWitnessContract({ owner: v.hex, votes: [{ witness: c1.hex, count: 10n }] }), v);
    await node.mine(1);
    expect((await account(node, v.hex)).votes).toEqual([{ vote_address: c1.hex, vote_count: 10 }]);
    await send(
      node,
      b.voteWitnessContract({
        owner: v.hex,
        votes: [
          { witness: c1.hex, count: 30n },
          { witness: c2.hex, count: 70n },
        ],
      }),
      v,
    );
    await node.mine(1);
    await send(node, b.unfreezeBalanceV2Contract({ owner: v.hex, amount: 50n * TRX }), v);
    await node.mine(1);
    // 50 TRX of power left for 100 votes: floor(30/100 × 50) = 15, floor(70/100 × 50) = 35.
    expect((await account(node, v.hex)).votes).toEqual([
      { vote_address: c1.hex, vote_count: 15 },
      { vote_address: c2.hex, vote_count: 35 },
    ]);
    r = await resources(node, v.hex);
    expect([r.tronPowerUsed, r.tronPowerLimit]).toEqual([50, 50]);
    // Counted at the next maintenance (6 h): c2 (35) and c1 (15) now rank before the genesis SR.
    expect(
      (await build(node, 'listwitnesses', {})).witnesses.find((w: { address: string }) => w.address === c1.hex)
        .voteCount,
    ).toBeUndefined();
    await advance(node, 6 * 3600);
    const list = (await build(node, 'listwitnesses', {})).witnesses as {
      address: string;
      voteCount?: number;
      isJobs?: boolean;
    }[];
    expect(list.find((w) => w.address === c1.hex)).toMatchObject({ voteCount: 15, isJobs: true });
    expect(list.find((w) => w.address === c2.hex)).toMatchObject({ voteCount: 35, isJobs: true });
    expect(node.chain.props.activeWitnesses).toEqual([c2.hex, c1.hex, node.chain.props.genesisWitnesses[0]]);
  });
});
