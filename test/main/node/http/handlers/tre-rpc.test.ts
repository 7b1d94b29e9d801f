import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../../src-main/node';
import { call, startNode } from '../../helpers';

/** A JSON-RPC request to TRE's /tre, as TronBox's tronWrap.send and TronWeb's createEmptyBlock post it. */
const rpc = (node: TronNode, method: unknown, params?: unknown) =>
  call(node, '/tre', { jsonrpc: '2.0', id: 7, method, ...(params === undefined ? {} : { params }) });

const head = async (node: TronNode): Promise<number> =>
  Number((await call(node, '/wallet/getnowblock', {})).json.block_header.raw_data.number);

describe("TRE's /tre JSON-RPC", () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode({ profile: 'tre', accounts: 1 });
  });
  afterAll(async () => {
    await node.stop();
  });

  it('tre_mine mines one block without params and answers "0x0"', async () => {
    const before = await head(node);
    const { status, json } = await rpc(node, 'tre_mine');
    expect(status).toBe(200);
    expect(json).toEqual({ jsonrpc: '2.0', id: 7, result: '0x0' });
    expect(await head(node)).toBe(before + 1);
  });

  it('tre_mine mines exactly the blocks asked for with [{ blocks: N }]', async () => {
    const before = await head(node);
    expect((await rpc(node, 'tre_mine', [{ blocks: 3 }])).json.result).toBe('0x0');
    expect(await head(node)).toBe(before + 3);
  });

  it('refuses a number of blocks that is not a whole number from 1 to 10,000 with invalid params', async () => {
    const before = await head(node);
    for (const blocks of [0, -1, 2.5, '3', 10_001]) {
      const { json } = await rpc(node, 'tre_mine', [{ blocks }]);
      expect(json.error).toEqual({
        code: -32602,
        message: 'tre_mine expects [{ "blocks": N }] with N a whole number from 1 to 10000',
      });
    }
    expect(await head(node)).toBe(before);
  });

  it('answers a method it does not serve with method not found, and a body that is not JSON with a parse error', async () => {
    expect((await rpc(node, 'tre_setAccountBalance', ['TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC', 1])).json).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'The method tre_setAccountBalance does not exist/is not available' },
    });
    expect((await call(node, '/tre', '{not json')).json.error).toMatchObject({ code: -32700 });
    expect((await call(node, '/tre', '[1]')).json.error).toMatchObject({ code: -32600 });
  });

  it('is removed by --no-dev with the /admin endpoints', async () => {
    const plain = await startNode({ dev: false, accounts: 1 });
    try {
      expect((await rpc(plain, 'tre_mine')).status).toBe(404);
    } finally {
      await plain.stop();
    }
  });
});

describe('tre_mine on the wall clock (3 s blocks)', () => {
  it('stamps no block ahead of the wall clock, even after /admin/mine put the head in the future', async () => {
    const node = await startNode({ profile: 'tre', accounts: 1, blockTimeMs: 3000 });
    try {
      // Blocks mined by /admin/mine take the next slots at once: the head is now ahead of the clock.
      await call(node, '/admin/mine', { blocks: 2 });
      const ahead = (await call(node, '/wallet/getnowblock', {})).json.block_header.raw_data;
      expect(Number(ahead.timestamp)).toBeGreaterThan(Date.now());
      expect((await rpc(node, 'tre_mine')).json.result).toBe('0x0');
      const mined = (await call(node, '/wallet/getnowblock', {})).json.block_header.raw_data;
      expect(Number(mined.number)).toBeGreaterThan(Number(ahead.number));
      expect(Number(mined.timestamp)).toBeLessThanOrEqual(Date.now());
    } finally {
      await node.stop();
    }
  }, 30_000);
});
