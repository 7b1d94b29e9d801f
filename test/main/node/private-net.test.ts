import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../src-main/node';
import { PRIVATE_NET_GENESIS } from '../../../src-main/node/private-net';
import { GENESIS_WITNESS_TEXT } from '../../../src-main/node/chain/genesis-block';
import { call, fundedKey, startNode } from './helpers';
import { account, advance, b, build, info, send, TRX } from './staking/helpers';

const ZION = 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC';
const ZION_HEX = '417e5f4552091a69125d5dfcb7b8c2659029395bdf';

describe('the tre profile: java-tron’s private net as TRE runs it', () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode({ profile: 'tre', accounts: 3 });
  });
  afterAll(async () => {
    await node.stop();
  });

  it('starts from the private-net genesis block: TRE’s parentHash, time 0 and java-tron’s sentence as witness', async () => {
    const block = (await call(node, '/wallet/getblockbynum', { num: 0 })).json;
    const raw = block.block_header.raw_data;
    expect(raw.parentHash).toBe('957dc2d350daecc7bb6a38f3938ebde0a0c1cedafe15f0edae4256a2907449f6');
    expect(raw.timestamp ?? 0).toBe(0);
    expect(Buffer.from(raw.witness_address, 'hex').toString('utf8')).toBe(GENESIS_WITNESS_TEXT);
  });

  it('has TRE’s genesis blockID, its reserve transfers and chain id 0xc845df2f', async () => {
    const block = (await call(node, '/wallet/getblockbynum', { num: 0, visible: true })).json;
    expect(block.blockID).toBe('0000000000000000c93baa76a4a508f798a96f59156d9eb17ecede8ec845df2f');
    expect(block.block_header.raw_data.version).toBeUndefined();
    const receivers = block.transactions.map(
      (t: { raw_data: { contract: { parameter: { value: { to_address: string } } }[] } }) =>
        t.raw_data.contract[0]!.parameter.value.to_address,
    );
    expect(receivers).toEqual(PRIVATE_NET_GENESIS.accounts.map((a) => a.address));
    for (const method of ['eth_chainId', 'net_version']) {
      const reply = (await call(node, '/jsonrpc', { jsonrpc: '2.0', id: 1, method })).json;
      expect(reply.result).toBe('0xc845df2f');
    }
  });

  it('holds the genesis reserve accounts with their names and balances, the blackhole at Long.MIN_VALUE', async () => {
    for (const asset of PRIVATE_NET_GENESIS.accounts) {
      const account = (await call(node, '/wallet/getaccount', { address: asset.address, visible: true })).json;
      expect(account.account_name).toBe(asset.name);
      expect(account.type).toBe('AssetIssue');
      if (asset.name !== 'Zion') expect(BigInt(account.balance ?? 0)).toBe(asset.balance);
    }
  });

  it('has Zion as its one representative, producing every block', async () => {
    const { witnesses } = (await call(node, '/wallet/listwitnesses')).json;
    expect(witnesses).toHaveLength(1);
    expect(witnesses[0]).toMatchObject({ address: ZION_HEX, url: 'http://tronstudio.com', voteCount: 10000 });
    const head = await node.mine(2);
    const block = (await call(node, '/wallet/getblockbynum', { num: head.number })).json;
    expect(block.block_header.raw_data.witness_address).toBe(ZION_HEX);
  });

  it('solidifies each block as soon as it is made', async () => {
    for (let i = 0; i < 3; i++) {
      const head = await node.mine(1);
      expect(head.solidified).toBe(head.number);
    }
  });

  it('pays each funded account 10,000 TRX by a transfer from Zion, as TRE does', async () => {
    for (const account of node.accounts) {
      const reply = (await call(node, '/wallet/getaccount', { address: account.address, visible: true })).json;
      expect(reply.balance).toBe(10_000_000_000);
    }
    const block = (await call(node, '/wallet/getblockbynum', { num: 2, visible: true })).json;
    const transfers = block.transactions.map(
      (t: { raw_data: { contract: { parameter: { value: Record<string, unknown> } }[] } }) =>
        t.raw_data.contract[0]!.parameter.value,
    );
    expect(transfers).toEqual(
      node.accounts.map((a) => ({ owner_address: ZION, to_address: a.address, amount: 10_000_000_000 })),
    );
  });
});

describe('the tre profile’s clock for unstaking and maintenance', () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode({ profile: 'tre', accounts: 1 });
  });
  afterAll(async () => {
    await node.stop();
  });

  it('matures an unstake one minute after it, as TRE does, while the chain still reports a 1-day delay', async () => {
    const a = fundedKey(node, 0);
    await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 100n * TRX, resource: 'ENERGY' }), a);
    await node.mine(1);
    const unstakedAt = node.head().timestamp;
    await send(node, b.unfreezeBalanceV2Contract({ owner: a.hex, amount: 10n * TRX, resource: 'ENERGY' }), a);
    await node.mine(1);
    const expire = unstakedAt + 60_000;
    expect((await account(node, a.hex)).unfrozenV2).toEqual([
      { type: 'ENERGY', unfreeze_amount: 10_000_000, unfreeze_expire_time: expire },
    ]);
    const withdrawable = (timestamp: number) =>
      build(node, 'getcanwithdrawunfreezeamount', { owner_address: a.hex, timestamp });
    expect(await withdrawable(expire - 1)).toEqual({});
    expect(await withdrawable(expire)).toEqual({ amount: 10_000_000 });

    await advance(node, 60);
    const withdraw = await send(node, b.withdrawExpireUnfreezeContract({ owner: a.hex }), a);
    await node.mine(1);
    expect((await info(node, withdraw.txID)).withdraw_expire_amount).toBe(10_000_000);
    const { chainParameter } = (await call(node, '/wallet/getchainparameters')).json;
    const value = (key: string) => chainParameter.find((p: { key: string }) => p.key === key)?.value;
    expect([value('getUnfreezeDelayDays'), value('getMaintenanceTimeInterval')]).toEqual([1, 86_400_000]);
  });

  it('keeps the next maintenance a day ahead of the head, so no slots are skipped during a test run', async () => {
    const { num } = (await call(node, '/wallet/getnextmaintenancetime')).json;
    const head = node.head().timestamp;
    expect(num).toBeGreaterThan(head);
    expect(num).toBeLessThanOrEqual(head + 86_400_000);
    expect(num % 86_400_000).toBe(0);
  });
});

describe('the tre profile on the wall clock', () => {
  it('starts with its funding block in the current slot, never ahead of the wall clock', async () => {
    const node = await startNode({ profile: 'tre', accounts: 1, blockTimeMs: 3000 });
    try {
      const head = node.head();
      expect(head.number).toBe(2);
      expect(head.timestamp).toBeLessThanOrEqual(Date.now());
      expect(head.solidified).toBe(2);
    } finally {
      await node.stop();
    }
  });

  it('starts a chain with another block time at the wall clock too, not in 1970', async () => {
    const before = Date.now();
    const node = await startNode({ profile: 'tre', accounts: 1, blockTimeMs: 0 });
    try {
      const head = node.head();
      expect(head.timestamp).toBeGreaterThan(before - 15_000);
      expect(head.timestamp).toBeLessThanOrEqual(Date.now());
    } finally {
      await node.stop();
    }
  });
});
