import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import type { TronNode } from '@main/node';
import { loadArtifacts } from '../../../fixtures/contracts/compile';
import { startNode } from '../helpers';
import type { Reply } from '../helpers';

/**
 * The node's TronGrid v1 API over HTTP: account history (transactions and TRC-20 rows in
 * TronGrid's recorded shapes, with their filters and paging), events only where an ABI decodes
 * them, hex or Base58 addresses, TronGrid's 400 envelope for bad input and TronWeb's health check.
 */
const TRX = 1_000_000;
const fixture = (name: string): Reply =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/trongrid/${name}`, import.meta.url), 'utf8')) as Reply;

async function get(url: string): Promise<{ status: number; body: Reply }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Reply };
}

describe('TronGrid v1 API of the node', () => {
  let node: TronNode;
  let tronWeb: TronWeb;
  let alice: string;
  let bob: string;
  let carol: string;
  let token: string;
  let silent: string;
  const ids: Record<string, string> = {};

  async function send(tx: { txID: string }, key?: string): Promise<string> {
    const sent = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(tx as never, key));
    expect(sent).toMatchObject({ result: true });
    await node.mine(1);
    return tx.txID;
  }

  async function deploy(abi: readonly unknown[]): Promise<string> {
    const artifact = loadArtifacts()['Token']!;
    const tx = await tronWeb.transactionBuilder.createSmartContract(
      { abi: abi as never, bytecode: artifact.bytecode, feeLimit: 1_000 * TRX, parameters: [1_000_000] },
      alice,
    );
    await send(tx);
    return tronWeb.address.fromHex(tx.contract_address as string);
  }

  async function tokenCall(method: string, to: string, amount: number, key?: string): Promise<string> {
    const from = key ? tronWeb.address.fromPrivateKey(key) : alice;
    const built = await tronWeb.transactionBuilder.triggerSmartContract(
      token,
      method,
      { feeLimit: 100 * TRX },
      [
        { type: 'address', value: to },
        { type: 'uint256', value: amount },
      ],
      from as string,
    );
    return send(built.transaction, key);
  }

  beforeAll(async () => {
    node = await startNode();
    [alice, bob, carol] = node.accounts.slice(0, 3).map((a) => a.address) as [string, string, string];
    tronWeb = new TronWeb({ fullHost: node.url, privateKey: node.accounts[0]!.privateKey });
    token = await deploy(loadArtifacts()['Token']!.abi);
    silent = await deploy([]);
    ids.toBob = await tokenCall('transfer(address,uint256)', bob, 300);
    ids.approve = await tokenCall('approve(address,uint256)', carol, 50);
    ids.bobToCarol = await tokenCall('transfer(address,uint256)', carol, 20, node.accounts[1]!.privateKey);
    ids.trxToBob = await send(await tronWeb.transactionBuilder.sendTrx(bob, 5 * TRX, alice));
    ids.trxFromBob = await send(
      await tronWeb.transactionBuilder.sendTrx(carol, 2 * TRX, bob),
      node.accounts[1]!.privateKey,
    );
  });
  afterAll(async () => node?.stop());

  it("lists an account's transactions in TronGrid's recorded shape, newest first", async () => {
    const { status, body } = await get(`${node.url}/v1/accounts/${bob}/transactions`);
    expect(status).toBe(200);
    const recorded = fixture('account-transactions.json');
    expect(Object.keys(body)).toEqual(Object.keys(recorded));
    expect(body.data.map((t: Reply) => t.txID)).toEqual([ids.trxFromBob, ids.trxToBob, ids.bobToCarol]);
    for (const row of body.data) expect(Object.keys(row)).toEqual(Object.keys(recorded.data[0]));
    const [sent] = body.data;
    expect(sent.raw_data.contract[0]).toMatchObject({
      type: 'TransferContract',
      parameter: { value: { amount: 2 * TRX, owner_address: tronWeb.address.toHex(bob) } },
    });
    expect(sent.ret).toEqual([{ contractRet: 'SUCCESS', fee: expect.any(Number) }]);
    const info = (await tronWeb.trx.getUnconfirmedTransactionInfo(ids.bobToCarol!)) as Reply;
    expect(body.data[2]).toMatchObject({
      blockNumber: info.blockNumber,
      block_timestamp: info.blockTimeStamp,
      energy_usage_total: info.receipt.energy_usage_total,
      energy_fee: info.receipt.energy_fee,
      ret: [{ contractRet: 'SUCCESS', fee: info.fee }],
    });
  });

  it('filters account transactions by direction, by time and by confirmation, and pages them', async () => {
    const list = async (query: string): Promise<string[]> =>
      (await get(`${node.url}/v1/accounts/${bob}/transactions?${query}`)).body.data.map((t: Reply) => t.txID);
    expect(await list('only_to=true')).toEqual([ids.trxToBob]);
    expect(await list('only_from=true')).toEqual([ids.trxFromBob, ids.bobToCarol]);
    expect(await list('order_by=block_timestamp,asc')).toEqual([ids.bobToCarol, ids.trxToBob, ids.trxFromBob]);
    const last = (await get(`${node.url}/v1/accounts/${bob}/transactions?limit=1`)).body.data[0];
    expect(await list(`min_timestamp=${last.block_timestamp}`)).toEqual([ids.trxFromBob]);
    expect(await list(`max_timestamp=${last.block_timestamp - 1}`)).toEqual([ids.trxToBob, ids.bobToCarol]);
    expect(await list('only_confirmed=true')).toEqual([]);
    expect(await list('only_unconfirmed=true')).toHaveLength(3);

    const first = (await get(`${node.url}/v1/accounts/${alice}/transactions?limit=2`)).body;
    expect(first.meta.page_size).toBe(2);
    const second = (await get(first.meta.links.next)).body;
    const third = (await get(second.meta.links.next)).body;
    const all = [...first.data, ...second.data, ...third.data].map((t: Reply) => t.txID);
    expect(third.meta.fingerprint).toBeUndefined();
    expect(all).toHaveLength(5); // two deploys, two token calls, one TRX transfer
    expect(new Set(all).size).toBe(5);
  });

  it("lists TRC-20 transfers and approvals in TronGrid's recorded shape with the token's own metadata", async () => {
    const { body } = await get(`${node.url}/v1/accounts/${carol}/transactions/trc20`);
    const recorded = fixture('account-trc20.json');
    expect(Object.keys(body).slice(0, 2)).toEqual(Object.keys(recorded));
    expect(body.data).toEqual([
      {
        transaction_id: ids.bobToCarol,
        token_info: { symbol: 'TT', address: token, decimals: 6, name: 'Test Token' },
        block_timestamp: expect.any(Number),
        from: bob,
        to: carol,
        type: 'Transfer',
        value: '20',
      },
      {
        transaction_id: ids.approve,
        token_info: { symbol: 'TT', address: token, decimals: 6, name: 'Test Token' },
        block_timestamp: expect.any(Number),
        from: alice,
        to: carol,
        type: 'Approval',
        value: '50',
      },
    ]);
    for (const row of body.data) expect(Object.keys(row)).toEqual(Object.keys(recorded.data[0]));
  });

  it('filters TRC-20 rows by token, direction and page', async () => {
    const list = async (address: string, query: string): Promise<string[]> =>
      (await get(`${node.url}/v1/accounts/${address}/transactions/trc20?${query}`)).body.data.map(
        (t: Reply) => t.transaction_id,
      );
    expect(await list(bob, 'only_from=true')).toEqual([ids.bobToCarol]);
    expect(await list(bob, 'only_to=true')).toEqual([ids.toBob]);
    expect(await list(bob, `contract_address=${token}`)).toEqual([ids.bobToCarol, ids.toBob]);
    expect(await list(bob, `contract_address=${silent}`)).toEqual([]);
    const page = (await get(`${node.url}/v1/accounts/${bob}/transactions/trc20?limit=1`)).body;
    expect(page.data.map((t: Reply) => t.transaction_id)).toEqual([ids.bobToCarol]);
    expect((await get(page.meta.links.next)).body.data.map((t: Reply) => t.transaction_id)).toEqual([ids.toBob]);
  });

  it('accepts hex addresses as TronGrid does', async () => {
    const base58 = (await get(`${node.url}/v1/contracts/${token}/events`)).body.data;
    const hex = (await get(`${node.url}/v1/contracts/${tronWeb.address.toHex(token)}/events`)).body.data;
    expect(hex).toEqual(base58);
    expect(base58).toHaveLength(4);
  });

  it("lists only events the contract's ABI decodes", async () => {
    const { status, body } = await get(`${node.url}/v1/contracts/${silent}/events`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ data: [], success: true, meta: { page_size: 0 } });
    const info = (await tronWeb.trx.getUnconfirmedTransactionInfo(ids.toBob!)) as Reply;
    expect(info.log).toHaveLength(1);
  });

  it.each([
    ['/v1/accounts/TNotAnAddress/transactions', 'A valid account address is required.'],
    ['/v1/accounts/41abc/transactions/trc20', 'A valid account address is required.'],
    ['/v1/contracts/xyz/events', 'A valid contract address is required.'],
    ['/v1/transactions/1234/events', 'A valid transaction id is required.'],
    ['/v1/blocks/tip/events', 'A valid block number is required.'],
    ['/v1/contracts/TOKEN/events?limit=500', 'limit must be a whole number from 1 to 200.'],
    ['/v1/contracts/TOKEN/events?order_by=size', 'order_by must be block_timestamp,desc or block_timestamp,asc.'],
    ['/v1/contracts/TOKEN/events?fingerprint=zz', 'Invalid fingerprint.'],
    ['/v1/contracts/TOKEN/events?min_block_timestamp=yesterday', 'min_block_timestamp must be a whole number.'],
    ['/v1/accounts/TOKEN/transactions/trc20?contract_address=0x12', 'A valid contract address is required.'],
    ['/v1/accounts/TOKEN/transactions?only_to=1', 'only_to must be true or false.'],
    ['/v1/contracts/%ZZ/events', 'The path is not valid URL encoding.'],
  ])("answers %s with TronGrid's 400 envelope", async (path, message) => {
    const { status, body } = await get(`${node.url}${path.replace('TOKEN', token)}`);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(Object.keys(fixture('bad-account.json')));
    expect(body).toEqual({ success: false, error: message, statusCode: 400 });
  });

  it('answers the health check TronWeb sends to its event server', async () => {
    expect(await tronWeb.eventServer!.isConnected()).toBe(true);
    const response = await fetch(`${node.url}/healthcheck`);
    expect(response.status).toBe(200);
  });

  it('serves the v1 paths to GET only', async () => {
    const response = await fetch(`${node.url}/v1/contracts/${token}/events`, { method: 'POST' });
    expect(response.status).toBe(405);
  });

  it("answers /v1/blocks/latest/events with the head block's events", async () => {
    const txId = await tokenCall('transfer(address,uint256)', carol, 1);
    const latest = (await get(`${node.url}/v1/blocks/latest/events`)).body;
    expect(latest.data.map((e: Reply) => [e.transaction_id, e.block_number])).toEqual([[txId, node.head().number]]);
    const byNumber = (await get(`${node.url}/v1/blocks/${node.head().number}/events`)).body;
    expect(byNumber.data).toEqual(latest.data);
  });
});

describe('TronGrid v1 API after a restart', () => {
  it('rebuilds its index from the stored blocks and answers as before', async () => {
    const datadir = await mkdtemp(join(tmpdir(), 'events-api-'));
    try {
      let node = await startNode({ datadir });
      const tronWeb = new TronWeb({ fullHost: node.url, privateKey: node.accounts[0]!.privateKey });
      const artifact = loadArtifacts()['Token']!;
      const tx = await tronWeb.transactionBuilder.createSmartContract(
        { abi: artifact.abi as never, bytecode: artifact.bytecode, feeLimit: 1_000 * TRX, parameters: [77] },
        node.accounts[0]!.address,
      );
      await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(tx));
      await node.mine(1);
      const path = `/v1/contracts/${tronWeb.address.fromHex(tx.contract_address as string)}/events`;
      const before = (await get(`${node.url}${path}`)).body.data;
      expect(before).toHaveLength(1);
      await node.stop();
      node = await startNode({ datadir });
      try {
        expect((await get(`${node.url}${path}`)).body.data).toEqual(before);
      } finally {
        await node.stop();
      }
    } finally {
      await rm(datadir, { recursive: true, force: true });
    }
  });
});
