import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Vault } from '../../../src-main/vault/vault';
import { caught, openTestVault, removeDir, type TestVault } from './helpers';
import { vectorKeys } from './tx-fixtures';

const K1 = vectorKeys.K1!;
const K2 = vectorKeys.K2!;
const dirs: string[] = [];
const vaults: Vault[] = [];

async function setup(): Promise<TestVault> {
  const t = await openTestVault();
  dirs.push(t.dir);
  vaults.push(t.vault);
  return t;
}

afterEach(async () => {
  for (const vault of vaults.splice(0)) vault.dispose();
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

describe('where an account key lives', () => {
  it('keeps a Ledger account and an offline signer in vault.json across a restart', async () => {
    const t = await setup();
    await t.vault.addWatchOnly(K1.base58, {
      custody: { kind: 'ledger', path: "44'/195'/1'/0/0", scheme: 'ledger-live', model: 'Nano X' },
    });
    await t.vault.addWatchOnly(K2.base58, { custody: { kind: 'offline' } });
    const restarted = await t.reopen();
    vaults.push(restarted);
    const [ledger, offline] = restarted.listAccounts();
    expect(ledger).toMatchObject({
      label: 'Ledger',
      custody: 'ledger',
      canSign: false,
      ledger: { path: "44'/195'/1'/0/0", scheme: 'ledger-live', model: 'Nano X' },
    });
    expect(offline).toMatchObject({ label: 'Offline signer', custody: 'offline', canSign: false });
    expect(offline).not.toHaveProperty('ledger');
  });

  it('reads records written before custodies as vault keys and watch-only addresses', async () => {
    const t = await setup();
    await t.vault.importPrivateKey(K1.private_key, { label: 'Hot' });
    await t.vault.addWatchOnly(K2.base58, { label: 'Watched' });
    const file = join(t.dir, 'vault.json');
    const json = JSON.parse(await readFile(file, 'utf8'));
    expect(json.accounts.some((a: Record<string, unknown>) => 'custody' in a)).toBe(false);
    const restarted = await t.reopen();
    vaults.push(restarted);
    expect(restarted.listAccounts().map((a) => [a.label, a.custody])).toEqual([
      ['Hot', 'vault'],
      ['Watched', 'watch'],
    ]);
  });

  it('never signs with the vault for a Ledger account: its key is on the device', async () => {
    const t = await setup();
    const account = await t.vault.addWatchOnly(K1.base58, {
      custody: { kind: 'ledger', path: "44'/195'/0'/0/0", scheme: 'legacy' },
    });
    expect((await caught(() => t.vault.getSigningAccount(account.id))).code).toBe('VAULT_WATCH_ONLY');
  });
});
