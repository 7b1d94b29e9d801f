import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import type { ContractSpec } from '@core/tx/builders';
import { encodeBase58Check } from '@core/bytes/base58';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { newKey, startNode, type Key, type Reply } from '../helpers';
import { account, b, balanceOf, build, call, expectRefused, fundedKey, info, send, TRX } from '../staking/helpers';

/**
 * Bancor exchanges end to end (java-tron ExchangeCreate/Inject/Withdraw/TransactionActuator):
 * a TRC-10 token against TRX, amounts worked out by hand; the sale price is java-tron's (see
 * bancor.test.ts for the math against Java).
 */
const hex = (text: string): string => bytesToHex(utf8ToBytes(text));
const TOKEN = '1000001';
const CREATE_FEE = 1_024n * TRX;
/** TRX burned for bandwidth once the free allowance is used up. */
const netFee = (i: Reply): bigint => BigInt((i.receipt?.net_fee as number | undefined) ?? 0);

describe('Bancor exchanges', () => {
  let node: TronNode;
  let creator: Key;
  let trader: Key;

  const create = (
    owner: Key,
    first: string,
    firstBalance: bigint,
    second: string,
    secondBalance: bigint,
  ): ContractSpec => ({
    type: 'ExchangeCreateContract',
    value: {
      owner_address: owner.hex,
      first_token_id: hex(first),
      first_token_balance: firstBalance,
      second_token_id: hex(second),
      second_token_balance: secondBalance,
    },
  });
  const move = (
    type: 'ExchangeInjectContract' | 'ExchangeWithdrawContract',
    owner: Key,
    id: number,
    token: string,
    quant: bigint,
  ): ContractSpec => ({
    type,
    value: { owner_address: owner.hex, exchange_id: id, token_id: hex(token), quant },
  });
  const trade = (owner: Key, id: number, token: string, quant: bigint, expected: bigint): ContractSpec => ({
    type: 'ExchangeTransactionContract',
    value: { owner_address: owner.hex, exchange_id: id, token_id: hex(token), quant, expected },
  });
  const exchange = async (id: number): Promise<Reply> => (await call(node, '/wallet/getexchangebyid', { id })).json;
  const tokens = async (who: Key): Promise<number> =>
    ((await account(node, who.hex)).assetV2 as Reply[] | undefined)?.find((a) => a.key === TOKEN)?.value ?? 0;

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    creator = fundedKey(node, 0);
    trader = fundedKey(node, 1);
    const start = node.head().timestamp + 60_000;
    await send(
      node,
      b.assetIssueContract({
        owner: creator.hex,
        name: 'Pool',
        abbr: 'POOL',
        totalSupply: 10_000_000_000n,
        precision: 0,
        trxNum: 1,
        num: 1,
        startTime: start,
        endTime: start + 86_400_000,
        url: 'https://pool.example',
      }),
      creator,
    );
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it('creates token ↔ TRX: both balances and the 1024 TRX fee leave the creator, exchange_id 1 in the info', async () => {
    const before = await balanceOf(node, creator.hex);
    const tx = await send(node, create(creator, TOKEN, 1_000_000_000n, '_', 1_000n * TRX), creator);
    await node.mine(1);
    const i = await info(node, tx.txID);
    expect([i.exchange_id, i.fee]).toEqual([1, Number(CREATE_FEE)]);
    const stored = (await call(node, '/wallet/gettransactionbyid', { value: tx.txID })).json;
    expect(stored.raw_data.contract[0]).toMatchObject({
      type: 'ExchangeCreateContract',
      parameter: { value: { first_token_id: hex(TOKEN), second_token_id: hex('_') } },
    });
    const block = (await call(node, '/wallet/getblockbynum', { num: i.blockNumber })).json;
    expect(block.transactions.map((t: Reply) => t.txID)).toContain(tx.txID);
    expect(await balanceOf(node, creator.hex)).toBe(before - CREATE_FEE - 1_000n * TRX);
    expect(await tokens(creator)).toBe(10_000_000_000 - 1_000_000_000);
    expect(await exchange(1)).toEqual({
      exchange_id: 1,
      creator_address: creator.hex,
      create_time: expect.any(Number),
      first_token_id: hex(TOKEN),
      first_token_balance: 1_000_000_000,
      second_token_id: hex('_'),
      second_token_balance: 1_000_000_000,
    });
  });

  it('injects in proportion: 10 % more of one side takes 10 % more of the other', async () => {
    const before = await balanceOf(node, creator.hex);
    const tx = await send(node, move('ExchangeInjectContract', creator, 1, TOKEN, 100_000_000n), creator);
    await node.mine(1);
    const i = await info(node, tx.txID);
    expect(i.exchange_inject_another_amount).toBe(100_000_000);
    expect(await balanceOf(node, creator.hex)).toBe(before - 100_000_000n - netFee(i));
    expect(await exchange(1)).toMatchObject({
      first_token_balance: 1_100_000_000,
      second_token_balance: 1_100_000_000,
    });
  });

  it('trades 10 TRX for tokens at the Bancor price, refusing a higher expectation', async () => {
    await expectRefused(
      node,
      'exchangetransaction',
      { owner_address: trader.hex, exchange_id: 1, token_id: hex('_'), quant: 10_000_000, expected: 9_909_910 },
      'token required must greater than expected',
    );
    const before = await balanceOf(node, trader.hex);
    const tx = await send(node, trade(trader, 1, '_', 10_000_000n, 9_909_909n), trader);
    await node.mine(1);
    // java-tron: exchange(1.1e9, 1.1e9, 1e7) = 9,909,909.
    expect((await info(node, tx.txID)).exchange_received_amount).toBe(9_909_909);
    expect(await tokens(trader)).toBe(9_909_909);
    expect(await balanceOf(node, trader.hex)).toBe(before - 10_000_000n);
    expect(await exchange(1)).toMatchObject({
      first_token_balance: 1_100_000_000 - 9_909_909,
      second_token_balance: 1_110_000_000,
    });
  });

  it('withdraws in proportion, rounded down', async () => {
    const before = await balanceOf(node, creator.hex);
    const tokensBefore = await tokens(creator);
    const tx = await send(node, move('ExchangeWithdrawContract', creator, 1, '_', 111_000_000n), creator);
    await node.mine(1);
    const i = await info(node, tx.txID);
    // 1,090,090,091 tokens × 111e6 / 1,110e6 = 109,009,009.1 → 109,009,009.
    expect(i.exchange_withdraw_another_amount).toBe(109_009_009);
    expect(await tokens(creator)).toBe(tokensBefore + 109_009_009);
    expect(await balanceOf(node, creator.hex)).toBe(before + 111_000_000n - netFee(i));
    expect(await exchange(1)).toMatchObject({
      first_token_balance: 1_090_090_091 - 109_009_009,
      second_token_balance: 999_000_000,
    });
  });

  it('refuses creation as java-tron does', async () => {
    const body = (owner: string, first: string, firstBalance: number, second: string, secondBalance: number) => ({
      owner_address: owner,
      first_token_id: hex(first),
      first_token_balance: firstBalance,
      second_token_id: hex(second),
      second_token_balance: secondBalance,
    });
    const stranger = newKey();
    await expectRefused(node, 'exchangecreate', body('4100', '_', 1, TOKEN, 1), 'Invalid address');
    await expectRefused(
      node,
      'exchangecreate',
      body(stranger.hex, '_', 1, TOKEN, 1),
      `account[${stranger.hex}] not exists`,
    );
    await expectRefused(
      node,
      'exchangecreate',
      body(creator.hex, 'abc', 1, TOKEN, 1),
      'first token id is not a valid number',
    );
    await expectRefused(
      node,
      'exchangecreate',
      body(creator.hex, '_', 1, '01', 1),
      'second token id is not a valid number',
    );
    await expectRefused(node, 'exchangecreate', body(creator.hex, TOKEN, 1, TOKEN, 1), 'cannot exchange same tokens');
    await expectRefused(
      node,
      'exchangecreate',
      body(creator.hex, '_', 0, TOKEN, 1),
      'token balance must greater than zero',
    );
    await expectRefused(
      node,
      'exchangecreate',
      body(creator.hex, '_', 1, TOKEN, 1_000_000_000_000_001),
      'token balance must less than 1000000000000000',
    );
    await expectRefused(
      node,
      'exchangecreate',
      body(creator.hex, '_', 9e15, TOKEN, 1),
      'token balance must less than 1000000000000000',
    );
    await expectRefused(node, 'exchangecreate', body(creator.hex, TOKEN, 1, '_', 1e15), 'balance is not enough');
    await expectRefused(
      node,
      'exchangecreate',
      body(creator.hex, '1000009', 1, '_', 1),
      'first token balance is not enough',
    );
    await expectRefused(
      node,
      'exchangecreate',
      body(creator.hex, '_', 1, '1000009', 1),
      'second token balance is not enough',
    );
    const poor = newKey();
    await send(node, b.transferContract({ owner: trader.hex, to: poor.hex, amount: TRX }), trader);
    await node.mine(1);
    await expectRefused(
      node,
      'exchangecreate',
      body(poor.hex, '_', 1, TOKEN, 1),
      'No enough balance for exchange create fee!',
    );
  });

  it('refuses injections, withdrawals and trades as java-tron does', async () => {
    const body = (owner: Key, id: number, token: string, quant: number) => ({
      owner_address: owner.hex,
      exchange_id: id,
      token_id: hex(token),
      quant,
    });
    for (const path of ['exchangeinject', 'exchangewithdraw']) {
      await expectRefused(node, path, body(creator, 7, TOKEN, 1), 'Exchange[7] not exists');
      await expectRefused(node, path, body(trader, 1, TOKEN, 1), `account[${trader.hex}] is not creator`);
      await expectRefused(node, path, body(creator, 1, 'x', 1), 'token id is not a valid number');
    }
    await expectRefused(node, 'exchangeinject', body(creator, 1, '1000002', 1), 'token id is not in exchange');
    await expectRefused(
      node,
      'exchangeinject',
      body(creator, 1, TOKEN, 0),
      'injected token quant must greater than zero',
    );
    // 1 sun of TRX buys 981,081,082 / 999e6 < 1 token.
    await expectRefused(
      node,
      'exchangeinject',
      body(creator, 1, '_', 1),
      'the calculated token quant  must be greater than 0',
    );
    await expectRefused(
      node,
      'exchangeinject',
      body(creator, 1, '_', 1e15),
      'token balance must less than 1000000000000000',
    );
    await expectRefused(node, 'exchangeinject', body(creator, 1, '_', 1e14), 'balance is not enough');
    await expectRefused(node, 'exchangewithdraw', body(creator, 1, '1000002', 1), 'token is not in exchange');
    await expectRefused(
      node,
      'exchangewithdraw',
      body(creator, 1, TOKEN, 0),
      'withdraw token quant must greater than zero',
    );
    await expectRefused(node, 'exchangewithdraw', body(creator, 1, '_', 1e12), 'exchange balance is not enough');
    await expectRefused(
      node,
      'exchangewithdraw',
      body(creator, 1, '_', 1),
      'withdraw another token quant must greater than zero',
    );
    // 981,081,082 tokens × 2 / 999e6 = 1.9641… → 1: the 0.9641 left out is more than 0.01 % of it.
    await expectRefused(node, 'exchangewithdraw', body(creator, 1, '_', 2), 'Not precise enough');
    const tradeBody = (token: string, quant: number, expected: number) => ({
      ...body(trader, 1, token, quant),
      expected,
    });
    await expectRefused(
      node,
      'exchangetransaction',
      { ...tradeBody('_', 1, 1), exchange_id: 7 },
      'Exchange[7] not exists',
    );
    await expectRefused(node, 'exchangetransaction', tradeBody('1000002', 1, 1), 'token is not in exchange');
    await expectRefused(node, 'exchangetransaction', tradeBody('_', 0, 1), 'token quant must greater than zero');
    await expectRefused(node, 'exchangetransaction', tradeBody('_', 1, 0), 'token expected must greater than zero');
    await expectRefused(
      node,
      'exchangetransaction',
      tradeBody('_', 1e15, 1),
      'token balance must less than 1000000000000000',
    );
    await expectRefused(node, 'exchangetransaction', tradeBody('_', 1e14, 1), 'balance is not enough');
    await expectRefused(node, 'exchangetransaction', tradeBody(TOKEN, 1e12, 1), 'token balance is not enough');
  });

  it('lists exchanges newest first, pages them by id, and reads the solidified one on /walletsolidity', async () => {
    await send(node, create(creator, TOKEN, 3n, '_', 10n), creator);
    await node.mine(1);
    const list = (await call(node, '/wallet/listexchanges')).json.exchanges as Reply[];
    expect(list.map((e) => e.exchange_id)).toEqual([2, 1]);
    const page = (await call(node, '/wallet/getpaginatedexchangelist', { offset: 1, limit: 10 })).json
      .exchanges as Reply[];
    expect(page.map((e) => e.exchange_id)).toEqual([2]);
    expect((await call(node, '/wallet/getpaginatedexchangelist', { offset: 2, limit: 10 })).json).toEqual({});
    expect((await call(node, '/walletsolidity/getexchangebyid', { id: 2 })).json.second_token_balance).toBe(10);
    expect((await call(node, '/walletsolidity/listexchanges')).json.exchanges).toHaveLength(2);
    expect((await call(node, '/wallet/getexchangebyid?id=1')).json.exchange_id).toBe(1);
    expect((await call(node, '/wallet/getexchangebyid', { id: 9 })).json).toEqual({
      Error: 'class java.lang.NullPointerException : null',
    });
    expect((await call(node, '/wallet/getexchangebyid')).json).toEqual({
      Error: 'class java.lang.NumberFormatException : null',
    });
    expect((await call(node, '/wallet/getexchangebyid', { id: 1, visible: true })).json).toMatchObject({
      creator_address: expect.stringMatching(/^T/),
    });
    // 1 sun into a pool of 10 sun and 3 tokens buys no whole token.
    await expectRefused(
      node,
      'exchangetransaction',
      { owner_address: trader.hex, exchange_id: 2, token_id: hex('_'), quant: 1, expected: 1 },
      'token required must greater than expected',
    );
    // Withdrawing all 10 sun takes all 3 tokens too: the pool is closed.
    await send(node, move('ExchangeWithdrawContract', creator, 2, '_', 10n), creator);
    await node.mine(1);
    expect(await exchange(2)).not.toHaveProperty('first_token_balance');
    await expectRefused(
      node,
      'exchangeinject',
      { owner_address: creator.hex, exchange_id: 2, token_id: hex('_'), quant: 1 },
      'Token balance in exchange is equal with 0,the exchange has been closed',
    );
  });

  it('with visible, takes and prints token ids as text ("_" for TRX), as HttpSelfFormatFieldName lists them', async () => {
    const created = (
      await call(node, '/wallet/exchangecreate', {
        owner_address: encodeBase58Check(hexToBytes(creator.hex)),
        first_token_id: '_',
        first_token_balance: 10,
        second_token_id: TOKEN,
        second_token_balance: 3,
        visible: true,
      })
    ).json;
    expect(created.raw_data.contract[0].parameter.value).toMatchObject({ first_token_id: '_', second_token_id: TOKEN });
    const injected = (
      await call(node, '/wallet/exchangeinject', {
        owner_address: encodeBase58Check(hexToBytes(creator.hex)),
        exchange_id: 1,
        token_id: '_',
        quant: 1,
        visible: true,
      })
    ).json;
    // "_" reads as the TRX side and reaches ExchangeInjectActuator, whose proportion check refuses 1 sun.
    expect(injected).toEqual({
      Error:
        'class org.tron.core.exception.ContractValidateException : the calculated token quant  must be greater than 0',
    });
    const shown = (await call(node, '/wallet/getexchangebyid', { id: 1, visible: true })).json;
    expect([shown.first_token_id, shown.second_token_id].sort()).toEqual([TOKEN, '_'].sort());
    const hexShown = (await call(node, '/wallet/getexchangebyid', { id: 1 })).json;
    expect([hexShown.first_token_id, hexShown.second_token_id].sort()).toEqual([hex(TOKEN), hex('_')].sort());
  });

  it('builder endpoints refuse GET, as java-tron (no doGet)', async () => {
    for (const path of ['exchangecreate', 'exchangeinject', 'exchangewithdraw', 'exchangetransaction'])
      expect((await call(node, `/wallet/${path}`)).status).toBe(405);
    const built = await build(node, 'exchangetransaction', {
      owner_address: trader.hex,
      exchange_id: 1,
      token_id: hex('_'),
      quant: 1_000,
      expected: 1,
    });
    expect(built.raw_data.contract[0].type).toBe('ExchangeTransactionContract');
  });
});
