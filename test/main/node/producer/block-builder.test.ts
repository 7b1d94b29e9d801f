import { afterEach, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { broadcast, fundedKey, makeTx, newKey, startNode, transfer } from '../helpers';

let node: TronNode | undefined;
afterEach(async () => {
  await node?.stop();
  node = undefined;
});

describe('block builder', () => {
  it("packs the pool's transactions in arrival order and empties the pool", async () => {
    node = await startNode({ witnessCount: 1 });
    const alice = fundedKey(node, 0);
    const carol = newKey();
    const sent = [];
    for (const amount of [1n, 2n, 3n]) {
      const tx = makeTx(node, transfer(alice, carol, amount), alice.key);
      expect(await broadcast(node, tx)).toMatchObject({ result: true });
      sent.push(tx.txID);
    }
    const [result] = await node.producer.produce(1);
    expect(result!.packed.map(({ tx }) => tx.idHex)).toEqual(sent);
    expect(result!.dropped).toEqual([]);
    expect(node.pool.size).toBe(0);
    expect(node.chain.state.getAccount(carol.hex)!.balance).toBe(6n);
  });

  it('applies the transactions again when the block lands after one of them expired, and drops that one', async () => {
    node = await startNode({ witnessCount: 1 });
    const alice = fundedKey(node, 0);
    const carol = newKey();
    const head = node.head();
    const short = makeTx(node, transfer(alice, carol, 1n), alice.key, {
      header: { expiration: head.timestamp + 6000 },
    });
    const long = makeTx(node, transfer(alice, carol, 2n), alice.key);
    expect(await broadcast(node, short)).toMatchObject({ result: true });
    expect(await broadcast(node, long)).toMatchObject({ result: true });
    node.advanceTime(30);
    const [result] = await node.producer.produce(1);
    expect(result!.block.timestamp).toBeGreaterThan(head.timestamp + 6000);
    expect(result!.dropped).toEqual([short.txID]);
    expect(result!.packed.map(({ tx }) => tx.idHex)).toEqual([long.txID]);
    expect(node.chain.state.getAccount(carol.hex)!.balance).toBe(2n);
  });
});
