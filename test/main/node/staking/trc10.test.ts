import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { makeTx, newKey, startNode, transfer, type Key } from '../helpers';
import { deploy } from '../vm-host/helpers';
import {
  account,
  advance,
  b,
  balanceOf,
  broadcast,
  build,
  call,
  expectRefused,
  fundedKey,
  info,
  send,
  TRX,
} from './helpers';

/**
 * TRC-10 (ALLOW_SAME_TOKEN_NAME rule, since block 5537806): issue for 1024 TRX, ids from 1000001,
 * balances in assetV2 by id, transfers that activate accounts, purchases at trx_num : num, and
 * the issuer's bandwidth paying for holders' transfers. Figures by hand.
 */
const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));

describe('TRC-10 tokens', () => {
  let node: TronNode;
  let issuer: Key;
  let buyer: Key;
  let start = 0;
  const holder = newKey();

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    issuer = fundedKey(node, 0);
    buyer = fundedKey(node, 1);
    start = node.head().timestamp + 60_000;
  });
  afterAll(async () => node?.stop());

  it('issues a token: id 1000001, 1024 TRX burned, the supply minus the frozen part to the issuer', async () => {
    const before = await balanceOf(node, issuer.hex);
    const burnedBefore = node.chain.props.burnedSun;
    const issue = await send(
      node,
      b.assetIssueContract({
        owner: issuer.hex,
        name: 'Local',
        abbr: 'LOC',
        totalSupply: 1_000_000_000n,
        precision: 6,
        trxNum: 2_000_000,
        num: 10,
        startTime: start,
        endTime: start + 30 * 86_400_000,
        url: 'https://loc.example',
        description: 'local token',
        freeAssetNetLimit: 5_000n,
        publicFreeAssetNetLimit: 100_000n,
        frozenSupply: [{ amount: 100_000_000n, days: 1n }],
      }),
      issuer,
    );
    await node.mine(1);
    const i = await info(node, issue.txID);
    expect([i.assetIssueID, i.fee]).toEqual(['1000001', 1_024_000_000]);
    // The bandwidth came from the free allowance: exactly 1024 TRX less, all of it burned.
    expect(await balanceOf(node, issuer.hex)).toBe(before - 1_024n * TRX);
    expect(node.chain.props.burnedSun - burnedBefore).toBe(1_024n * TRX);
    const acc = await account(node, issuer.hex);
    expect(acc).toMatchObject({
      asset_issued_ID: '1000001',
      asset_issued_name: hexText('Local'),
      assetV2: [{ key: '1000001', value: 900_000_000 }],
      frozen_supply: [{ frozen_balance: 100_000_000, expire_time: start + 86_400_000 }],
    });
    const token = (await build(node, 'getassetissuebyid', { value: '1000001' })) as Record<string, unknown>;
    expect(token).toMatchObject({
      id: '1000001',
      owner_address: issuer.hex,
      name: hexText('Local'),
      abbr: hexText('LOC'),
      total_supply: 1_000_000_000,
      precision: 6,
      trx_num: 2_000_000,
      num: 10,
    });
    expect((await call(node, '/wallet/getassetissuebyid', { value: '1000001', visible: true })).json).toMatchObject({
      name: 'Local',
      url: 'https://loc.example',
    });
    expect((await build(node, 'getassetissuelist', {})).assetIssue).toEqual([token]);
    expect((await build(node, 'getassetissuebyaccount', { address: issuer.hex })).assetIssue).toEqual([token]);
    expect(await build(node, 'getassetissuebyname', { value: hexText('Local') })).toEqual(token);
    expect((await build(node, 'getpaginatedassetissuelist', { offset: 0, limit: 10 })).assetIssue).toEqual([token]);
    expect(await build(node, 'getassetissuebyid', { value: '1000002' })).toEqual({});
  });

  it('transfers to a new address: the transfer activates it for 1 TRX plus 0.1 TRX of bandwidth', async () => {
    const before = await balanceOf(node, issuer.hex);
    const tx = await send(
      node,
      b.transferAssetContract({ owner: issuer.hex, to: holder.hex, tokenId: '1000001', amount: 1_000n }),
      issuer,
    );
    await node.mine(1);
    expect(await info(node, tx.txID)).toMatchObject({ fee: 1_100_000, receipt: { net_fee: 100_000 } });
    expect(await balanceOf(node, issuer.hex)).toBe(before - 1_100_000n);
    expect((await account(node, holder.hex)).assetV2).toEqual([{ key: '1000001', value: 1_000 }]);
    expect((await account(node, issuer.hex)).assetV2).toEqual([{ key: '1000001', value: 899_999_000 }]);
  });

  it('sells at trx_num : num during the sale: 6 TRX buy 6,000,000 × 10 / 2,000,000 = 30 units', async () => {
    await advance(node, 61);
    const [issuerBefore, buyerBefore] = [await balanceOf(node, issuer.hex), await balanceOf(node, buyer.hex)];
    await send(
      node,
      b.participateAssetIssueContract({ owner: buyer.hex, issuer: issuer.hex, tokenId: '1000001', amount: 6n * TRX }),
      buyer,
    );
    await node.mine(1);
    expect(await balanceOf(node, buyer.hex)).toBe(buyerBefore - 6n * TRX);
    expect(await balanceOf(node, issuer.hex)).toBe(issuerBefore + 6n * TRX);
    expect((await account(node, buyer.hex)).assetV2).toEqual([{ key: '1000001', value: 30 }]);
    expect((await account(node, issuer.hex)).assetV2).toEqual([{ key: '1000001', value: 899_998_970 }]);
  });

  it("a holder's transfer uses the token's free bandwidth, paid from the issuer's stake", async () => {
    await send(node, b.freezeBalanceV2Contract({ owner: issuer.hex, amount: 100n * TRX }), issuer);
    await node.mine(1);
    const issuerUsed = BigInt(
      (await call(node, '/wallet/getaccountresource', { address: issuer.hex })).json.NetUsed ?? 0,
    );
    // The holder has no TRX at all: its own bandwidth is never touched.
    const tx = await send(
      node,
      b.transferAssetContract({ owner: holder.hex, to: buyer.hex, tokenId: '1000001', amount: 10n }),
      holder,
    );
    await node.mine(1);
    const bytes = (await info(node, tx.txID)).receipt.net_usage as number;
    const holderAccount = await account(node, holder.hex);
    expect(holderAccount.free_net_usage).toBeUndefined();
    expect(holderAccount.free_asset_net_usageV2).toEqual([{ key: '1000001', value: bytes }]);
    const r = (await call(node, '/wallet/getaccountresource', { address: holder.hex })).json;
    expect(r.assetNetUsed).toEqual([{ key: '1000001', value: bytes }]);
    expect(r.assetNetLimit).toEqual([{ key: '1000001', value: 5_000 }]);
    expect(BigInt((await call(node, '/wallet/getaccountresource', { address: issuer.hex })).json.NetUsed)).toBe(
      issuerUsed + BigInt(bytes),
    );
    expect((await build(node, 'getassetissuebyid', { value: '1000001' })).public_free_asset_net_usage).toBe(bytes);
    expect((await account(node, buyer.hex)).assetV2).toEqual([{ key: '1000001', value: 40 }]);
  });

  it('a transfer naming a token that does not exist is refused when its bandwidth is charged', async () => {
    const tx = makeTx(
      node,
      {
        type: 'TransferAssetContract',
        value: { asset_name: hexText('1000077'), owner_address: issuer.hex, to_address: buyer.hex, amount: 1 },
      },
      issuer.key,
    );
    const reply = (await call(node, '/wallet/broadcasttransaction', tx)).json;
    expect(reply).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: hexText('Contract validate error : asset [1000077] does not exist'),
    });
  });

  it('refuses a transfer that would create the receiver while the sender holds less than the 1 TRX account fee', async () => {
    const fresh = newKey();
    const body = { owner_address: holder.hex, to_address: fresh.hex, asset_name: hexText('1000001'), amount: 1 };
    const fee = node.chain.props.parameters.getCreateNewAccountFeeInSystemContract;
    expect(fee).toBe(1_000_000n);
    // The holder was activated by a token transfer: 0 sun < 1,000,000 sun.
    expect(await balanceOf(node, holder.hex)).toBe(0n);
    await expectRefused(node, 'transferasset', body, 'Validate TransferAssetActuator error, insufficient fee.');
    await send(node, transfer(issuer, holder, fee - 1n), issuer);
    await node.mine(1);
    // 999,999 sun is still 1 sun short of the fee.
    await expectRefused(node, 'transferasset', body, 'Validate TransferAssetActuator error, insufficient fee.');
    // At broadcast: the 0.1 TRX of account-creation bandwidth is affordable (999,999 ≥ 100,000 sun), so the actuator refuses; nothing is charged.
    const reply = await broadcast(
      node,
      makeTx(
        node,
        b.transferAssetContract({ owner: holder.hex, to: fresh.hex, tokenId: '1000001', amount: 1n }),
        holder.key,
      ),
      false,
    );
    expect(reply).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: hexText('Contract validate error : Validate TransferAssetActuator error, insufficient fee.'),
    });
    await node.mine(1);
    expect(await balanceOf(node, holder.hex)).toBe(fee - 1n);
    expect(node.pool.view.getAccount(fresh.hex)).toBeUndefined();
    // An existing receiver costs no account fee: the same sender may pay it.
    expect((await build(node, 'transferasset', { ...body, to_address: buyer.hex })).txID).toMatch(/^[0-9a-f]{64}$/);
    await send(node, transfer(issuer, holder, 1n), issuer);
    await node.mine(1);
    // 1,000,000 sun = the fee: accepted.
    expect((await build(node, 'transferasset', body)).txID).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses tokens sent to a smart contract when getForbidTransferToContract is 1, and delivers them when it is 0', async () => {
    // getForbidTransferToContract = 0 (the default) on this node: the contract receives the tokens.
    const open = await deploy(node, issuer, 'Reverter');
    await send(
      node,
      b.transferAssetContract({ owner: issuer.hex, to: open.address, tokenId: '1000001', amount: 5n }),
      issuer,
    );
    await node.mine(1);
    expect((await account(node, open.address)).assetV2).toEqual([{ key: '1000001', value: 5 }]);

    const forbid = await startNode({ witnessCount: 1, chainParameters: { getForbidTransferToContract: 1n } });
    try {
      const owner = fundedKey(forbid, 0);
      const saleStart = forbid.head().timestamp + 60_000;
      await send(
        forbid,
        b.assetIssueContract({
          owner: owner.hex,
          name: 'Guarded',
          abbr: 'G',
          totalSupply: 1_000n,
          precision: 0,
          trxNum: 1,
          num: 1,
          startTime: saleStart,
          endTime: saleStart + 86_400_000,
          url: 'https://g.example',
        }),
        owner,
      );
      await forbid.mine(1);
      const contract = await deploy(forbid, owner, 'Reverter');
      expect((await account(forbid, contract.address)).type).toBe('Contract');
      const body = {
        owner_address: owner.hex,
        to_address: contract.address,
        asset_name: hexText('1000001'),
        amount: 5,
      };
      await expectRefused(forbid, 'transferasset', body, 'Cannot transfer asset to smartContract.');
      const reply = await broadcast(
        forbid,
        makeTx(
          forbid,
          b.transferAssetContract({ owner: owner.hex, to: contract.address, tokenId: '1000001', amount: 5n }),
          owner.key,
        ),
        false,
      );
      expect(reply).toMatchObject({
        code: 'CONTRACT_VALIDATE_ERROR',
        message: hexText('Contract validate error : Cannot transfer asset to smartContract.'),
      });
      // An ordinary account still receives them.
      expect((await build(forbid, 'transferasset', { ...body, to_address: fundedKey(forbid, 1).hex })).txID).toMatch(
        /^[0-9a-f]{64}$/,
      );
    } finally {
      await forbid.stop();
    }
  });
});
