import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../src-main/node';
import { BlockReplies } from '../../../../src-main/node/http/block-replies';
import { blockJson } from '../../../../src-main/node/http/format';
import { jsonText } from '../../../../src-main/node/http/server';
import { broadcast, fundedKey, makeTx, newKey, startNode, transfer } from '../helpers';

describe('block replies', () => {
  let node: TronNode;
  let withTransfers: number;

  beforeAll(async () => {
    node = await startNode();
    const alice = fundedKey(node, 0);
    for (const amount of [1n, 2n, 3n])
      await broadcast(node, makeTx(node, transfer(alice, newKey(), amount), alice.key));
    withTransfers = (await node.mine(1)).number;
  });

  afterAll(async () => {
    await node.stop();
  });

  it('answers the text of the block as printBlockToJSON renders it, in both address forms and without transactions', async () => {
    const replies = new BlockReplies(node.chain);
    const bytes = (await node.chain.blockBytes(withTransfers))!;
    for (const visible of [false, true])
      for (const detail of [true, false])
        expect((await replies.reply(withTransfers, visible, detail)).text).toBe(
          jsonText(blockJson(bytes, visible, detail)),
        );
    expect((await replies.reply(withTransfers, false)).text).toContain('"transactions":[');
  });

  it('renders a block once and answers later requests with the same reply', async () => {
    const replies = new BlockReplies(node.chain);
    const first = await replies.reply(withTransfers, false);
    expect(await replies.reply(withTransfers, false)).toBe(first);
    expect(await replies.reply(withTransfers, true)).not.toBe(first);
  });

  it('answers {} for a block the chain does not have yet, and the block once it is made', async () => {
    const replies = new BlockReplies(node.chain);
    const next = node.head().number + 1;
    expect((await replies.reply(next, false)).text).toBe('{}\n');
    await node.mine(1);
    expect(JSON.parse((await replies.reply(next, false)).text).block_header.raw_data.number).toBe(next);
  });
});
