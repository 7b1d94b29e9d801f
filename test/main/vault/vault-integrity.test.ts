import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FREE_ATTEMPTS, MAX_DELAY_MS } from '../../../src-main/vault/lockout';
import { PAGE_RETRY_INTERVAL_MS } from '../../../src-main/vault/vault';
import { PASSWORD, caught, useTestVaults } from './helpers';
import { unsignedTx, vectorKeys } from './tx-fixtures';

const { setup, reopen } = useTestVaults();

/** The parts of vault.json these tests edit by hand. */
interface VaultJson {
  settings: Record<string, unknown>;
  accounts: Record<string, unknown>[];
  lockout: unknown;
  mac?: unknown;
}

async function editJson(file: string, edit: (json: VaultJson) => void): Promise<void> {
  const json = JSON.parse(await readFile(file, 'utf8')) as VaultJson;
  edit(json);
  await writeFile(file, JSON.stringify(json, null, 2));
}

describe('vault.json is authenticated by the password', () => {
  it.each([
    [
      'the signing policy',
      (json: VaultJson) => (json.settings.signingPolicy = { passwordFor: 'permission-changes' }),
      'The signing policy in vault.json was changed outside the app.',
    ],
    [
      'the auto-lock time',
      (json: VaultJson) => (json.settings.autoLockMs = 24 * 60 * 60_000),
      'The auto-lock time in vault.json was changed outside the app.',
    ],
    [
      'an account address',
      (json: VaultJson) => (json.accounts[0]!.address = `41${'ab'.repeat(20)}`),
      'The account list in vault.json (ids, kinds, addresses, keys, indexes or custody) was changed outside the app.',
    ],
  ])('refuses %s changed outside the app, saying what changed', async (_what, edit, sentence) => {
    const t = await setup();
    await t.vault.setSigningPolicy({ passwordFor: 'every-signature' }, PASSWORD);
    const account = await t.vault.importPrivateKey(vectorKeys.K1!.private_key);
    await editJson(join(t.dir, 'vault.json'), edit);
    const vault = await reopen(t);
    await vault.unlock(PASSWORD);
    expect(vault.status().readOnly).toBe(true);
    expect(vault.status().problems.map((p) => p.message)).toEqual([sentence]);
    const refused = await caught(() => vault.sign(unsignedTx('transfer_owner'), account.id));
    expect(refused.code).toBe('VAULT_READ_ONLY');
    expect(refused.message).toContain(sentence);
    // Until the person accepts the file, the stricter value applies to whatever still asks.
    expect(vault.status().signingPolicy).toEqual({ passwordFor: 'every-signature' });
    expect(vault.status().autoLockMs).toBeLessThanOrEqual(5 * 60_000);
  });

  it('adds the MAC to a file written without one at the first unlock, then notices later edits', async () => {
    const t = await setup();
    // As a vault written before the MAC existed: no MAC and no lockout.json.
    await editJson(join(t.dir, 'vault.json'), (json) => delete json.mac);
    await rm(join(t.dir, 'lockout.json'));
    const vault = await reopen(t);
    await vault.unlock(PASSWORD);
    expect(vault.status().readOnly).toBe(false);
    expect(JSON.parse(await readFile(join(t.dir, 'vault.json'), 'utf8')).mac).toMatchObject({ version: 1 });
    await editJson(join(t.dir, 'vault.json'), (json) => (json.settings.autoLockMs = 60_000));
    const later = await reopen({ ...t, vault });
    await later.unlock(PASSWORD);
    expect(later.status().readOnly).toBe(true);
  });
});

describe('a MAC removed by hand', () => {
  it('is not sealed afresh at unlock: the vault stays read-only and says so', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(vectorKeys.K1!.private_key);
    await editJson(join(t.dir, 'vault.json'), (json) => {
      delete json.mac;
      json.settings.signingPolicy = { passwordFor: 'permission-changes' };
    });
    const vault = await reopen(t);
    await vault.unlock(PASSWORD);
    expect(vault.status().problems.map((p) => p.message)).toEqual([
      'The MAC of vault.json was removed outside the app, so none of its settings or accounts can be trusted until you repair the vault.',
    ]);
    expect(vault.status().signingPolicy).toEqual({ passwordFor: 'every-signature' });
    expect((await caught(() => vault.sign(unsignedTx('transfer_owner'), account.id))).code).toBe('VAULT_READ_ONLY');
    expect(JSON.parse(await readFile(join(t.dir, 'vault.json'), 'utf8')).mac).toBeUndefined();
  });
});

describe('wrong passwords', () => {
  it('from the page never lock the person out: each wrong one only makes the next wait a second', async () => {
    const t = await setup();
    t.vault.lock();
    for (let i = 0; i < FREE_ATTEMPTS + 10; i++) {
      expect((await caught(() => t.vault.unlock('not the password', 'page'))).code).toBe('VAULT_WRONG_PASSWORD');
      const early = await caught(() => t.vault.unlock(PASSWORD, 'page'));
      expect(early.code).toBe('VAULT_RETRY_TOO_SOON');
      expect(early.details).toMatchObject({ retryAfterMs: PAGE_RETRY_INTERVAL_MS });
      t.clock.advance(PAGE_RETRY_INTERVAL_MS);
    }
    expect(t.vault.status()).toMatchObject({ failedAttempts: 0, retryAfterMs: 0 });
    await t.vault.unlock(PASSWORD, 'page');
    expect(t.vault.status().locked).toBe(false);
  });

  it("typed in main keep their escalating delay when vault.json's counter is reset by hand", async () => {
    const t = await setup();
    t.vault.lock();
    for (let i = 0; i < 8; i++) {
      await caught(() => t.vault.unlock('not the password'));
      t.clock.advance(MAX_DELAY_MS);
    }
    await caught(() => t.vault.unlock('not the password'));
    await editJson(join(t.dir, 'vault.json'), (json) => (json.lockout = { failedAttempts: 0, lastAttemptAt: null }));
    const vault = await reopen(t);
    expect(vault.status().failedAttempts).toBe(9);
    expect((await caught(() => vault.unlock(PASSWORD))).code).toBe('VAULT_LOCKED_OUT');
  });

  it('count the free attempts as used when lockout.json is deleted, and say the file was deleted', async () => {
    const t = await setup();
    await rm(join(t.dir, 'lockout.json'));
    const vault = await reopen(t);
    expect(vault.status().failedAttempts).toBe(FREE_ATTEMPTS);
    expect(vault.status().retryAfterMs).toBeGreaterThan(0);
    expect(vault.status().problems.map((p) => p.message)).toEqual([
      `The failed-password record ${join(t.dir, 'lockout.json')} was deleted outside the app, so the vault counts the free attempts as used.`,
    ]);
  });
});
