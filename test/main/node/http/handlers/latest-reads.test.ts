import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { broadcast, call, fundedKey, makeTx, startNode, transfer, type Key } from '../../helpers';

/**
 * The paths java-tron 4.8.0 serves beside the common ones: GetBurnTrxServlet, GetPendingSizeServlet,
 * Get…FromPendingServlet, GetMemoFeePricesServlet, GetBlockByLatestNumServlet,
 * GetTransactionCountByBlockNumServlet, the Stake 1.0 delegation reads, CreateAccountServlet, and
 * the /walletsolidity forms of the block and witness reads (the full node's servlets over the
 * solidified block).
 */
describe('the pending, burn, count and solidified block reads', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
    await node.mine(30);
  });
  afterAll(async () => {
    await node.stop();
  });

  it('prints getburntrx, getpendingsize and gettransactioncountbyblocknum with java-tron’s space', async () => {
    expect((await call(node, '/wallet/getburntrx')).text).toMatch(/^\{"burnTrxAmount": \d+\}\n$/);
    expect((await call(node, '/walletsolidity/getburntrx', {})).text).toMatch(/^\{"burnTrxAmount": \d+\}\n$/);
    expect((await call(node, '/wallet/getpendingsize')).text).toBe('{"pendingSize": 0}\n');
    const tx = makeTx(node, transfer(alice, bob, 5n), alice.key);
    expect((await broadcast(node, tx)).result).toBe(true);
    expect((await call(node, '/wallet/getpendingsize', {})).text).toBe('{"pendingSize": 1}\n');
    expect((await call(node, '/wallet/gettransactionlistfrompending')).json).toEqual({ txId: [tx.txID] });
    const fromPending = (await call(node, '/wallet/gettransactionfrompending', { value: tx.txID })).json;
    expect(fromPending.txID).toBe(tx.txID);
    expect((await call(node, `/wallet/gettransactionfrompending?value=${tx.txID}`)).json.txID).toBe(tx.txID);
    const head = await node.mine(1);
    expect((await call(node, '/wallet/gettransactionfrompending', { value: tx.txID })).json).toEqual({});
    expect((await call(node, '/wallet/gettransactionlistfrompending')).json).toEqual({});
    expect((await call(node, '/wallet/gettransactioncountbyblocknum', { num: head.number })).text).toBe(
      '{"count": 1}\n',
    );
    expect((await call(node, `/wallet/gettransactioncountbyblocknum?num=${head.number + 9}`)).text).toBe(
      '{"count": 0}\n',
    );
    // Not solidified yet: the solidified chain has no such block.
    expect((await call(node, '/walletsolidity/gettransactioncountbyblocknum', { num: head.number })).text).toBe(
      '{"count": 0}\n',
    );
  });

  it('getblockbylatestnum: the last num blocks for 0 < num < 100, {} otherwise', async () => {
    const head = await node.mine(1);
    const latest = (await call(node, '/wallet/getblockbylatestnum', { num: 3 })).json;
    const numbers = latest.block.map((b: { block_header: { raw_data: { number?: number } } }) =>
      Number(b.block_header.raw_data.number ?? 0),
    );
    expect(numbers).toEqual([head.number - 2, head.number - 1, head.number]);
    for (const num of [0, 100, -1]) expect((await call(node, '/wallet/getblockbylatestnum', { num })).json).toEqual({});
    const solid = (await call(node, '/walletsolidity/getblockbylatestnum', { num: 1 })).json;
    expect(solid.block[0].block_header.raw_data.number).toBe(node.head().solidified);
  });

  it('answers /walletsolidity block reads up to the solidified block only', async () => {
    const head = await node.mine(1);
    const solid = node.head().solidified;
    expect(solid).toBeLessThan(head.number);
    const atSolid = (await call(node, '/walletsolidity/getblockbynum', { num: solid })).json;
    expect(atSolid).toEqual((await call(node, '/wallet/getblockbynum', { num: solid })).json);
    expect((await call(node, '/walletsolidity/getblockbynum', { num: head.number })).json).toEqual({});
    const headId = (await call(node, '/wallet/getblockbynum', { num: head.number })).json.blockID;
    expect((await call(node, '/walletsolidity/getblockbyid', { value: headId })).json).toEqual({});
    expect((await call(node, '/walletsolidity/getblockbyid', { value: atSolid.blockID })).json.blockID).toBe(
      atSolid.blockID,
    );
    expect((await call(node, '/walletsolidity/getblock', {})).json.blockID).toBe(atSolid.blockID);
    expect((await call(node, '/walletsolidity/getblock', { id_or_num: String(head.number) })).json).toEqual({});
    const range = (await call(node, '/walletsolidity/getblockbylimitnext', { startNum: solid - 1, endNum: solid + 5 }))
      .json;
    expect(range.block).toHaveLength(2);
    const witnesses = (await call(node, '/walletsolidity/listwitnesses')).json;
    expect(witnesses.witnesses).toHaveLength(27);
    expect((await call(node, '/walletsolidity/getnodeinfo')).json.block).toBe(`Num:${head.number},ID:${headId}`);
  });

  it('prints the price histories on both prefixes and the memo fee history on /wallet', async () => {
    expect((await call(node, '/wallet/getmemofee')).json).toEqual({ prices: '0:1000000' });
    const energy = (await call(node, '/wallet/getenergyprices')).json;
    expect((await call(node, '/walletsolidity/getenergyprices')).json).toEqual(energy);
    const bandwidth = (await call(node, '/wallet/getbandwidthprices')).json;
    expect((await call(node, '/walletsolidity/getbandwidthprices')).json).toEqual(bandwidth);
  });

  it('answers the Stake 1.0 delegation reads with the empty message and builds createaccount', async () => {
    for (const prefix of ['/wallet', '/walletsolidity']) {
      const pair = { fromAddress: alice.hex, toAddress: bob.hex };
      expect((await call(node, `${prefix}/getdelegatedresource`, pair)).json).toEqual({});
      expect((await call(node, `${prefix}/getdelegatedresourceaccountindex`, { value: alice.hex })).json).toEqual({});
    }
    const built = (
      await call(node, '/wallet/createaccount', { owner_address: alice.hex, account_address: '41'.padEnd(42, '7') })
    ).json;
    expect(built.raw_data.contract[0].type).toBe('AccountCreateContract');
    expect(built.raw_data.contract[0].parameter.value.owner_address).toBe(alice.hex);
    expect((await call(node, '/wallet/createaccount')).status).toBe(405);
  });
});
