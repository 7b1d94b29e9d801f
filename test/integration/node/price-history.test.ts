import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { bytesToHex } from '../../../src-core/bytes/hex';
import * as b from '../../../src-core/tx/builders';
import { createNode, type TronNode } from '../../../src-main/node';
import { deriveKeys, WITNESS_PATH } from '../../../src-main/node/genesis';
import { loadArtifacts } from '../../fixtures/contracts/compile';
import { send, signedTx, transferData, word } from '../../fixtures/fork-upstream';
import type { Reply } from '../../main/node/helpers';

/**
 * Price history across an approved ENERGY_FEE / TRANSACTION_FEE proposal: getenergyprices and
 * getbandwidthprices append "<expiration>:<price>" (ProposalService), and JSON-RPC prices each
 * transaction at its block's time (Wallet.getEnergyFee(timestamp)), not at today's price.
 */
const TRX = 1_000_000n;

describe('prices keep their history across a fee proposal', () => {
  let node: TronNode;
  let tronWeb: TronWeb;
  let sr: { key: string; hex: string };
  let alice: { key: Uint8Array; hex: string };
  let token: string;
  let expiration: number;
  const before = { txId: '', block: 0 };

  const post = async (path: string, body: unknown = {}): Promise<Reply> =>
    (await (await fetch(node.url + path, { method: 'POST', body: JSON.stringify(body) })).json()) as Reply;
  const rpc = async (method: string, params: unknown[]): Promise<Reply> => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
    const reply = (await (await fetch(node.jsonRpcUrl, { method: 'POST', body })).json()) as Reply;
    return reply.result as Reply;
  };
  const later = async (seconds: number): Promise<void> => {
    expect((await fetch(`${node.url}/admin/time`, { method: 'POST', body: JSON.stringify({ seconds }) })).status).toBe(
      200,
    );
    await node.mine(1);
  };
  const payToken = async (): Promise<{ txId: string; block: number }> => {
    const tx = signedTx(
      node,
      b.triggerSmartContract({ owner: alice.hex, contract: token, data: transferData(sr.hex, 1n) }),
      [alice.key],
      { feeLimit: 100n * TRX },
    );
    expect(await send(node, tx)).toMatchObject({ result: true });
    await node.mine(1);
    const info = await post('/wallet/gettransactioninfobyid', { value: tx.txID });
    expect(info.receipt.energy_fee).toBeGreaterThan(0);
    return { txId: tx.txID, block: info.blockNumber as number };
  };

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0, witnessCount: 1, signatureWorkers: 0 });
    tronWeb = new TronWeb({ fullHost: node.url });
    const [k] = deriveKeys(node.config.mnemonic, WITNESS_PATH, 1);
    sr = { key: bytesToHex(k!.privateKey), hex: k!.hex };
    const first = node.accounts[0]!;
    alice = { key: Uint8Array.from(Buffer.from(first.privateKey, 'hex')), hex: first.hex };
    // The representative's account exists once funded; its proposal is signed under its owner permission.
    expect(
      await send(
        node,
        signedTx(node, b.transferContract({ owner: alice.hex, to: sr.hex, amount: 100n * TRX }), [alice.key]),
      ),
    ).toMatchObject({ result: true });
    await node.mine(1);
    const artifact = loadArtifacts()['Token']!;
    const deploy = signedTx(
      node,
      b.createSmartContract({
        owner: alice.hex,
        abi: artifact.abi as Record<string, unknown>[],
        bytecode: artifact.bytecode + word(1_000_000n),
        name: 'Token',
      }),
      [alice.key],
      { feeLimit: 1_000n * TRX },
    );
    expect(await send(node, deploy)).toMatchObject({ result: true });
    await node.mine(1);
    token = deploy.contract_address!;
    Object.assign(before, await payToken());

    // One parameter a proposal: TronWeb and the node order a two-entry parameter map differently.
    for (const [key, value] of [
      [11, 150],
      [3, 20],
    ] as const) {
      const proposal = await tronWeb.transactionBuilder.createProposal([{ key, value }], sr.hex);
      expect(await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(proposal, sr.key))).toMatchObject({
        result: true,
      });
    }
    await node.mine(1);
    for (const id of [1, 2]) {
      const vote = await tronWeb.transactionBuilder.voteProposal(id, true, sr.hex);
      expect(await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(vote, sr.key))).toMatchObject({
        result: true,
      });
    }
    await node.mine(1);
    expiration = ((await tronWeb.trx.getProposal(1)) as Reply).expiration_time as number;
    await later((expiration - node.head().timestamp) / 1000 + 1);
    await later(6 * 3600);
    for (const id of [1, 2]) expect(((await tronWeb.trx.getProposal(id)) as Reply).state).toBe('APPROVED');
  });
  afterAll(async () => node?.stop());

  it('appends "<expiration>:<price>" to getenergyprices and getbandwidthprices', async () => {
    expect(await post('/wallet/getenergyprices')).toEqual({ prices: `0:210,${expiration}:150` });
    expect(await post('/wallet/getbandwidthprices')).toEqual({ prices: `0:1000,${expiration}:20` });
  });

  it("prices a transaction from before the proposal at its block's energy price in every JSON-RPC read", async () => {
    const hash = `0x${before.txId}`;
    const oldPrice = '0xd2'; // 210 sun
    expect((await rpc('eth_getTransactionByHash', [hash])).gasPrice).toBe(oldPrice);
    expect((await rpc('eth_getTransactionReceipt', [hash])).effectiveGasPrice).toBe(oldPrice);
    const block = await rpc('eth_getBlockByNumber', [`0x${before.block.toString(16)}`, true]);
    const listed = (block.transactions as Reply[]).find((t) => t.hash === hash)!;
    expect(listed.gasPrice).toBe(oldPrice);
    const receipts = (await rpc('eth_getBlockReceipts', [`0x${before.block.toString(16)}`])) as unknown as Reply[];
    expect(receipts.find((r) => r.transactionHash === hash)!.effectiveGasPrice).toBe(oldPrice);
    expect(await rpc('eth_gasPrice', [])).toBe('0x96');
  });

  it('prices a transaction after the proposal at the new price', async () => {
    const after = await payToken();
    const hash = `0x${after.txId}`;
    expect((await rpc('eth_getTransactionByHash', [hash])).gasPrice).toBe('0x96');
    expect((await rpc('eth_getTransactionReceipt', [hash])).effectiveGasPrice).toBe('0x96');
  });
});
