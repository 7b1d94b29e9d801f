import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { newKey, startNode, type Key, type Reply } from '../helpers';
import { account, advance, b, expectRefused, fundedKey, send } from '../staking/helpers';

/** UnfreezeAssetContract (java-tron UnfreezeAssetActuator): frozen supply returns to the issuer once its days have passed. */
const DAY = 86_400;

describe('UnfreezeAsset', () => {
  let node: TronNode;
  let issuer: Key;
  let other: Key;
  let start = 0;

  const assetOf = async (who: Key): Promise<number> =>
    ((await account(node, who.hex)).assetV2 as Reply[] | undefined)?.find((a) => a.key === '1000001')?.value ?? 0;

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    issuer = fundedKey(node, 0);
    other = fundedKey(node, 1);
    start = node.head().timestamp + 60_000;
    await send(
      node,
      b.assetIssueContract({
        owner: issuer.hex,
        name: 'Frozen',
        abbr: 'FRZ',
        totalSupply: 1_000n,
        precision: 0,
        trxNum: 1,
        num: 1,
        startTime: start,
        endTime: start + 30 * DAY * 1000,
        url: 'https://frozen.example',
        frozenSupply: [
          { amount: 100n, days: 1n },
          { amount: 200n, days: 2n },
        ],
      }),
      issuer,
    );
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it('refuses before any frozen part expires, and for accounts that froze nothing', async () => {
    const body = (owner: string) => ({ owner_address: owner });
    await expectRefused(node, 'unfreezeasset', body(issuer.hex), "It's not time to unfreeze asset supply");
    await expectRefused(node, 'unfreezeasset', body(other.hex), 'no frozen supply balance');
    const stranger = newKey();
    await expectRefused(node, 'unfreezeasset', body(stranger.hex), `Account[${stranger.hex}] does not exist`);
    await expectRefused(node, 'unfreezeasset', body('4100'), 'Invalid address');
  });

  it('returns exactly the parts whose time has come, keeping the rest frozen', async () => {
    expect(await assetOf(issuer)).toBe(700);
    // Chain time to 1.5 days after the sale start: the 1-day part has expired, the 2-day part has not.
    await advance(node, Math.ceil((start - node.head().timestamp) / 1000) + 1.5 * DAY);
    await send(node, { type: 'UnfreezeAssetContract', value: { owner_address: issuer.hex } }, issuer);
    await node.mine(1);
    expect(await assetOf(issuer)).toBe(800);
    expect((await account(node, issuer.hex)).frozen_supply).toEqual([
      { frozen_balance: 200, expire_time: start + 2 * DAY * 1000 },
    ]);
    await expectRefused(node, 'unfreezeasset', { owner_address: issuer.hex }, "It's not time to unfreeze asset supply");
  });
});
