import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { newKey, startNode, type Key } from '../helpers';
import { b, build, call, expectRefused, fundedKey, send } from '../staking/helpers';

/** UpdateAssetContract (java-tron UpdateAssetActuator): the issuer edits url, description and free bandwidth limits. */
const hex = (text: string): string => bytesToHex(utf8ToBytes(text));

describe('UpdateAsset', () => {
  let node: TronNode;
  let issuer: Key;
  let other: Key;

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    issuer = fundedKey(node, 0);
    other = fundedKey(node, 1);
    const start = node.head().timestamp + 60_000;
    await send(
      node,
      b.assetIssueContract({
        owner: issuer.hex,
        name: 'Edit',
        abbr: 'ED',
        totalSupply: 1_000n,
        precision: 0,
        trxNum: 1,
        num: 1,
        startTime: start,
        endTime: start + 86_400_000,
        url: 'https://old.example',
        description: 'old',
      }),
      issuer,
    );
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it("changes url, description and both free bandwidth limits of the issuer's token", async () => {
    await send(
      node,
      {
        type: 'UpdateAssetContract',
        value: {
          owner_address: issuer.hex,
          url: hex('https://new.example'),
          description: hex('new words'),
          new_limit: 1_000,
          new_public_limit: 20_000,
        },
      },
      issuer,
    );
    await node.mine(1);
    expect((await call(node, '/wallet/getassetissuebyid', { value: '1000001' })).json).toMatchObject({
      url: hex('https://new.example'),
      description: hex('new words'),
      free_asset_net_limit: 1_000,
      public_free_asset_net_limit: 20_000,
    });
  });

  it('refuses as java-tron does', async () => {
    const body = (owner: string, extra: Record<string, unknown> = {}) => ({
      owner_address: owner,
      url: hex('https://x.example'),
      ...extra,
    });
    await expectRefused(node, 'updateasset', body('4100'), 'Invalid ownerAddress');
    await expectRefused(node, 'updateasset', body(newKey().hex), 'Account does not exist');
    await expectRefused(node, 'updateasset', body(other.hex), 'Account has not issued any asset');
    await expectRefused(node, 'updateasset', body(issuer.hex, { url: '' }), 'Invalid url');
    await expectRefused(node, 'updateasset', body(issuer.hex, { url: hex('u'.repeat(257)) }), 'Invalid url');
    await expectRefused(
      node,
      'updateasset',
      body(issuer.hex, { description: hex('d'.repeat(201)) }),
      'Invalid description',
    );
    await expectRefused(node, 'updateasset', body(issuer.hex, { new_limit: -1 }), 'Invalid FreeAssetNetLimit');
    await expectRefused(
      node,
      'updateasset',
      body(issuer.hex, { new_public_limit: 57_600_000_000 }),
      'Invalid PublicFreeAssetNetLimit',
    );
    expect((await build(node, 'updateasset', body(issuer.hex))).raw_data.contract[0].type).toBe('UpdateAssetContract');
    expect((await call(node, '/wallet/updateasset')).text).toBe('');
  });
});
