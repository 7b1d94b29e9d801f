import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNode, DEFAULT_DEV_MNEMONIC, type TronNode } from '../../src-main/node';
import { Vault, UnavailableSecretStore } from '../../src-main/vault';
import { TronNodeClient } from '../../src-core/client';
import * as b from '../../src-core/tx/builders';
import { transactionHeader } from '../../src-core/tx/header';
import { CHEAP_SCRYPT, PASSWORD } from '../main/vault/helpers';

/**
 * Signatures made by the vault are accepted by the embedded node — a single
 * owner signature, and a 2-of-2 owner permission signed by two vault accounts.
 */
describe('vault signatures on the embedded node', () => {
  let node: TronNode;
  let vault: Vault;
  let client: TronNodeClient;
  let dataDir: string;

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0 });
    await node.mine(1);
    dataDir = await mkdtemp(join(tmpdir(), 'vault-node-'));
    vault = await Vault.open({
      dataDir,
      scrypt: CHEAP_SCRYPT,
      secretStore: new UnavailableSecretStore('none', {
        available: false,
        backend: 'none',
        reason: 'NO_SERVICE',
        message: 'No keychain in this test.',
      }),
    });
    await vault.initialize(PASSWORD);
    client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch.bind(globalThis) });
  });
  afterAll(async () => {
    vault?.dispose();
    await node?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function header() {
    const ref = await client.getRefBlock();
    return transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp });
  }

  it('derives the dev accounts from the mnemonic exactly as the node funds them', async () => {
    const accounts = await vault.importMnemonic(DEFAULT_DEV_MNEMONIC, { count: 3 });
    expect(accounts.map((a) => a.addressHex)).toEqual(node.accounts.slice(0, 3).map((a) => a.hex));
  });

  it('broadcasts a transfer signed by the vault, and the node packs it', async () => {
    const [from, to] = vault.listAccounts();
    const tx = b.buildTransaction(
      b.transferContract({ owner: from!.addressHex, to: to!.addressHex, amount: 1_234_567n }),
      { header: await header() },
    );
    const signed = await vault.sign(tx, from!.id);
    const before = (await client.getAccount(to!.addressHex))!.balance;
    expect(await client.broadcastTransaction(signed)).toEqual({ txid: tx.txID });
    await node.mine(1);
    expect((await client.getAccount(to!.addressHex))!.balance - before).toBe(1_234_567n);
  });

  it('accepts a 2-of-2 owner transaction signed by two vault accounts, and refuses one signature', async () => {
    const [owner, second, receiver] = vault.listAccounts();
    const update = b.buildTransaction(
      b.accountPermissionUpdateContract({
        owner: owner!.addressHex,
        ownerPermission: {
          type: 'Owner',
          permission_name: 'owner',
          threshold: 2,
          keys: [
            { address: owner!.addressHex, weight: 1 },
            { address: second!.addressHex, weight: 1 },
          ],
        },
        actives: [
          {
            type: 'Active',
            permission_name: 'active',
            threshold: 1,
            operations: '7fff1fc0033efb0f' + '00'.repeat(24),
            keys: [{ address: owner!.addressHex, weight: 1 }],
          },
        ],
      }),
      { header: await header() },
    );
    expect(await client.broadcastTransaction(await vault.sign(update, owner!.id))).toHaveProperty('txid', update.txID);
    await node.mine(1);

    const transfer = b.buildTransaction(
      b.transferContract({ owner: owner!.addressHex, to: receiver!.addressHex, amount: 1_000_000n }),
      { header: await header() },
    );
    const once = await vault.sign(transfer, owner!.id);
    await expect(client.broadcastTransaction(once)).rejects.toMatchObject({ code: 'BROADCAST_FAILED' });
    const twice = await vault.sign(once, second!.id);
    expect(await client.broadcastTransaction(twice)).toEqual({ txid: transfer.txID });
  });
});
