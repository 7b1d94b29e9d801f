import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { call, startNode } from '../../helpers';

/** The fork endpoints on a node that is not a fork (the fork itself: test/integration/node/fork.test.ts). */
describe('/admin/fork and /admin/impersonate', () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(async () => node?.stop());

  it('refuse on a node that is not a fork, and impersonation lets nothing through there', async () => {
    const message = 'class java.lang.IllegalArgumentException : This node is not a fork; start it with --fork-url.';
    expect((await call(node, '/admin/fork')).json).toEqual({ Error: message });
    expect((await call(node, '/admin/impersonate', { address: node.accounts[0]!.address })).json).toEqual({
      Error: message,
    });
    expect(node.chain.impersonated.size).toBe(0);
  });

  it('are not served without dev mode', async () => {
    const production = await startNode({ dev: false });
    try {
      expect((await call(production, '/admin/fork')).status).toBe(404);
    } finally {
      await production.stop();
    }
  });
});
