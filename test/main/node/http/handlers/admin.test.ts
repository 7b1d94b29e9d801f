import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import type { TronNode } from '@main/node';
import { addressFromPrivateKey } from '@core/keys/keys';
import { hexToBytes } from '@core/bytes/hex';
import { DEFAULT_DEV_MNEMONIC } from '@main/node/config';
import { call, startNode } from '../../helpers';

/** A GET with a chosen Host header (fetch does not let a caller set it). */
function getWithHost(node: TronNode, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: node.port, path, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe("TRE's dev endpoints", () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode({ profile: 'tre', accounts: 3 });
  });
  afterAll(async () => {
    await node.stop();
  });

  it('/admin/accounts-json lists the funded keys as privateKeys, in the shape TronBox reads', async () => {
    const { status, json } = await call(node, '/admin/accounts-json');
    expect(status).toBe(200);
    expect(json).toEqual({
      hdPath: "m/44'/195'/0'/0/",
      mnemonic: DEFAULT_DEV_MNEMONIC,
      privateKeys: node.accounts.map((a) => a.privateKey),
      more: [],
    });
    // TronBox (TronWrap._getAccounts): an array, or `privateKeys`, of 64-hex keys.
    for (const key of json.privateKeys as string[]) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('/admin/temporary-accounts-generation pays N new accounts and adds them to accounts-json as a set of more', async () => {
    const reply = await call(node, '/admin/temporary-accounts-generation?accounts=2');
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/^Available Accounts\n/);
    const { more } = (await call(node, '/admin/accounts-json')).json;
    expect(more).toHaveLength(1);
    const set = more[0] as { privateKeys: string[]; mnemonic: string; hdPath: string };
    expect(set.privateKeys).toHaveLength(2);
    expect(set.mnemonic.split(' ')).toHaveLength(12);
    expect(set.mnemonic).not.toBe(DEFAULT_DEV_MNEMONIC);
    for (const key of set.privateKeys) {
      const hex = addressFromPrivateKey(hexToBytes(key));
      const account = (await call(node, '/wallet/getaccount', { address: hex })).json;
      expect(account.balance).toBe(10_000_000_000);
      expect(reply.text).toContain(key);
    }
    expect(reply.text).toContain(`Mnemonic:      ${set.mnemonic}`);
  });

  it('/admin/temporary-accounts-generation generates TRE’s ten accounts when no number is given', async () => {
    await call(node, '/admin/temporary-accounts-generation');
    const { more } = (await call(node, '/admin/accounts-json')).json;
    expect(more.at(-1).privateKeys).toHaveLength(10);
  });

  it('refuses a number of accounts that is not a whole number from 1 to 100', async () => {
    for (const bad of ['0', '101', 'x', '2.5']) {
      const reply = await call(node, `/admin/temporary-accounts-generation?accounts=${bad}`);
      expect(reply.json.Error).toBe(
        'class java.lang.IllegalArgumentException : accounts must be a whole number from 1 to 100',
      );
    }
  });

  it('answers only loopback Host headers, as the other /admin endpoints', async () => {
    expect(await getWithHost(node, '/admin/accounts-json', 'localhost')).toBe(200);
    expect(await getWithHost(node, '/admin/accounts-json', 'attacker.example')).toBe(403);
    expect(await getWithHost(node, '/admin/temporary-accounts-generation?accounts=1', 'attacker.example')).toBe(403);
  });
});

describe("TRE's dev endpoints without dev mode", () => {
  it('are removed by --no-dev, with the other /admin endpoints', async () => {
    const node = await startNode({ dev: false, accounts: 1 });
    try {
      expect((await call(node, '/admin/accounts-json')).status).toBe(404);
      expect((await call(node, '/admin/temporary-accounts-generation?accounts=1')).status).toBe(404);
    } finally {
      await node.stop();
    }
  });

  it('pay generated accounts 10,000 TRX from the first funded account on the realistic chain', async () => {
    const node = await startNode({ accounts: 1 });
    try {
      const before = BigInt((await call(node, '/wallet/getaccount', { address: node.accounts[0]!.hex })).json.balance);
      await call(node, '/admin/temporary-accounts-generation?accounts=1');
      const after = BigInt((await call(node, '/wallet/getaccount', { address: node.accounts[0]!.hex })).json.balance);
      expect(before - after).toBeGreaterThanOrEqual(10_000_000_000n);
    } finally {
      await node.stop();
    }
  });
});
