import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../src-main/node';
import { decodeTransaction } from '../../../../src-core/tx/codec';
import { blockJson, splitBlock, transactionJson } from '../../../../src-main/node/http/format';
import { ChainError } from '../../../../src-main/node/errors';
import { broadcast, fundedKey, makeTx, newKey, startNode, transfer } from '../helpers';

describe('transaction JSON of stored transactions', () => {
  let node: TronNode;
  let block: number;

  beforeAll(async () => {
    node = await startNode();
    const alice = fundedKey(node, 0);
    const memo = { memo: 'a memo' };
    await broadcast(node, makeTx(node, transfer(alice, newKey(), 5n), alice.key, memo));
    await broadcast(node, makeTx(node, transfer(alice, newKey(), 6n), alice.key, { permissionId: 0 }));
    block = (await node.mine(1)).number;
  });

  afterAll(async () => {
    await node.stop();
  });

  it('prints what the core codec prints for each transaction of a block, in the same key order', async () => {
    const { transactions } = splitBlock((await node.chain.blockBytes(block))!);
    expect(transactions).toHaveLength(2);
    for (const bytes of transactions)
      for (const visible of [false, true]) {
        const { visible: _left, ...expected } = decodeTransaction(bytes, { visible });
        expect(JSON.stringify(transactionJson(bytes, visible))).toBe(JSON.stringify(expected));
      }
  });

  it('refuses stored bytes that end inside a field, or whose field is not length-delimited, instead of reading past them', async () => {
    const bytes = (await node.chain.blockBytes(block))!;
    const cases = [
      Uint8Array.of(0xff, 0xff, 0xff),
      Uint8Array.of(0x0a, 0x80, 0x80),
      bytes.subarray(0, bytes.length - 1),
      Uint8Array.of(0x08, 0x01),
    ];
    for (const malformed of cases) {
      expect(() => blockJson(malformed, false)).toThrow(ChainError);
      expect(() => blockJson(malformed, false)).toThrow(
        /^The stored message is malformed at byte \d+: it cannot be printed\.$/,
      );
    }
    const [first] = splitBlock(bytes).transactions;
    expect(() => transactionJson(first!.subarray(0, first!.length - 3), false)).toThrow();
  });
});
