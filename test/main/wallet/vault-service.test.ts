import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalletVault } from '../../../src-main/wallet/vault-service';
import type { ConsentRequest } from '../../../src-main/wallet/consent/consent-request';
import { ScriptedConsent } from '../../fixtures/consent-surface';
import { UnavailableSecretStore } from '../../../src-main/vault/secret-store';
import { CHEAP_SCRYPT, FakeClock } from '../vault/helpers';
import { expectWalletError, quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from './helpers';

const noKeychain = new UnavailableSecretStore('test', {
  available: false,
  backend: 'test',
  reason: 'NO_SERVICE',
  message: 'No keychain here.',
  detail: 'dbus said no',
});
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

describe('wallet vault', () => {
  let dir: string;
  let events: RecordedEvents;
  let clock: FakeClock;
  let dev: { mnemonic: string; count: number } | null;
  let hooks: { name: string; order?: number; run: () => unknown }[];
  let vault: WalletVault;

  beforeEach(async () => {
    dir = await tempDir('wallet-vault-');
    events = recordEvents();
    clock = new FakeClock();
    dev = null;
    hooks = [];
    vault = await WalletVault.open({
      dataDir: join(dir, 'vault'),
      secretStore: noKeychain,
      scrypt: CHEAP_SCRYPT,
      clock,
      emit: events.emit,
      log: quietLog,
      devAccounts: () => dev,
      shutdown: { register: (hook) => (hooks.push(hook), () => undefined) },
      shutdownOrders: { services: 200, storage: 300 },
      consentSurface: ScriptedConsent.approve(),
    });
    await vault.initialize('correct horse battery');
  });
  afterEach(async () => {
    vault.dispose();
    await removeDir(dir);
  });

  it('emits vault:locked with the reason: the person, the idle timer, the shutdown', async () => {
    vault.lock('user');
    await vault.unlock('correct horse battery');
    clock.advance(vault.status().autoLockMs + 1);
    await vault.unlock('correct horse battery');
    expect(hooks.map((h) => [h.name, h.order])).toEqual([['lock the vault', 200]]);
    await hooks[0]!.run();
    expect(events.of('vault:locked')).toEqual([{ reason: 'user' }, { reason: 'idle' }, { reason: 'shutdown' }]);
    vault.lock('user');
    expect(events.of('vault:locked')).toHaveLength(3);
  });

  it("keeps the keychain backend's own error text out of the status", () => {
    expect(vault.status().keychain).toEqual({
      available: false,
      backend: 'test',
      reason: 'NO_SERVICE',
      message: 'No keychain here.',
    });
  });

  it('imports the dev accounts from the mnemonic main holds, only while the dev node runs', async () => {
    await expectWalletError(vault.importDevAccounts(), 'VaultError', 'VAULT_NO_DEV_ACCOUNTS');
    dev = { mnemonic: DEV_MNEMONIC, count: 2 };
    const accounts = await vault.importDevAccounts(5);
    expect(accounts.map((a) => [a.label, a.index, a.kind])).toEqual([
      ['Dev 1', 0, 'mnemonic'],
      ['Dev 2', 1, 'mnemonic'],
    ]);
  });

  it('refuses to show a recovery phrase when the host has no display of its own, before decrypting anything', async () => {
    // This vault was opened without a recoveryPhraseDisplay, as a host without native dialogs would.
    const account = await vault.createMnemonicAccount({ strength: 128 });
    const refused = await expectWalletError(
      vault.showRecoveryPhrase(account.id, 'correct horse battery'),
      'VaultError',
      'VAULT_NO_PHRASE_DISPLAY',
    );
    expect(refused.message).toMatch(/^This build cannot show the recovery phrase/);
    // Refused before the password is checked: a wrong one is not even counted.
    await expectWalletError(
      vault.showRecoveryPhrase(account.id, 'wrong password'),
      'VaultError',
      'VAULT_NO_PHRASE_DISPLAY',
    );
    expect(vault.status().failedAttempts).toBe(0);
  });

  it('has no method that returns the recovery phrase', () => {
    expect('exportMnemonic' in vault).toBe(false);
  });

  it('tells listeners when the account list changes, not on lock or unlock', async () => {
    let changes = 0;
    vault.onAccountsChange(() => changes++);
    vault.lock();
    await vault.unlock('correct horse battery');
    expect(changes).toBe(0);
    const account = await vault.importPrivateKey('01'.repeat(32), { label: 'one' });
    await vault.renameAccount(account.id, 'uno');
    await vault.removeAccount(account.id, 'correct horse battery');
    expect(changes).toBe(3);
  });

  it('answers every call with the open error when vault.json is damaged, without stopping the app', async () => {
    const broken = join(dir, 'broken');
    await mkdir(broken, { recursive: true });
    await writeFile(join(broken, 'vault.json'), '{"format":');
    const damaged = await WalletVault.open({
      dataDir: broken,
      secretStore: noKeychain,
      emit: events.emit,
      log: quietLog,
      devAccounts: () => null,
    });
    await expectWalletError(() => damaged.status(), 'VaultError', 'VAULT_FILE_TRUNCATED');
    await expectWalletError(damaged.unlock('x'), 'VaultError', 'VAULT_FILE_TRUNCATED');
    expect(damaged.listAccounts()).toEqual([]);
    expect(damaged.lock()).toBeUndefined();
  });
});

describe('wallet vault: checking a recovery phrase it made', () => {
  const PASSWORD = 'correct horse battery';
  let dir: string;
  let consent: ScriptedConsent;
  let shown: string[][];
  let vault: WalletVault;

  beforeEach(async () => {
    dir = await tempDir('wallet-vault-phrase-');
    consent = ScriptedConsent.decline();
    shown = [];
    vault = await WalletVault.open({
      dataDir: join(dir, 'vault'),
      secretStore: noKeychain,
      scrypt: CHEAP_SCRYPT,
      clock: new FakeClock(),
      emit: recordEvents().emit,
      log: quietLog,
      devAccounts: () => null,
      consentSurface: consent,
      recoveryPhraseDisplay: { show: async ({ words }) => void shown.push([...words]) },
    });
    await vault.initialize(PASSWORD);
  });
  afterEach(async () => {
    vault.dispose();
    await removeDir(dir);
  });

  /** The person reads the asked positions off main's window and types what they wrote down. */
  const typeFrom = (words: readonly string[]) => (request: ConsentRequest) => ({
    approved: true as const,
    words: (request.wordPrompts ?? []).map((prompt) => words[Number(prompt.replace('word ', '')) - 1] ?? ''),
  });

  it("asks on main's window for three words at positions main picked, and marks the phrase checked when they match", async () => {
    const account = await vault.createMnemonicAccount({ label: 'Treasury' });
    expect(account.backupChecked).toBe(false);
    await vault.showRecoveryPhrase(account.id, PASSWORD);
    const words = shown[0]!;
    consent.answerWith(typeFrom(words));

    const checked = await vault.checkRecoveryPhrase(account.id);
    expect(checked).toMatchObject({ id: account.id, backupChecked: true });
    expect(vault.listAccounts()[0]!.backupChecked).toBe(true);
    const request = consent.last!;
    expect(request.title).toBe('Check the recovery phrase of “Treasury”');
    expect(request.wordPrompts).toHaveLength(3);
    expect(request.wordPrompts!.every((p) => /^word (?:[1-9]|1\d|2[0-4])$/.test(p))).toBe(true);
    expect(request.password.required).toBe(false);
    // The request main shows names positions, never a word of the phrase.
    expect(request.rows.map((r) => r.value).some((v) => words.includes(v))).toBe(false);
    expect(JSON.stringify(checked)).not.toContain(words.join(' '));
  });

  it('refuses wrong words, counting them toward the lockout; a decline counts nothing', async () => {
    const account = await vault.createMnemonicAccount({});
    consent.answerWith({ approved: false });
    await expectWalletError(vault.checkRecoveryPhrase(account.id), 'ConsentError', 'CONSENT_DECLINED');
    expect(vault.status().failedAttempts).toBe(0);

    consent.answerWith({ approved: true, words: ['zoo', 'zoo', 'zoo'] });
    await expectWalletError(vault.checkRecoveryPhrase(account.id), 'VaultError', 'VAULT_PHRASE_MISMATCH');
    consent.answerWith({ approved: true });
    await expectWalletError(vault.checkRecoveryPhrase(account.id), 'VaultError', 'VAULT_PHRASE_MISMATCH');
    expect(vault.status().failedAttempts).toBe(2);
    expect(vault.listAccounts()[0]!.backupChecked).toBe(false);
  });
});
