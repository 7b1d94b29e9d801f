import { afterEach, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { sha256 } from '@noble/hashes/sha2.js';
import { createNode, type TronNode } from '../../../src-main/node';
import type { NodeConfigInput } from '../../../src-main/node/config';
import { recoverAddress } from '../../../src-core/keys/keys';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { protocol } from '../../../src-core/proto/runtime';
import type { Reply } from '../../main/node/helpers';
import { bandwidthBytes, newKey } from './helpers';

/**
 * The wallet's staking, delegation, voting and TRC-10 flows, driven by TronWeb 6.5.1 (which
 * builds every transaction locally) against the node. Every balance and resource figure is
 * computed from the rules with the arithmetic spelled out (java-tron EnergyProcessor, BandwidthProcessor,
 * MortgageService).
 */
const TRX = 1_000_000;
const DAY = 86_400;
const NET_LIMIT = 43_200_000_000;
const ENERGY_LIMIT = 180_000_000_000;

describe('TronWeb 6.5.1 against the node: staking, delegation, votes, rewards, TRC-10', () => {
  let node: TronNode;
  let tronWeb: TronWeb;

  async function start(config: NodeConfigInput = {}): Promise<void> {
    node = await createNode({ port: 0, blockTimeMs: 0, witnessCount: 1, ...config });
    tronWeb = new TronWeb({ fullHost: node.url });
  }
  afterEach(async () => node?.stop());

  const account = (i: number) => ({ key: node.accounts[i]!.privateKey, hex: node.accounts[i]!.hex });

  /** Signs and broadcasts; returns the signed transaction and the node's reply. */
  async function submit(
    tx: unknown,
    key: string,
  ): Promise<{ signed: { txID: string; raw_data_hex: string; signature?: string[] }; reply: Reply }> {
    const signed = await tronWeb.trx.sign(tx as never, key);
    const reply = (await tronWeb.trx.sendRawTransaction(signed)) as Reply;
    return { signed: signed as never, reply };
  }
  async function ok(tx: unknown, key: string): Promise<{ txID: string; raw_data_hex: string; signature?: string[] }> {
    const { signed, reply } = await submit(tx, key);
    expect(reply).toMatchObject({ result: true });
    return signed;
  }
  async function refused(tx: unknown, key: string): Promise<string> {
    const { reply } = await submit(tx, key);
    expect(reply.code).toBe('CONTRACT_VALIDATE_ERROR');
    return tronWeb.toUtf8(reply.message as string);
  }
  const balance = async (hex: string): Promise<number> =>
    ((await tronWeb.trx.getUnconfirmedAccount(hex)) as Reply).balance ?? 0;
  const resources = async (hex: string): Promise<Reply> => (await tronWeb.trx.getAccountResources(hex)) as Reply;
  const txInfo = async (id: string): Promise<Reply> => (await tronWeb.trx.getUnconfirmedTransactionInfo(id)) as Reply;
  /** `/admin/time` then one block at the new time. */
  async function later(seconds: number): Promise<void> {
    const reply = await fetch(`${node.url}/admin/time`, { method: 'POST', body: JSON.stringify({ seconds }) });
    expect(reply.status).toBe(200);
    await node.mine(1);
  }

  it('freeze for bandwidth: a later transfer uses staked bandwidth and burns no TRX', async () => {
    await start();
    const [a, b] = [account(0), account(1)];
    await ok(await tronWeb.transactionBuilder.freezeBalanceV2(1_000 * TRX, 'BANDWIDTH', a.hex), a.key);
    await node.mine(1);
    const r = await resources(a.hex);
    // The only staker: TotalNetWeight 1,000 TRX, NetLimit = 1,000 × 43.2e9 / 1,000 = 43.2e9.
    expect([r.TotalNetWeight, r.NetLimit, r.tronPowerLimit]).toEqual([1_000, (1_000 * NET_LIMIT) / 1_000, 1_000]);
    const freeTimeBefore = ((await tronWeb.trx.getUnconfirmedAccount(a.hex)) as Reply).latest_consume_free_time;
    const before = await balance(a.hex);
    const sent = await ok(await tronWeb.transactionBuilder.sendTrx(b.hex, TRX, a.hex), a.key);
    await node.mine(1);
    const bytes = bandwidthBytes(sent);
    expect(await txInfo(sent.txID)).toMatchObject({ receipt: { net_usage: bytes } });
    expect((await txInfo(sent.txID)).fee).toBeUndefined();
    // Only the 1 TRX sent leaves the balance; the bytes count against the stake, not the free allowance.
    expect(await balance(a.hex)).toBe(before - TRX);
    const after = await resources(a.hex);
    expect(after.NetUsed).toBe(bytes);
    expect(((await tronWeb.trx.getUnconfirmedAccount(a.hex)) as Reply).latest_consume_free_time).toBe(freeTimeBefore);
    // getBandwidth = free allowance left + staked bandwidth left.
    expect(await tronWeb.trx.getBandwidth(a.hex)).toBe(600 - after.freeNetUsed + (NET_LIMIT - bytes));
  });

  it('freeze for energy, unfreeze, wait 14 days of chain time (/admin/time), withdraw', async () => {
    await start();
    const c = account(2);
    await ok(await tronWeb.transactionBuilder.freezeBalanceV2(500 * TRX, 'ENERGY', c.hex), c.key);
    await node.mine(1);
    expect((await resources(c.hex)).EnergyLimit).toBe((500 * ENERGY_LIMIT) / 500);
    const unfreezeAt = node.head().timestamp;
    await ok(await tronWeb.transactionBuilder.unfreezeBalanceV2(200 * TRX, 'ENERGY', c.hex), c.key);
    await node.mine(1);
    const expire = unfreezeAt + 14 * DAY * 1000;
    const acc = (await tronWeb.trx.getUnconfirmedAccount(c.hex)) as Reply;
    expect(acc.unfrozenV2).toEqual([{ type: 'ENERGY', unfreeze_amount: 200 * TRX, unfreeze_expire_time: expire }]);
    expect(acc.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 300 * TRX }, { type: 'TRON_POWER' }]);
    expect(await tronWeb.trx.getCanWithdrawUnfreezeAmount(c.hex, expire)).toEqual({ amount: 200 * TRX });
    expect(await tronWeb.trx.getAvailableUnfreezeCount(c.hex)).toEqual({ count: 31 });
    expect(await refused(await tronWeb.transactionBuilder.withdrawExpireUnfreeze(c.hex), c.key)).toBe(
      'Contract validate error : no unFreeze balance to withdraw ',
    );

    await later(14 * DAY);
    const before = await balance(c.hex);
    const withdraw = await ok(await tronWeb.transactionBuilder.withdrawExpireUnfreeze(c.hex), c.key);
    await node.mine(1);
    expect((await txInfo(withdraw.txID)).withdraw_expire_amount).toBe(200 * TRX);
    // The bandwidth is free (the daily allowance recovered), so exactly the 200 TRX come back.
    expect(await balance(c.hex)).toBe(before + 200 * TRX);
    expect(((await tronWeb.trx.getUnconfirmedAccount(c.hex)) as Reply).unfrozenV2).toBeUndefined();
  });

  it('delegate energy with a lock: taking it back is refused until the lock has passed', async () => {
    await start();
    const [d, e] = [account(3), account(4)];
    const [dStart, eStart] = [await balance(d.hex), await balance(e.hex)];
    const freeze = await ok(await tronWeb.transactionBuilder.freezeBalanceV2(300 * TRX, 'ENERGY', d.hex), d.key);
    await node.mine(1);
    // The freeze's bytes fit the 600-byte daily free allowance: exactly the 300 TRX leave the balance.
    expect(await txInfo(freeze.txID)).toMatchObject({ receipt: { net_usage: bandwidthBytes(freeze) } });
    expect(await balance(d.hex)).toBe(dStart - 300 * TRX);
    const lockedAt = node.head().timestamp;
    const delegate = await ok(
      await tronWeb.transactionBuilder.delegateResource(100 * TRX, e.hex, 'ENERGY', d.hex, true, 10),
      d.key,
    );
    await node.mine(1);
    // Still within the free allowance (freeze + delegate bytes ≤ 600): delegating moves no TRX on either side.
    expect(bandwidthBytes(freeze) + bandwidthBytes(delegate)).toBeLessThanOrEqual(600);
    expect((await txInfo(delegate.txID)).fee).toBeUndefined();
    expect([await balance(d.hex), await balance(e.hex)]).toEqual([dStart - 300 * TRX, eStart]);
    // The lock runs 10 blocks × 3 s from the head time at execution.
    expect(await tronWeb.trx.getDelegatedResourceV2(d.hex, e.hex, { confirmed: false })).toEqual({
      delegatedResource: [
        { from: d.hex, to: e.hex, frozen_balance_for_energy: 100 * TRX, expire_time_for_energy: lockedAt + 30_000 },
      ],
    });
    expect(await tronWeb.trx.getDelegatedResourceAccountIndexV2(d.hex, { confirmed: false })).toEqual({
      account: d.hex,
      toAccounts: [e.hex],
    });
    // Weight 300 TRX (delegation does not change it): e gets 100 × 180e9 / 300, d keeps 200 × 180e9 / 300.
    expect((await resources(e.hex)).EnergyLimit).toBe((100 * ENERGY_LIMIT) / 300);
    expect((await resources(d.hex)).EnergyLimit).toBe((200 * ENERGY_LIMIT) / 300);
    expect(await tronWeb.trx.getCanDelegatedMaxSize(d.hex, 'ENERGY', { confirmed: false })).toEqual({
      max_size: 200 * TRX,
    });

    const undelegate = async () => tronWeb.transactionBuilder.undelegateResource(100 * TRX, e.hex, 'ENERGY', d.hex);
    expect(await refused(await undelegate(), d.key)).toBe(
      'Contract validate error : insufficient delegateFrozenBalance(Energy), request=100000000, unlock_balance=0',
    );
    await node.mine(10);
    expect(node.head().timestamp).toBeGreaterThan(lockedAt + 30_000);
    const back = await ok(await undelegate(), d.key);
    await node.mine(1);
    // The free allowance left (600 − freeze − delegate bytes; under a byte recovered since) is short of the
    // undelegate's bytes and d stakes no bandwidth: the bytes are burned at getTransactionFee = 1,000 sun each.
    const [f, g, u] = [bandwidthBytes(freeze), bandwidthBytes(delegate), bandwidthBytes(back)];
    expect(600 - (f + g)).toBeLessThan(u);
    expect(await txInfo(back.txID)).toMatchObject({ fee: u * 1_000, receipt: { net_fee: u * 1_000 } });
    // The stake itself stays frozen (undelegating returns the resource, not TRX): only the burn leaves d.
    expect(await balance(d.hex)).toBe(dStart - 300 * TRX - u * 1_000);
    expect(await balance(e.hex)).toBe(eStart);
    expect(((await tronWeb.trx.getUnconfirmedAccount(d.hex)) as Reply).frozenV2).toEqual([
      {},
      { type: 'ENERGY', amount: 300 * TRX },
      { type: 'TRON_POWER' },
    ]);
    expect((await resources(d.hex)).EnergyLimit).toBe(ENERGY_LIMIT);
    expect((await resources(e.hex)).EnergyLimit).toBeUndefined();
    expect(await tronWeb.trx.getDelegatedResourceV2(d.hex, e.hex, { confirmed: false })).toEqual({});
  });

  it('vote for a candidate who paid WitnessCreate: it produces blocks after maintenance and rewards are withdrawn', async () => {
    await start();
    const [cand, voter] = [account(5), account(6)];
    const candStart = await balance(cand.hex);
    await ok(await tronWeb.transactionBuilder.applyForSR(cand.hex, 'https://cand.example'), cand.key);
    await ok(await tronWeb.transactionBuilder.freezeBalanceV2(1_000 * TRX, 'BANDWIDTH', voter.hex), voter.key);
    await node.mine(1);
    // The candidacy burns 9,999 TRX; its bytes fit the free allowance.
    expect(await balance(cand.hex)).toBe(candStart - 9_999 * TRX);
    await ok(await tronWeb.transactionBuilder.vote({ [cand.hex]: 1_000 }, voter.hex), voter.key);
    await node.mine(1);

    await later(6 * 3600);
    const m1 = node.head().number;
    const witnesses = (await tronWeb.trx.listSuperRepresentatives()) as Reply[];
    expect(witnesses.find((w) => w.address === cand.hex)).toMatchObject({
      voteCount: 1_000,
      isJobs: true,
      url: 'https://cand.example',
    });
    await node.mine(12);
    await later(6 * 3600);
    const m2 = node.head().number;
    // Blocks m1+1 … m2 paid into the cycle in which the candidate held all 1,000 votes.
    const blocks = (await tronWeb.trx.getBlockRange(m1 + 1, m2)) as Reply[];
    const byCandidate = blocks.filter((blk) => blk.block_header.raw_data.witness_address === cand.hex).length;
    expect(byCandidate).toBeGreaterThan(0);
    // Voters' pool: 160 TRX × 80 % per block, plus 16 TRX × 80 % per block the candidate produced.
    const pool = blocks.length * 128 * TRX + byCandidate * 12.8 * TRX;
    const allowance = blocks.length * 32 * TRX + byCandidate * 3.2 * TRX;
    expect(await tronWeb.trx.getUnconfirmedReward(voter.hex)).toBe(pool);
    expect(await tronWeb.trx.getUnconfirmedReward(cand.hex)).toBe(allowance);
    expect(await tronWeb.trx.getUnconfirmedBrokerage(cand.hex)).toBe(20);

    const [voterBefore, candBefore] = [await balance(voter.hex), await balance(cand.hex)];
    const w1 = await ok(await tronWeb.transactionBuilder.withdrawBlockRewards(voter.hex), voter.key);
    const w2 = await ok(await tronWeb.transactionBuilder.withdrawBlockRewards(cand.hex), cand.key);
    await node.mine(1);
    expect((await txInfo(w1.txID)).withdraw_amount).toBe(pool);
    expect((await txInfo(w2.txID)).withdraw_amount).toBe(allowance);
    expect(await balance(voter.hex)).toBe(voterBefore + pool);
    expect(await balance(cand.hex)).toBe(candBefore + allowance);
    expect(await refused(await tronWeb.transactionBuilder.withdrawBlockRewards(voter.hex), voter.key)).toMatch(
      /^Contract validate error : The last withdraw time is \d+, less than 24 hours$/,
    );
    // The confirmed (solidity) read agrees once the block is solidified.
    await node.mine(2);
    expect(await tronWeb.trx.getReward(voter.hex)).toBe(0);
  });

  it('issues a TRC-10 token and transfers it', async () => {
    await start();
    const [issuer, buyer] = [account(7), account(8)];
    const holder = newKey();
    const saleStart = Math.max(Date.now(), node.head().timestamp) + 60_000;
    const before = await balance(issuer.hex);
    const issue = await ok(
      await tronWeb.transactionBuilder.createToken(
        {
          name: 'Local',
          abbreviation: 'LOC',
          description: 'local token',
          url: 'https://loc.example',
          totalSupply: 1_000_000,
          trxRatio: 1,
          tokenRatio: 5,
          saleStart,
          saleEnd: saleStart + DAY * 1000,
          precision: 2,
        },
        issuer.hex,
      ),
      issuer.key,
    );
    await node.mine(1);
    expect(await txInfo(issue.txID)).toMatchObject({ assetIssueID: '1000001', fee: 1_024 * TRX });
    expect(await balance(issuer.hex)).toBe(before - 1_024 * TRX);
    expect(await tronWeb.trx.getTokenFromID('1000001')).toMatchObject({
      id: '1000001',
      name: 'Local',
      abbr: 'LOC',
      total_supply: 1_000_000,
      precision: 2,
      trx_num: 1,
      num: 5,
    });

    // To a new address: 1 TRX activation + 0.1 TRX bandwidth (new-account transfers never use the free allowance).
    const sent = await ok(
      await tronWeb.transactionBuilder.sendToken(holder.hex, 1_000, '1000001', issuer.hex),
      issuer.key,
    );
    await node.mine(1);
    expect(await txInfo(sent.txID)).toMatchObject({ fee: 1_100_000, receipt: { net_fee: 100_000 } });
    expect(((await tronWeb.trx.getUnconfirmedAccount(holder.hex)) as Reply).assetV2).toEqual([
      { key: '1000001', value: 1_000 },
    ]);
    expect(((await tronWeb.trx.getUnconfirmedAccount(issuer.hex)) as Reply).assetV2).toEqual([
      { key: '1000001', value: 999_000 },
    ]);

    await later(61);
    const buyerBefore = await balance(buyer.hex);
    await ok(await tronWeb.transactionBuilder.purchaseToken(issuer.hex, '1000001', 100, buyer.hex), buyer.key);
    await node.mine(1);
    // 100 sun × num 5 / trx_num 1 = 500 units.
    expect(((await tronWeb.trx.getUnconfirmedAccount(buyer.hex)) as Reply).assetV2).toEqual([
      { key: '1000001', value: 500 },
    ]);
    expect(await balance(buyer.hex)).toBe(buyerBefore - 100);
  });

  it('an operator account with a separate witness permission produces blocks signed by the witness key once elected', async () => {
    const operator = newKey();
    const witnessKey = newKey();
    const lines: string[] = [];
    await start({
      localWitness: [witnessKey.key],
      localWitnessAccountAddress: operator.hex,
      log: (l) => lines.push(l),
    });
    const [funder, voter] = [account(0), account(1)];
    await ok(await tronWeb.transactionBuilder.sendTrx(operator.hex, 10_200 * TRX, funder.hex), funder.key);
    await node.mine(1);
    await ok(await tronWeb.transactionBuilder.applyForSR(operator.hex, 'https://operator.example'), operator.key);
    await node.mine(1);
    const self = [{ address: operator.hex, weight: 1 }];
    await ok(
      await tronWeb.transactionBuilder.updateAccountPermissions(
        operator.hex,
        { type: 0, permission_name: 'owner', threshold: 1, keys: self } as never,
        { type: 1, permission_name: 'witness', threshold: 1, keys: [{ address: witnessKey.hex, weight: 1 }] } as never,
        [
          {
            type: 2,
            permission_name: 'active',
            threshold: 1,
            operations: '7fff1fc0033efb0f' + '00'.repeat(24),
            keys: self,
          },
        ] as never,
      ),
      operator.key,
    );
    await ok(await tronWeb.transactionBuilder.freezeBalanceV2(100 * TRX, 'BANDWIDTH', voter.hex), voter.key);
    await node.mine(1);
    expect(((await tronWeb.trx.getUnconfirmedAccount(operator.hex)) as Reply).witness_permission).toEqual({
      type: 'Witness',
      id: 1,
      permission_name: 'witness',
      threshold: 1,
      keys: [{ address: witnessKey.hex, weight: 1 }],
    });
    await ok(await tronWeb.transactionBuilder.vote({ [operator.hex]: 100 }, voter.hex), voter.key);
    await node.mine(1);
    await later(6 * 3600);
    const genesis = node.chain.props.genesisWitnesses[0]!;
    expect(node.chain.props.activeWitnesses).toEqual([operator.hex, genesis]);
    const from = node.head().number + 1;
    await node.mine(6);
    const blocks: { witness: string; signer: string }[] = [];
    for (let n = from; n < from + 6; n++) {
      const block = protocol.Block.decode((await node.chain.blockBytes(n))!) as unknown as {
        block_header: { raw_data: Record<string, unknown>; witness_signature: Uint8Array };
      };
      const raw = protocol.BlockHeader.raw.encode(block.block_header.raw_data as protocol.BlockHeader.Iraw).finish();
      blocks.push({
        witness: bytesToHex(block.block_header.raw_data.witness_address as Uint8Array),
        signer: recoverAddress(sha256(raw), block.block_header.witness_signature),
      });
    }
    // Two producers on consecutive slots: 6 blocks = 3 by the operator + 3 by the genesis representative.
    const byOperator = blocks.filter((x) => x.witness === operator.hex);
    expect(byOperator).toHaveLength(6 / 2);
    // The operator's blocks carry its address as witness_address and are signed by the witness-permission key.
    expect(byOperator.map((x) => x.signer)).toEqual([witnessKey.hex, witnessKey.hex, witnessKey.hex]);
    expect(blocks.filter((x) => x.witness === genesis).map((x) => x.signer)).toEqual([genesis, genesis, genesis]);
    expect(
      ((await tronWeb.trx.getBlockByNumber(from + blocks.indexOf(byOperator[0]!))) as Reply).block_header.raw_data
        .witness_address,
    ).toBe(operator.hex);
    expect(lines.filter((l) => l.startsWith('Not producing'))).toEqual([]);
  });
});
