import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { createPublicClient, encodeAbiParameters, getAddress, http, keccak256, parseAbi, parseAbiItem } from 'viem';
import type { Address, Hex, PublicClient } from 'viem';
import { createNode, type TronNode } from '../../../src-main/node';
import { loadArtifacts } from '../../fixtures/contracts/compile';
import type { Reply } from '../../main/node/helpers';

/**
 * viem 2.57.20 as an independent Ethereum client of the node's JSON-RPC (java-tron's /jsonrpc):
 * a TRC-20 deployed and moved with TronWeb 6.5.1 through /wallet, then read with viem — head,
 * balances (sun, as java-tron answers), code, storage, constant calls, Transfer logs by query and
 * by filter, receipts, and a batch. Every value is checked against what /wallet says.
 */
const TRX = 1_000_000;
const artifacts = loadArtifacts();
const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** `41…` hex → the 0x address viem takes. */
const evm = (hex41: string): Address => `0x${hex41.slice(2)}`;

describe('viem 2.57.20 against the node JSON-RPC', () => {
  let node: TronNode;
  let tronWeb: TronWeb;
  let client: PublicClient;
  let alice: { hex: string; key: string };
  let bob: { hex: string; key: string };
  let token: string;
  const transfers: string[] = [];

  async function wallet(path: string, body: unknown): Promise<Reply> {
    return (await (await fetch(`${node.url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json()) as Reply;
  }

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 1 });
    alice = { hex: node.accounts[0]!.hex, key: node.accounts[0]!.privateKey };
    bob = { hex: node.accounts[1]!.hex, key: node.accounts[1]!.privateKey };
    tronWeb = new TronWeb({ fullHost: node.url, privateKey: alice.key });
    client = createPublicClient({ transport: http(node.jsonRpcUrl, { retryCount: 0 }) });

    const deploy = await tronWeb.transactionBuilder.createSmartContract(
      {
        abi: artifacts['Token']!.abi as never,
        bytecode: artifacts['Token']!.bytecode,
        parameters: [1_000_000],
        feeLimit: 1_000 * TRX,
        name: 'Token',
      },
      alice.hex,
    );
    expect(await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(deploy, alice.key))).toMatchObject({
      result: true,
    });
    await node.mine(1);
    token = tronWeb.address.toHex(deploy.contract_address as string);
    const contract = await tronWeb.contract(artifacts['Token']!.abi as never, token);
    for (const amount of [250, 40]) {
      transfers.push(await contract.methods.transfer(bob.hex, amount).send({ feeLimit: 100 * TRX }));
      await node.mine(1);
    }
  });
  afterAll(async () => node?.stop());

  it('reads the head block number /wallet/getnowblock reports', async () => {
    const now = await wallet('/wallet/getnowblock', {});
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(BigInt(now.block_header.raw_data.number));
    const block = await client.getBlock({ blockNumber: BigInt(now.block_header.raw_data.number) });
    expect(block.hash).toBe(`0x${now.blockID}`);
  });

  it('reads TRX balances in sun, equal to /wallet/getaccount balance', async () => {
    for (const holder of [alice.hex, bob.hex]) {
      const account = await wallet('/wallet/getaccount', { address: holder });
      expect(await client.getBalance({ address: evm(holder) })).toBe(BigInt(account.balance));
    }
  });

  it('reads the runtime code /wallet/getcontractinfo reports', async () => {
    const info = await wallet('/wallet/getcontractinfo', { value: token });
    expect(await client.getCode({ address: evm(token) })).toBe(`0x${info.runtimecode}`);
  });

  it('reads the balance mapping slot keccak(pad(holder) ‖ pad(1)) and gets what balanceOf answers through viem and TronWeb', async () => {
    const contract = await tronWeb.contract(artifacts['Token']!.abi as never, token);
    for (const holder of [alice.hex, bob.hex]) {
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [evm(holder), 1n]));
      const stored = BigInt((await client.getStorageAt({ address: evm(token), slot })) as Hex);
      const called = await client.readContract({
        address: evm(token),
        abi: erc20,
        functionName: 'balanceOf',
        args: [evm(holder)],
      });
      const viaTronWeb = BigInt(String(await contract.methods.balanceOf(holder).call()));
      expect(stored).toBe(viaTronWeb);
      expect(called).toBe(viaTronWeb);
    }
    expect(await client.readContract({ address: evm(token), abi: erc20, functionName: 'totalSupply' })).toBe(
      1_000_000n,
    );
    expect(BigInt((await client.getStorageAt({ address: evm(token), slot: '0x0' })) as Hex)).toBe(1_000_000n);
  });

  it('reads the Transfer logs with getLogs, equal to the TransactionInfo logs', async () => {
    const logs = await client.getLogs({ address: evm(token), event: transferEvent, fromBlock: 0n, toBlock: 'latest' });
    // The mint in the constructor, then the two transfers.
    expect(logs.map((l) => l.args.value)).toEqual([1_000_000n, 250n, 40n]);
    for (const [i, txId] of transfers.entries()) {
      const info = await wallet('/wallet/gettransactioninfobyid', { value: txId });
      const log = logs[i + 1]!;
      expect(log.transactionHash).toBe(`0x${txId}`);
      expect(log.blockNumber).toBe(BigInt(info.blockNumber));
      expect(log.topics).toEqual(info.log[0].topics.map((t: string) => `0x${t}`));
      expect(log.data).toBe(`0x${info.log[0].data}`);
      expect(log.args).toEqual({
        from: getAddress(evm(alice.hex)),
        to: getAddress(evm(bob.hex)),
        value: BigInt(`0x${info.log[0].data}`),
      });
    }
    const toBob = await client.getLogs({
      address: evm(token),
      event: transferEvent,
      args: { to: evm(bob.hex) },
      fromBlock: 0n,
    });
    expect(toBob).toHaveLength(2);
  });

  it('follows new Transfer logs through createEventFilter and getFilterChanges', async () => {
    const filter = await client.createEventFilter({ address: evm(token), event: transferEvent });
    expect(await client.getFilterChanges({ filter })).toEqual([]);
    const contract = await tronWeb.contract(artifacts['Token']!.abi as never, token);
    const txId = await contract.methods.transfer(bob.hex, 7).send({ feeLimit: 100 * TRX });
    await node.mine(1);
    const changes = await client.getFilterChanges({ filter });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      transactionHash: `0x${txId}`,
      args: { from: getAddress(evm(alice.hex)), to: getAddress(evm(bob.hex)), value: 7n },
    });
    expect(await client.getFilterChanges({ filter })).toEqual([]);
    expect(await client.uninstallFilter({ filter })).toBe(true);
  });

  it('reads receipts: success, energy used as gas, the block and the log of /wallet/gettransactioninfobyid', async () => {
    for (const txId of transfers) {
      const info = await wallet('/wallet/gettransactioninfobyid', { value: txId });
      const receipt = await client.getTransactionReceipt({ hash: `0x${txId}` });
      expect(receipt).toMatchObject({
        status: 'success',
        type: 'legacy',
        blockNumber: BigInt(info.blockNumber),
        gasUsed: BigInt(info.receipt.energy_usage_total),
        from: evm(alice.hex),
        to: evm(token),
        contractAddress: null,
      });
      expect(receipt.logs).toHaveLength(info.log.length);
      expect(receipt.logs[0]!.data).toBe(`0x${info.log[0].data}`);
    }
  });

  it('sends concurrent calls as one JSON-RPC batch and gets each answer', async () => {
    const bodies: unknown[] = [];
    const batching = createPublicClient({
      transport: http(node.jsonRpcUrl, {
        batch: true,
        retryCount: 0,
        fetchFn: async (input, init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return fetch(input, init);
        },
      }),
    });
    const [number, balance, chainId] = await Promise.all([
      batching.getBlockNumber({ cacheTime: 0 }),
      batching.getBalance({ address: evm(bob.hex) }),
      batching.getChainId(),
    ]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toHaveLength(3);
    expect(number).toBe(BigInt(node.head().number));
    expect(balance).toBe(BigInt((await wallet('/wallet/getaccount', { address: bob.hex })).balance));
    const genesis = await wallet('/wallet/getblockbynum', { num: 0 });
    expect(chainId).toBe(parseInt((genesis.blockID as string).slice(-8), 16));
  });
});
