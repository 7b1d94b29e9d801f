import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../../src-main/node';
import { encodeBase58Check } from '../../../../../src-core/bytes/base58';
import { hexToBytes } from '../../../../../src-core/bytes/hex';
import { broadcast, call, fundedKey, makeTx, newKey, startNode, transfer, type Key, type Reply } from '../../helpers';

/**
 * The query endpoints against java-tron 4.8.0 (commit 1e35f79a): GetNowBlockServlet and
 * SolidityNodeHttpApiService's GetNowBlockOnSolidityServlet, whose doPost calls doGet, and
 * Wallet.getAccount behind GetAccountServlet.
 */
describe('the query endpoints, as java-tron answers them', () => {
  let node: TronNode;
  let alice: Key;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    expect(await broadcast(node, makeTx(node, transfer(alice, fundedKey(node, 1), 1n), alice.key))).toMatchObject({
      result: true,
    });
    // Enough blocks for the solidified block to move past genesis, which names no witness.
    await node.mine(30);
    expect(node.head().solidified).toBeGreaterThan(0);
  });
  afterAll(async () => node?.stop());

  describe('4. getnowblock: doPost calls doGet, so visible comes from the query string and the body is never read', () => {
    const witnessOf = (reply: Reply): string => reply.block_header.raw_data.witness_address;

    it.each(['/wallet/getnowblock', '/walletsolidity/getnowblock'])('%s ignores visible in a POST body', async (path) => {
      const reply = (await call(node, path, { visible: true })).json;
      expect(witnessOf(reply)).toMatch(/^41[0-9a-f]{40}$/);
    });

    it.each(['/wallet/getnowblock', '/walletsolidity/getnowblock'])(
      '%s takes visible=true from the query string of a POST and of a GET',
      async (path) => {
        const posted = (await call(node, `${path}?visible=true`, {})).json;
        const hex = witnessOf((await call(node, path)).json);
        expect(witnessOf(posted)).toBe(encodeBase58Check(hexToBytes(hex)));
        expect(witnessOf((await call(node, `${path}?visible=true`)).json)).toBe(encodeBase58Check(hexToBytes(hex)));
      },
    );

    it('answers the head block to a POST whose body is not JSON at all', async () => {
      const reply = await call(node, '/wallet/getnowblock', '{not json');
      expect(reply.status).toBe(200);
      expect(reply.json.blockID).toBe(node.head().id);
    });
  });

  describe('getaccount: Wallet.getAccount prints the three consume times as genesis time + 3 s per slot', () => {
    it('an account that never used resources gets the genesis time in all three', async () => {
      const genesis = (await call(node, '/wallet/getblockbynum', { num: 0 })).json.block_header.raw_data.timestamp;
      expect(genesis).toBeGreaterThan(0);
      const fresh = newKey();
      expect(await broadcast(node, makeTx(node, transfer(alice, fresh, 1_000_000n), alice.key))).toMatchObject({
        result: true,
      });
      await node.mine(1);
      const account = (await call(node, '/wallet/getaccount', { address: fresh.hex })).json;
      expect(account.latest_consume_time).toBe(genesis);
      expect(account.latest_consume_free_time).toBe(genesis);
      expect(account.account_resource.latest_consume_time_for_energy).toBe(genesis);
    });

    it('an account that used free bandwidth gets the time of that slot', async () => {
      const genesis = (await call(node, '/wallet/getblockbynum', { num: 0 })).json.block_header.raw_data.timestamp;
      const account = (await call(node, '/wallet/getaccount', { address: alice.hex })).json;
      expect(account.latest_consume_free_time).toBeGreaterThan(genesis);
      expect((account.latest_consume_free_time - genesis) % 3000).toBe(0);
    });
  });
});
