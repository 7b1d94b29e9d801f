import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { createNode, type TronNode } from '../../../src-main/node';
import { loadArtifacts } from '../../fixtures/contracts/compile';
import type { Reply } from '../../main/node/helpers';

/**
 * TronWeb 6.5.1's event methods with the node as the event server (TronWeb points its event
 * server at `fullHost`): a TRC-20's 250 Transfer events come back with the fields of the recorded
 * TronGrid response (test/fixtures/trongrid/contract-events.json), every filter narrows the list,
 * and fingerprint paging walks all 250 in both orders without losing or repeating one.
 */
const TRX = 1_000_000;
const TRANSFERS = 249; // plus the constructor's mint: 250 Transfer events
const artifacts = loadArtifacts();
const recorded = JSON.parse(
  readFileSync(new URL('../../fixtures/trongrid/contract-events.json', import.meta.url), 'utf8'),
) as Reply;

/** The node's 27 representatives solidify a block 19 blocks later. */
const CONFIRMING_BLOCKS = 20;

describe('TronWeb 6.5.1 event API against the node', () => {
  let node: TronNode;
  let tronWeb: TronWeb;
  let token: string;
  let tokenBase58: string;
  const transferIds: string[] = [];
  let approvalId: string;
  let pendingId: string;

  async function send(tx: { txID: string }): Promise<void> {
    const sent = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(tx as never));
    expect(sent).toMatchObject({ result: true });
  }

  async function call(method: string, parameters: { type: string; value: unknown }[]): Promise<string> {
    const built = await tronWeb.transactionBuilder.triggerSmartContract(
      token,
      method,
      { feeLimit: 100 * TRX },
      parameters,
    );
    await send(built.transaction);
    return built.transaction.txID;
  }

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 1 });
    const alice = node.accounts[0]!;
    tronWeb = new TronWeb({ fullHost: node.url, privateKey: alice.privateKey });
    const artifact = artifacts['Token']!;
    const deploy = await tronWeb.transactionBuilder.createSmartContract(
      { abi: artifact.abi as never, bytecode: artifact.bytecode, feeLimit: 1_000 * TRX, parameters: [1_000_000_000] },
      alice.address,
    );
    await send(deploy);
    await node.mine(1);
    token = tronWeb.address.toHex(deploy.contract_address as string);
    tokenBase58 = tronWeb.address.fromHex(token);
    transferIds.push(deploy.txID);
    for (let i = 0; i < TRANSFERS; i++) {
      // A distinct amount each time: the same call in the same block would have the same txID.
      transferIds.push(
        await call('transfer(address,uint256)', [
          { type: 'address', value: node.accounts[1 + (i % 3)]!.address },
          { type: 'uint256', value: i + 1 },
        ]),
      );
      if (i % 50 === 49) await node.mine(1);
    }
    approvalId = await call('approve(address,uint256)', [
      { type: 'address', value: node.accounts[1]!.address },
      { type: 'uint256', value: 7 },
    ]);
    await node.mine(1);
    await node.mine(CONFIRMING_BLOCKS);
    pendingId = await call('transfer(address,uint256)', [
      { type: 'address', value: node.accounts[2]!.address },
      { type: 'uint256', value: 1_000_000 },
    ]);
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it('answers TronWeb with the fields, key order and value forms of the recorded TronGrid response', async () => {
    const page = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      eventName: 'Transfer',
      onlyConfirmed: true,
      limit: 2,
    })) as Reply;
    const expected = recorded.data[0];
    expect(Object.keys(page)).toEqual(Object.keys(recorded));
    expect(Object.keys(page.meta)).toEqual(Object.keys(recorded.meta));
    expect(page.meta.page_size).toBe(2);
    expect(page.meta.links.next).toBe(
      `${node.url}/v1/contracts/${tokenBase58}/events?event_name=Transfer&only_confirmed=true&limit=2&fingerprint=${page.meta.fingerprint}`,
    );
    for (const event of page.data) {
      expect(Object.keys(event)).toEqual(Object.keys(expected));
      expect(Object.keys(event.result)).toEqual(Object.keys(expected.result));
      expect(event.result_type).toEqual(expected.result_type);
      expect(event.event).toBe(expected.event);
      expect(event.event_name).toBe('Transfer');
      expect(event.contract_address).toBe(tokenBase58);
      expect(event.caller_contract_address).toBe(tokenBase58);
      expect(event.result.from).toMatch(/^0x[0-9a-f]{40}$/);
      expect(event.result['0']).toBe(event.result.from);
      expect(event.result.to).toBe(event.result['1']);
      expect(event.result.value).toMatch(/^[0-9]+$/);
    }
    // Newest first: the last confirmed transfer paid 249 to the fourth account.
    expect(page.data[0].result.value).toBe(String(TRANSFERS));
    expect(page.data[0].result.to).toBe(`0x${node.accounts[1 + ((TRANSFERS - 1) % 3)]!.hex.slice(2)}`);
    expect(page.data[0].result.from).toBe(`0x${node.accounts[0]!.hex.slice(2)}`);
  });

  async function walk(options: Record<string, unknown>): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let fingerprint: string | undefined;
    let pages = 0;
    do {
      const page = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
        eventName: 'Transfer',
        onlyConfirmed: true,
        limit: 30,
        ...options,
        ...(fingerprint ? { fingerprint } : {}),
      })) as Reply;
      pages++;
      ids.push(...page.data.map((e: Reply) => e.transaction_id));
      fingerprint = page.meta.fingerprint;
    } while (fingerprint);
    return { ids, pages };
  }

  it('pages through all 250 confirmed Transfer events newest first without losing or repeating one', async () => {
    const { ids, pages } = await walk({});
    expect(pages).toBe(9);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(ids).toEqual([...transferIds].reverse());
  });

  it('pages oldest first with order_by block_timestamp,asc', async () => {
    const { ids } = await walk({ orderBy: 'block_timestamp,asc' });
    expect(ids).toEqual(transferIds);
  });

  it('keeps the walk exact when blocks arrive between pages', async () => {
    const first = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      eventName: 'Transfer',
      limit: 100,
      orderBy: 'block_timestamp,asc',
    })) as Reply;
    await node.mine(CONFIRMING_BLOCKS);
    const rest = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      eventName: 'Transfer',
      limit: 200,
      orderBy: 'block_timestamp,asc',
      fingerprint: first.meta.fingerprint,
    })) as Reply;
    const ids = [...first.data, ...rest.data].map((e: Reply) => e.transaction_id);
    expect(ids).toEqual([...transferIds, pendingId]);
    expect(rest.meta.fingerprint).toBeUndefined();
  });

  it('filters by event_name', async () => {
    const page = (await tronWeb.event.getEventsByContractAddress(tokenBase58, { eventName: 'Approval' })) as Reply;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      event_name: 'Approval',
      transaction_id: approvalId,
      event: 'Approval(address indexed owner, address indexed spender, uint256 value)',
      result_type: { owner: 'address', spender: 'address', value: 'uint256' },
      result: { value: '7', '2': '7', spender: `0x${node.accounts[1]!.hex.slice(2)}` },
    });
  });

  it('filters by block_number and by min_block_timestamp / max_block_timestamp', async () => {
    const one = (await tronWeb.event.getEventsByTransactionID(transferIds[10]!)) as Reply;
    const { block_number: block, block_timestamp: time } = one.data[0];
    const inBlock = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      blockNumber: block,
      limit: 200,
    })) as Reply;
    expect(inBlock.data.length).toBeGreaterThan(1);
    expect(inBlock.data.every((e: Reply) => e.block_number === block)).toBe(true);
    const window = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      minBlockTimestamp: time,
      maxBlockTimestamp: time,
      limit: 200,
    })) as Reply;
    expect(window.data.map((e: Reply) => e.transaction_id)).toEqual(inBlock.data.map((e: Reply) => e.transaction_id));
    const after = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      minBlockTimestamp: time + 1,
      limit: 200,
    })) as Reply;
    expect(after.data.every((e: Reply) => e.block_timestamp > time)).toBe(true);
    expect(after.data.some((e: Reply) => e.transaction_id === transferIds[10])).toBe(false);
  });

  it('separates confirmed and unconfirmed events and marks the unconfirmed ones', async () => {
    const latest = await tronWeb.trx.sendRawTransaction(
      await tronWeb.trx.sign(
        (
          await tronWeb.transactionBuilder.triggerSmartContract(
            token,
            'transfer(address,uint256)',
            { feeLimit: 100 * TRX },
            [
              { type: 'address', value: node.accounts[3]!.address },
              { type: 'uint256', value: 424242 },
            ],
          )
        ).transaction,
      ),
    );
    await node.mine(1);
    const unconfirmed = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      onlyUnconfirmed: true,
    })) as Reply;
    expect(unconfirmed.data.map((e: Reply) => e.transaction_id)).toEqual([latest.transaction.txID]);
    expect(unconfirmed.data[0]._unconfirmed).toBe(true);
    const confirmed = (await tronWeb.event.getEventsByContractAddress(tokenBase58, { onlyConfirmed: true })) as Reply;
    expect(confirmed.data.some((e: Reply) => e.transaction_id === latest.transaction.txID)).toBe(false);
    expect(confirmed.data.every((e: Reply) => e._unconfirmed === undefined)).toBe(true);
    const both = (await tronWeb.event.getEventsByContractAddress(tokenBase58, { limit: 1 })) as Reply;
    expect(both.data[0].transaction_id).toBe(latest.transaction.txID);
  });

  it("returns a transaction's events with getEventsByTransactionID, equal to the contract list's", async () => {
    const byTx = (await tronWeb.event.getEventsByTransactionID(transferIds[0]!)) as Reply;
    expect(byTx.success).toBe(true);
    expect(byTx.data).toHaveLength(1);
    const first = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      orderBy: 'block_timestamp,asc',
      limit: 1,
    })) as Reply;
    expect(byTx.data[0]).toEqual(first.data[0]);
    expect(byTx.data[0].result).toMatchObject({ from: `0x${'0'.repeat(40)}`, value: '1000000000' });
  });

  it("returns a block's events with getEventsByBlockNumber, paged with limit and fingerprint", async () => {
    const one = (await tronWeb.event.getEventsByTransactionID(transferIds[60]!)) as Reply;
    const block = one.data[0].block_number as number;
    const all = (await tronWeb.event.getEventsByContractAddress(tokenBase58, {
      blockNumber: block,
      limit: 200,
    })) as Reply;
    const ids: string[] = [];
    let fingerprint: string | undefined;
    do {
      const page = (await tronWeb.event.getEventsByBlockNumber(block, {
        limit: 7,
        ...(fingerprint ? { fingerprint } : {}),
      })) as Reply;
      expect(page.data.length).toBeLessThanOrEqual(7);
      ids.push(...page.data.map((e: Reply) => e.transaction_id));
      fingerprint = page.meta.fingerprint;
    } while (fingerprint);
    expect(ids).toHaveLength(50);
    expect(new Set(ids)).toEqual(new Set(all.data.map((e: Reply) => e.transaction_id)));
  });

  it("answers TronWeb's own event test as TronGrid does: a non-indexed address decoded from the data", async () => {
    // The emitter of tronprotocol/tronweb test/lib/event.test.ts (v6): emitNow(_receiver, _someAmount)
    // emits SomeEvent(address indexed _sender, address _receiver, uint256 _amount).
    const abi = [
      {
        anonymous: false,
        inputs: [
          { indexed: true, name: '_sender', type: 'address' },
          { indexed: false, name: '_receiver', type: 'address' },
          { indexed: false, name: '_amount', type: 'uint256' },
        ],
        name: 'SomeEvent',
        type: 'event',
      },
      {
        constant: false,
        inputs: [
          { name: '_receiver', type: 'address' },
          { name: '_someAmount', type: 'uint256' },
        ],
        name: 'emitNow',
        outputs: [],
        payable: false,
        stateMutability: 'nonpayable',
        type: 'function',
      },
    ];
    const bytecode =
      '608060405234801561001057600080fd5b50610145806100206000396000f300608060405260043610610041576000357c0100000000000000000000000000000000000000000000000000000000900463ffffffff168063bed7111f14610046575b600080fd5b34801561005257600080fd5b50610091600480360381019080803573ffffffffffffffffffffffffffffffffffffffff16906020019092919080359060200190929190505050610093565b005b3373ffffffffffffffffffffffffffffffffffffffff167f9f08738e168c835bbaf7483705fb1c0a04a1a3258dd9687f14d430948e04e3298383604051808373ffffffffffffffffffffffffffffffffffffffff1673ffffffffffffffffffffffffffffffffffffffff1681526020018281526020019250505060405180910390a250505600a165627a7a7230582033629e2b0bba53f7b5c49769e7e360f2803ae85ac80e69dd61c7bb48f9f401f30029';
    const deploy = await tronWeb.transactionBuilder.createSmartContract(
      { abi: abi as never, bytecode, feeLimit: 1_000 * TRX },
      node.accounts[0]!.address,
    );
    await send(deploy);
    await node.mine(1);
    const emitter = deploy.contract_address as string;
    const receiver = node.accounts[2]!.hex;
    const built = await tronWeb.transactionBuilder.triggerSmartContract(
      emitter,
      'emitNow(address,uint256)',
      { feeLimit: 100 * TRX },
      [
        { type: 'address', value: receiver },
        { type: 'uint256', value: 2000 },
      ],
    );
    await send(built.transaction);
    await node.mine(1);
    const events = (await tronWeb.event.getEventsByTransactionID(built.transaction.txID)) as Reply;
    expect(events.data).toHaveLength(1);
    const [event] = events.data;
    expect(event.result._receiver.substring(2)).toBe(receiver.substring(2));
    expect(event.result._sender.substring(2)).toBe(node.accounts[0]!.hex.substring(2));
    expect(event).toMatchObject({
      event_name: 'SomeEvent',
      event: 'SomeEvent(address indexed _sender, address _receiver, uint256 _amount)',
      result: { '2': '2000', _amount: '2000' },
      result_type: { _sender: 'address', _receiver: 'address', _amount: 'uint256' },
      _unconfirmed: true,
    });
    const byContract = (await tronWeb.event.getEventsByContractAddress(emitter, {
      eventName: 'SomeEvent',
      orderBy: 'block_timestamp,asc',
    })) as Reply;
    expect(byContract.data).toEqual(events.data);
    const inBlock = (await tronWeb.event.getEventsByBlockNumber(event.block_number)) as Reply;
    expect(
      inBlock.data.find(
        (e: Reply) => e.event_name === 'SomeEvent' && e.contract_address === tronWeb.address.fromHex(emitter),
      ),
    ).toEqual(event);
    const latest = (await tronWeb.event.getEventsOfLatestBlock()) as Reply;
    expect(latest.data).toEqual([event]);
  });
});
