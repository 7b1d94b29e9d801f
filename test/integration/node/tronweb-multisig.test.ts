import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { createNode, type TronNode } from '../../../src-main/node';
import type { Reply } from '../../main/node/helpers';
import { bandwidthBytes, decayed, newKey } from './helpers';

/**
 * The acceptance scenario, driven by TronWeb 6.5.1 as an independent client: activation of a new
 * account, a 2-of-3 owner with a transfer-only active permission (id 2), a transfer multi-signed
 * under Permission_id 2, sign weight and approved list before the broadcast, then solidification
 * and read-back. Every balance is checked against the fee rules, with the arithmetic spelled out.
 */
const TRX = 1_000_000;
const SOLIDIFY = 19;

describe('TronWeb 6.5.1 against the node: activation and a 2-of-3 multisig transfer', () => {
  let node: TronNode;
  let tronWeb: TronWeb;

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0 });
    tronWeb = new TronWeb({ fullHost: node.url });
  });
  afterAll(async () => {
    await node?.stop();
  });

  async function balanceOf(hex: string): Promise<number> {
    const account = await tronWeb.trx.getUnconfirmedAccount(hex);
    return (account as { balance?: number }).balance ?? 0;
  }

  it('activates, sets permissions, multi-signs and reads everything back with exact fees', async () => {
    const funder = node.accounts[0]!;
    const holder = newKey();
    const [k1, k2, k3] = [newKey(), newKey(), newKey()];
    const receiver = node.accounts[1]!;
    const funderStart = await balanceOf(funder.hex);
    const receiverStart = await balanceOf(receiver.hex);

    // 1. Send 500 TRX to a new address: the transfer activates it.
    const send = await tronWeb.transactionBuilder.sendTrx(holder.hex, 500 * TRX, funder.hex);
    const signedSend = await tronWeb.trx.sign(send, funder.privateKey);
    const sent = await tronWeb.trx.sendRawTransaction(signedSend);
    expect(sent).toMatchObject({ result: true, txid: signedSend.txID });
    expect(Object.keys(sent)).not.toContain('code');
    await node.mine(1);
    const sendInfo = (await tronWeb.trx.getUnconfirmedTransactionInfo(signedSend.txID)) as Reply;
    // Activation: 1 TRX (getCreateNewAccountFeeInSystemContract) + 0.1 TRX burned for bandwidth
    // (getCreateAccountFee): the funder has no staked bandwidth and new-account transfers do not use the free allowance.
    expect(sendInfo.fee).toBe(1_000_000 + 100_000);
    expect(sendInfo.receipt).toEqual({ net_fee: 100_000 });
    expect(await balanceOf(funder.hex)).toBe(funderStart - 500 * TRX - 1_100_000);
    expect(await balanceOf(holder.hex)).toBe(500 * TRX);

    // 2. Owner 2-of-3 and an active permission (id 2) that may only transfer TRX (operations bit 1).
    const operations = '02' + '00'.repeat(31);
    const keys = [k1, k2, k3].map((k) => ({ address: k.hex, weight: 1 }));
    const update = await tronWeb.transactionBuilder.updateAccountPermissions(
      holder.hex,
      { type: 0, permission_name: 'owner', threshold: 2, keys } as never,
      undefined as never,
      [{ type: 2, permission_name: 'transfers', threshold: 2, operations, keys }] as never,
    );
    const signedUpdate = await tronWeb.trx.sign(update, holder.key);
    expect(await tronWeb.trx.sendRawTransaction(signedUpdate)).toMatchObject({ result: true });
    await node.mine(1);
    const updateBytes = bandwidthBytes(signedUpdate);
    const updateInfo = (await tronWeb.trx.getUnconfirmedTransactionInfo(signedUpdate.txID)) as Reply;
    // 100 TRX permission fee; its bytes fit in the 600-byte daily free allowance, so no bandwidth burn.
    expect(updateBytes).toBeLessThanOrEqual(600);
    expect(updateInfo.fee).toBe(100 * TRX);
    expect(updateInfo.receipt).toEqual({ net_usage: updateBytes });
    expect(await balanceOf(holder.hex)).toBe(500 * TRX - 100 * TRX);
    const account = (await tronWeb.trx.getUnconfirmedAccount(holder.hex)) as Reply;
    expect(account.owner_permission).toEqual({ permission_name: 'owner', threshold: 2, keys });
    expect(account.active_permission).toEqual([
      { type: 'Active', id: 2, permission_name: 'transfers', threshold: 2, operations, keys },
    ]);

    // 3. A transfer under Permission_id 2, multi-signed by k1 and k2.
    const transfer = await tronWeb.transactionBuilder.sendTrx(receiver.hex, 10 * TRX, holder.hex, { permissionId: 2 });
    expect(transfer.raw_data.contract[0]!.Permission_id).toBe(2);
    const once = await tronWeb.trx.multiSign(transfer, k1.key, 2);
    const weightOnce = (await tronWeb.trx.getSignWeight(once, 2)) as Reply;
    expect(weightOnce.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION' });
    expect(weightOnce.current_weight).toBe(1);
    expect(weightOnce.approved_list).toEqual([k1.hex]);
    const twice = await tronWeb.trx.multiSign(once, k2.key, 2);
    const weight = (await tronWeb.trx.getSignWeight(twice, 2)) as Reply;
    expect(weight.result).toEqual({});
    expect(weight.current_weight).toBe(2);
    expect(weight.approved_list).toEqual([k1.hex, k2.hex]);
    expect(weight.permission).toMatchObject({
      type: 'Active',
      id: 2,
      permission_name: 'transfers',
      threshold: 2,
      operations,
    });
    expect(weight.transaction.transaction.txID).toBe(twice.txID);
    const approved = (await tronWeb.trx.getApprovedList(twice)) as Reply;
    expect(approved.approved_list).toEqual([k1.hex, k2.hex]);
    expect(approved.result).toEqual({});

    const broadcast = await tronWeb.trx.sendRawTransaction(twice);
    expect(broadcast).toMatchObject({ result: true, txid: twice.txID });
    const packedAt = await node.mine(1);

    // 4. Solidify: 19 different representatives build on the block (steady state head − 18).
    await expect(tronWeb.trx.getConfirmedTransaction(twice.txID)).rejects.toThrow('Transaction not found');
    expect(await tronWeb.trx.getTransactionInfo(twice.txID)).toEqual({});
    const solid = await node.mine(SOLIDIFY);
    expect(solid.solidified).toBeGreaterThanOrEqual(packedAt.number);
    expect(solid.solidified).toBe(solid.number - 18);

    const fetched = (await tronWeb.trx.getTransaction(twice.txID)) as Reply;
    const confirmed = (await tronWeb.trx.getConfirmedTransaction(twice.txID)) as Reply;
    for (const tx of [fetched, confirmed]) {
      expect(tx.txID).toBe(twice.txID);
      expect(tx.raw_data_hex).toBe(twice.raw_data_hex);
      expect(tx.signature.map((s: string) => s.toLowerCase())).toEqual(twice.signature!.map((s) => s.toLowerCase()));
      expect(tx.ret).toEqual([{ contractRet: 'SUCCESS' }]);
      expect(tronWeb.utils.transaction.txCheck(tx as never)).toBe(true);
    }
    const info = (await tronWeb.trx.getTransactionInfo(twice.txID)) as Reply;
    expect(info.id).toBe(twice.txID);
    expect(info.blockNumber).toBe(packedAt.number);
    expect(info.contractResult).toEqual(['']);

    // Fee of the multisig transfer: 1 TRX multi-signature fee plus bandwidth. The holder's free
    // allowance left after the update (usage decayed over the slots between the two blocks) decides
    // whether the transfer's bytes are free or burned at 1000 sun/byte.
    const transferBytes = bandwidthBytes(twice);
    // The update was charged at the head slot of block U-1 (its parent), the transfer at the slot
    // of block U (the update's block): that is how far the update's usage has recovered.
    const slotOf = async (n: number): Promise<number> =>
      ((await tronWeb.trx.getBlock(n)) as Reply).block_header.raw_data.timestamp / 3000;
    const elapsed = (await slotOf(packedAt.number - 1)) - (await slotOf(packedAt.number - 2));
    const freeLeft = 600 - decayed(updateBytes, elapsed);
    const bandwidthFee = transferBytes <= freeLeft ? 0 : transferBytes * 1000;
    expect(transferBytes).toBeGreaterThan(freeLeft); // two signatures: the allowance is not enough
    expect(info.fee).toBe(1_000_000 + bandwidthFee);
    expect(info.receipt).toEqual(bandwidthFee ? { net_fee: bandwidthFee } : { net_usage: transferBytes });

    // Balances through the solidity API (what trx.getBalance reads).
    expect(await tronWeb.trx.getBalance(holder.hex)).toBe(500 * TRX - 100 * TRX - 10 * TRX - 1_000_000 - bandwidthFee);
    expect(await tronWeb.trx.getBalance(receiver.hex)).toBe(receiverStart + 10 * TRX);
    expect(await tronWeb.trx.getBalance(funder.hex)).toBe(funderStart - 500 * TRX - 1_100_000);

    // 5. TronWeb's other multisig path: multiSign(tx, key, 2) on a transaction without
    // Permission_id asks /wallet/getsignweight for the rebuilt transaction and checks it locally.
    const plain = await tronWeb.transactionBuilder.sendTrx(receiver.hex, 2 * TRX, holder.hex);
    expect(plain.raw_data.contract[0]!.Permission_id).toBeUndefined();
    const viaNode = await tronWeb.trx.multiSign(plain, k3.key, 2);
    expect(viaNode.raw_data.contract[0]!.Permission_id).toBe(2);
    expect(viaNode.txID).not.toBe(plain.txID);
    const complete = await tronWeb.trx.multiSign(viaNode, k1.key, 2);
    expect(await tronWeb.trx.sendRawTransaction(complete)).toMatchObject({ result: true, txid: complete.txID });
    await node.mine(1);
    expect(((await tronWeb.trx.getUnconfirmedTransactionInfo(complete.txID)) as Reply).blockNumber).toBe(
      node.head().number,
    );
  });

  it("serves TronWeb's chain reads: parameters, representatives, node info, blocks, resources", async () => {
    const params = await tronWeb.trx.getChainParameters();
    expect(params).toContainEqual({ key: 'getEnergyFee', value: 210 });
    expect(params).toContainEqual({ key: 'getTransactionFee', value: 1000 });
    expect(await tronWeb.trx.listSuperRepresentatives()).toHaveLength(27);
    const info = (await tronWeb.trx.getNodeInfo()) as Reply;
    expect(info.block).toBe(`Num:${node.head().number},ID:${node.head().id}`);
    const latest = (await tronWeb.trx.getBlock('latest')) as Reply;
    expect(latest.blockID).toBe(node.head().id);
    expect(((await tronWeb.trx.getBlock(latest.block_header.raw_data.number)) as Reply).blockID).toBe(latest.blockID);
    expect(((await tronWeb.trx.getBlock(latest.blockID)) as Reply).blockID).toBe(latest.blockID);
    expect(((await tronWeb.trx.getConfirmedCurrentBlock()) as Reply).block_header.raw_data.number).toBe(
      node.head().solidified,
    );
    const range = (await tronWeb.trx.getBlockRange(1, 3)) as Reply[];
    expect(range.map((b) => b.block_header.raw_data.number)).toEqual([1, 2, 3]);
    const resources = (await tronWeb.trx.getAccountResources(node.accounts[0]!.hex)) as Reply;
    expect(resources.freeNetLimit).toBe(600);
    // getBandwidth = free allowance left + staked bandwidth left (getaccountnet).
    expect(await tronWeb.trx.getBandwidth(node.accounts[9]!.hex)).toBe(600);
    expect(await tronWeb.trx.getBandwidthPrices()).toBe('0:1000');
    expect(await tronWeb.trx.getEnergyPrices()).toBe('0:210');
    await tronWeb.getFullnodeVersion();
    expect(tronWeb.fullnodeVersion).toBe('4.8.0');
  });

  it('refuses the same transfer signed by one owner key only (weight 1 < threshold 2)', async () => {
    const funder = node.accounts[2]!;
    const holder = newKey();
    const [k1, k2] = [newKey(), newKey()];
    const fund = await tronWeb.trx.sign(
      await tronWeb.transactionBuilder.sendTrx(holder.hex, 200 * TRX, funder.hex),
      funder.privateKey,
    );
    await tronWeb.trx.sendRawTransaction(fund);
    await node.mine(1);
    const update = await tronWeb.transactionBuilder.updateAccountPermissions(
      holder.hex,
      {
        type: 0,
        permission_name: 'owner',
        threshold: 2,
        keys: [
          { address: k1.hex, weight: 1 },
          { address: k2.hex, weight: 1 },
        ],
      } as never,
      undefined as never,
      [
        {
          type: 2,
          permission_name: 'active',
          threshold: 1,
          operations: '02' + '00'.repeat(31),
          keys: [{ address: k1.hex, weight: 1 }],
        },
      ] as never,
    );
    expect(await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(update, holder.key))).toMatchObject({
      result: true,
    });
    await node.mine(1);
    const transfer = await tronWeb.transactionBuilder.sendTrx(funder.hex, TRX, holder.hex);
    const single = await tronWeb.trx.multiSign(transfer, k1.key, 0);
    const reply = (await tronWeb.trx.sendRawTransaction(single)) as Reply;
    expect(reply.code).toBe('SIGERROR');
    expect(tronWeb.toUtf8(reply.message)).toBe('Validate signature error: sig error');
    expect(reply.result).toBeUndefined();
  });
});
