import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TronWeb, Trx } from 'tronweb';
import { afterEach, describe, expect, it } from 'vitest';
import type { HexAddress } from '../../../src-core/brand';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { TransactionError, VaultError } from '../../../src-core/errors';
import { recoverAddress } from '../../../src-core/keys/keys';
import { verifyMessageV2 } from '../../../src-core/keys/message';
import { tronPath } from '../../../src-main/vault/hd';
import { loadKeytarSecretStore } from '../../../src-main/vault/keytar-store';
import { FREE_ATTEMPTS, lockoutDelayMs } from '../../../src-main/vault/lockout';
import { Vault, type VaultStatus, type VaultStep } from '../../../src-main/vault/vault';
import {
  CHEAP_SCRYPT,
  FakeClock,
  PASSWORD,
  caught,
  openTestVault,
  removeDir,
  tempDir,
  type TestVault,
} from './helpers';
import { unsignedTx, vectorKeys, vectorTx } from './tx-fixtures';

const K1 = vectorKeys.K1!;
const K2 = vectorKeys.K2!;
const NEW_PASSWORD = 'a different long password';
const dirs: string[] = [];
const vaults: Vault[] = [];

async function setup(options: Parameters<typeof openTestVault>[0] = {}): Promise<TestVault> {
  const t = await openTestVault(options);
  dirs.push(t.dir);
  vaults.push(t.vault);
  return t;
}

afterEach(async () => {
  for (const vault of vaults.splice(0)) vault.dispose();
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

/** Every file under `dir`, recursively, as raw bytes. */
async function allFiles(dir: string): Promise<{ path: string; bytes: Buffer }[]> {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await allFiles(path)));
    else out.push({ path, bytes: await readFile(path) });
  }
  return out;
}

async function keystoreFiles(dir: string): Promise<string[]> {
  return (await allFiles(join(dir, 'keystores'))).map((f) => f.path);
}

describe('vault: password, lock and unlock', () => {
  it('creates vault.json 0600 in a 0700 directory and starts unlocked', async () => {
    const { vault, dir } = await setup();
    expect(vault.status()).toMatchObject({ initialized: true, locked: false, accountCount: 0, failedAttempts: 0 });
    expect((await stat(join(dir, 'vault.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const meta = JSON.parse(await readFile(join(dir, 'vault.json'), 'utf8'));
    expect(meta).toMatchObject({
      format: 'tron-wallet-vault',
      version: 1,
      generation: 0,
      password: { kdf: { name: 'scrypt', ...CHEAP_SCRYPT } },
    });
  });

  it('refuses a short password and a second initialization', async () => {
    const fresh = await setup({ initialize: false });
    expect((await caught(() => fresh.vault.initialize('short'))).code).toBe('VAULT_WEAK_PASSWORD');
    expect(fresh.vault.status().initialized).toBe(false);
    expect((await caught(() => fresh.vault.unlock(PASSWORD))).code).toBe('VAULT_NOT_INITIALIZED');
    const { vault } = await setup();
    expect((await caught(() => vault.initialize(NEW_PASSWORD))).code).toBe('VAULT_ALREADY_INITIALIZED');
  });

  it('locks, refuses work while locked, and unlocks with the password', async () => {
    const { vault } = await setup();
    const account = await vault.importPrivateKey(K1.private_key);
    vault.lock();
    expect(vault.status().locked).toBe(true);
    const error = await caught(() => vault.sign(unsignedTx('transfer_owner'), account.id));
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_LOCKED');
    expect(vault.listAccounts().map((a) => a.id)).toEqual([account.id]);
    await vault.unlock(PASSWORD);
    expect(vault.status().locked).toBe(false);
  });

  it('refuses a wrong password and stays locked', async () => {
    const { vault } = await setup();
    vault.lock();
    const error = await caught(() => vault.unlock('not the password'));
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_WRONG_PASSWORD');
    expect(error.details).toMatchObject({ failedAttempts: 1 });
    expect(vault.status()).toMatchObject({ locked: true, failedAttempts: 1 });
  });

  it('delays attempts after repeated wrong passwords, across a restart, and resets on success', async () => {
    const t = await setup();
    t.vault.lock();
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      expect((await caught(() => t.vault.unlock(`wrong ${i}`))).code).toBe('VAULT_WRONG_PASSWORD');
    const firstDelay = lockoutDelayMs(FREE_ATTEMPTS);
    expect(firstDelay).toBeGreaterThan(0);
    // Even the right password is refused while the delay runs: it is not checked at all.
    const refused = await caught(() => t.vault.unlock(PASSWORD));
    expect(refused.code).toBe('VAULT_LOCKED_OUT');
    expect(refused.details).toMatchObject({ retryAfterMs: firstDelay, failedAttempts: FREE_ATTEMPTS });
    t.clock.advance(firstDelay);
    expect((await caught(() => t.vault.unlock('wrong again'))).code).toBe('VAULT_WRONG_PASSWORD');

    const restarted = await t.reopen();
    vaults.push(restarted);
    const secondDelay = lockoutDelayMs(FREE_ATTEMPTS + 1);
    expect(secondDelay).toBeGreaterThan(firstDelay);
    expect(restarted.status()).toMatchObject({ failedAttempts: FREE_ATTEMPTS + 1, retryAfterMs: secondDelay });
    expect((await caught(() => restarted.unlock(PASSWORD))).code).toBe('VAULT_LOCKED_OUT');
    t.clock.advance(secondDelay - 1);
    expect((await caught(() => restarted.unlock(PASSWORD))).details).toMatchObject({ retryAfterMs: 1 });
    t.clock.advance(1);
    await restarted.unlock(PASSWORD);
    expect(restarted.status()).toMatchObject({ locked: false, failedAttempts: 0, retryAfterMs: 0 });
    const again = await t.reopen();
    vaults.push(again);
    expect(again.status().failedAttempts).toBe(0);
  });

  it('does not stay locked out when the clock is set back', async () => {
    const t = await setup();
    t.vault.lock();
    for (let i = 0; i <= FREE_ATTEMPTS; i++) {
      await caught(() => t.vault.unlock(`wrong ${i}`));
      t.clock.advance(lockoutDelayMs(i + 1));
    }
    t.clock.time -= 24 * 60 * 60_000;
    expect((await caught(() => t.vault.unlock(PASSWORD))).code).toBe('VAULT_LOCKED_OUT');
    t.clock.advance(lockoutDelayMs(FREE_ATTEMPTS + 1));
    await t.vault.unlock(PASSWORD);
    expect(t.vault.status().locked).toBe(false);
  });
});

describe('vault: auto-lock', () => {
  it('locks after the configured idle time and tells listeners', async () => {
    const { vault, clock } = await setup();
    const seen: VaultStatus[] = [];
    vault.onChange((s) => seen.push(s));
    await vault.setAutoLock(60_000, PASSWORD);
    clock.advance(59_000);
    expect(vault.status().locked).toBe(false);
    clock.advance(1_000);
    expect(vault.status().locked).toBe(true);
    expect(seen.at(-1)).toMatchObject({ locked: true });
  });

  it('counts vault operations and touch() as activity', async () => {
    const { vault, clock } = await setup();
    await vault.setAutoLock(60_000, PASSWORD);
    const account = await vault.importPrivateKey(K1.private_key);
    clock.advance(50_000);
    await vault.signMessage('still here', account.id);
    clock.advance(50_000);
    vault.touch();
    clock.advance(50_000);
    expect(vault.status().locked).toBe(false);
    clock.advance(10_000);
    expect(vault.status().locked).toBe(true);
  });

  it('keeps the idle time across restarts and uses the default until set', async () => {
    const t = await setup({ defaultAutoLockMs: 120_000 });
    expect(t.vault.status().autoLockMs).toBe(120_000);
    await t.vault.setAutoLock(30_000, PASSWORD);
    const restarted = await t.reopen();
    vaults.push(restarted);
    await restarted.unlock(PASSWORD);
    t.clock.advance(30_000);
    expect(restarted.status()).toMatchObject({ autoLockMs: 30_000, locked: true });
  });

  it('changes the idle time only with the password, and counts a wrong one', async () => {
    const { vault } = await setup();
    const before = vault.status().autoLockMs;
    expect((await caught(() => vault.setAutoLock(86_400_000, 'not the password'))).code).toBe('VAULT_WRONG_PASSWORD');
    expect(vault.status()).toMatchObject({ autoLockMs: before, failedAttempts: 1 });
  });

  it('ends the session at the limit however much activity is reported, and says when', async () => {
    const { vault, clock } = await setup({ maxSessionMs: 8 * 3_600_000 });
    await vault.setAutoLock(60_000, PASSWORD);
    const unlockedAt = clock.now();
    vault.lock();
    await vault.unlock(PASSWORD);
    expect(vault.status().sessionEndsAt).toBe(clock.now() + 8 * 3_600_000);
    expect(clock.now()).toBe(unlockedAt);
    while (clock.now() - unlockedAt < 8 * 3_600_000 - 30_000) {
      clock.advance(30_000);
      vault.touch();
    }
    expect(vault.status().locked).toBe(false);
    clock.advance(30_000);
    expect(vault.status()).toMatchObject({ locked: true, sessionEndsAt: null });
    expect(vault.lastLockReason()).toBe('session-limit');
  });

  it('a password change keeps the session limit the unlock started', async () => {
    const { vault, clock } = await setup({ maxSessionMs: 3_600_000 });
    const endsAt = vault.status().sessionEndsAt;
    clock.advance(1_000);
    await vault.changePassword(PASSWORD, NEW_PASSWORD);
    expect(vault.status().sessionEndsAt).toBe(endsAt);
  });

  it('records why it locked: the person, the idle timer, or the system', async () => {
    const { vault, clock } = await setup();
    await vault.setAutoLock(60_000, PASSWORD);
    vault.lock('suspend');
    expect(vault.lastLockReason()).toBe('suspend');
    await vault.unlock(PASSWORD);
    clock.advance(60_000);
    expect(vault.lastLockReason()).toBe('idle');
  });

  it('refuses an idle time outside 10 s – 24 h', async () => {
    const { vault } = await setup();
    for (const ms of [0, 9_999, 24 * 60 * 60_000 + 1, 1.5])
      expect((await caught(() => vault.setAutoLock(ms, PASSWORD))).code).toBe('VAULT_INVALID_AUTO_LOCK');
  });
});

describe('vault: remember on this device needs the password', () => {
  it('refuses a wrong password and leaves the device unremembered', async () => {
    const { vault } = await setup();
    expect((await caught(() => vault.rememberOnDevice('not the password'))).code).toBe('VAULT_WRONG_PASSWORD');
    expect(vault.status().rememberedOnDevice).toBe(false);
  });
});

describe('vault: signing policy', () => {
  it('asks for the password on permission changes and above 1,000 TRX until changed', async () => {
    const { vault } = await setup();
    expect(vault.status().signingPolicy).toEqual({ passwordFor: 'above-amount', thresholdSun: '1000000000' });
  });

  it('changes the policy only with the password and keeps it across restarts', async () => {
    const t = await setup();
    expect((await caught(() => t.vault.setSigningPolicy({ passwordFor: 'permission-changes' }, 'wrong'))).code).toBe(
      'VAULT_WRONG_PASSWORD',
    );
    expect(t.vault.status().signingPolicy.passwordFor).toBe('above-amount');
    await t.vault.setSigningPolicy({ passwordFor: 'every-signature' }, PASSWORD);
    const restarted = await t.reopen();
    vaults.push(restarted);
    expect(restarted.status().signingPolicy).toEqual({ passwordFor: 'every-signature' });
  });

  it('refuses a policy it does not know', async () => {
    const { vault } = await setup();
    const odd = { passwordFor: 'never' } as unknown as Parameters<Vault['setSigningPolicy']>[0];
    expect((await caught(() => vault.setSigningPolicy(odd, PASSWORD))).code).toBe('VAULT_INVALID_ARGUMENT');
  });
});

describe('vault: accounts', () => {
  it('creates a recovery phrase whose addresses TronWeb derives too, exported only with the password', async () => {
    const { vault } = await setup();
    const first = await vault.createMnemonicAccount({ label: 'Treasury' });
    expect(first).toMatchObject({ kind: 'mnemonic', label: 'Treasury', index: 0, path: tronPath(0), canSign: true });
    expect(JSON.stringify(first)).not.toMatch(/phrase|privateKey|entropy/);
    const more = await vault.addMnemonicAccounts(first.secretId!, { from: 1, count: 3 });
    const wrong = await caught(() => vault.exportMnemonic(first.id, 'not the password'));
    expect(wrong.code).toBe('VAULT_WRONG_PASSWORD');
    expect(vault.status().failedAttempts).toBe(1);
    const exported = await vault.exportMnemonic(first.id, PASSWORD);
    expect(exported.phrase.split(' ')).toHaveLength(24);
    expect(exported.hasPassphrase).toBe(false);
    expect([first, ...more].map((a) => a.address)).toEqual(
      [0, 1, 2, 3].map((i) => TronWeb.fromMnemonic(exported.phrase, tronPath(i)).address),
    );
  });

  it('imports a phrase with a passphrase and an index range, matching TronWeb', async () => {
    const { vault } = await setup();
    const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const accounts = await vault.importMnemonic(phrase, { passphrase: 'TREZOR', from: 5, count: 3, label: 'Cold' });
    expect(accounts.map((a) => a.index)).toEqual([5, 6, 7]);
    expect(accounts.map((a) => a.label)).toEqual(['Cold 6', 'Cold 7', 'Cold 8']);
    expect(accounts.map((a) => a.address)).toEqual(
      [5, 6, 7].map((i) => TronWeb.fromMnemonic(phrase, tronPath(i), 'TREZOR').address),
    );
    expect(await vault.exportMnemonic(accounts[0]!.id, PASSWORD)).toEqual({ phrase, hasPassphrase: true });
    expect((await caught(() => vault.importMnemonic(phrase, { passphrase: 'TREZOR', from: 7 }))).code).toBe(
      'VAULT_ACCOUNT_EXISTS',
    );
  });

  it('imports a private key, refuses it twice, and will not export a phrase for it', async () => {
    const { vault } = await setup();
    const account = await vault.importPrivateKey(`0x${K1.private_key.toUpperCase()}`, { label: 'Hot' });
    expect(account).toMatchObject({
      kind: 'privateKey',
      address: K1.base58,
      addressHex: K1.hex,
      label: 'Hot',
      canSign: true,
    });
    expect((await caught(() => vault.importPrivateKey(K1.private_key))).code).toBe('VAULT_ACCOUNT_EXISTS');
    expect((await caught(() => vault.exportMnemonic(account.id, PASSWORD))).code).toBe('VAULT_NOT_MNEMONIC');
  });

  it('keeps watch-only addresses that cannot sign', async () => {
    const { vault } = await setup();
    const watch = await vault.addWatchOnly(K2.base58, { label: 'Exchange' });
    expect(watch).toMatchObject({ kind: 'watch', address: K2.base58, canSign: false });
    expect((await caught(() => vault.addWatchOnly(K2.hex))).code).toBe('VAULT_ACCOUNT_EXISTS');
    expect((await caught(() => vault.sign(unsignedTx('transfer_owner'), watch.id))).code).toBe('VAULT_WATCH_ONLY');
    expect((await caught(() => vault.signMessage('hi', watch.id))).code).toBe('VAULT_WATCH_ONLY');
  });

  it('renames and removes accounts; the keystore goes with the last account using it', async () => {
    const { vault, dir } = await setup();
    const [a, b] = await vault.importMnemonic(vectorPhrase(), { count: 2 });
    const key = await vault.importPrivateKey(K1.private_key);
    expect((await vault.renameAccount(a!.id, '  Payroll  ')).label).toBe('Payroll');
    expect(await keystoreFiles(dir)).toHaveLength(2);
    await vault.removeAccount(key.id, PASSWORD);
    expect(await keystoreFiles(dir)).toHaveLength(1);
    await vault.removeAccount(a!.id, PASSWORD);
    expect(await keystoreFiles(dir)).toHaveLength(1);
    await vault.removeAccount(b!.id, PASSWORD);
    expect(await keystoreFiles(dir)).toHaveLength(0);
    expect(vault.listAccounts()).toEqual([]);
    expect((await caught(() => vault.removeAccount(a!.id, PASSWORD))).code).toBe('VAULT_ACCOUNT_NOT_FOUND');
  });

  it.each([
    ['a private-key account', (v: Vault) => v.importPrivateKey(K1.private_key)],
    ['a recovery-phrase account', async (v: Vault) => (await v.importMnemonic(vectorPhrase()))[0]!],
  ])('removes %s only with the password, and deletes nothing until then', async (_what, add) => {
    const { vault, dir } = await setup();
    const account = await add(vault);
    const [keystore] = await keystoreFiles(dir);
    const vaultJson = await readFile(join(dir, 'vault.json'));

    const missing = await caught(() => vault.removeAccount(account.id));
    expect(missing).toBeInstanceOf(VaultError);
    expect(missing.code).toBe('VAULT_PASSWORD_REQUIRED');
    expect(missing.message).toBe(
      'Removing this account takes its key out of the vault (it is kept in the removed folder until you empty it). Type the vault password to confirm.',
    );
    // Asking is not an attempt: nothing was typed.
    expect(vault.status().failedAttempts).toBe(0);
    expect(await readFile(join(dir, 'vault.json'))).toEqual(vaultJson);

    const wrong = await caught(() => vault.removeAccount(account.id, 'not the password'));
    expect(wrong.code).toBe('VAULT_WRONG_PASSWORD');
    expect(vault.status().failedAttempts).toBe(1);
    expect(vault.listAccounts().map((a) => a.id)).toEqual([account.id]);
    await expect(stat(keystore!)).resolves.toBeTruthy();

    await vault.removeAccount(account.id, PASSWORD);
    expect(vault.listAccounts()).toEqual([]);
    // The right password clears the counter, and the cleared counter is what was committed.
    expect(vault.status().failedAttempts).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'vault.json'), 'utf8')).lockout).toMatchObject({ failedAttempts: 0 });
    await expect(stat(keystore!)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await keystoreFiles(dir)).toEqual([]);
    // Out of the vault, not destroyed: the same bytes wait in removed/ until emptied with the password.
    const kept = await allFiles(join(dir, 'removed'));
    expect(kept).toHaveLength(1);
    expect(vault.status().removedKeystores).toBe(1);
  });

  it('asks for the password for one address of a shared phrase, and keeps the phrase for the others', async () => {
    const { vault, dir } = await setup();
    const [a, b] = await vault.importMnemonic(vectorPhrase(), { count: 2 });
    const missing = await caught(() => vault.removeAccount(a!.id));
    expect(missing.code).toBe('VAULT_PASSWORD_REQUIRED');
    expect(missing.message).toBe('Removing an account that can sign needs the vault password. Type it to confirm.');
    await vault.removeAccount(a!.id, PASSWORD);
    expect(vault.listAccounts().map((x) => x.id)).toEqual([b!.id]);
    expect(await keystoreFiles(dir)).toHaveLength(1);
    expect(await vault.exportMnemonic(b!.id, PASSWORD)).toMatchObject({ phrase: vectorPhrase() });
  });

  it('refuses to remove a keyed account while the lockout runs, even with the right password', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      await caught(() => t.vault.removeAccount(account.id, `wrong ${i} password`));
    const refused = await caught(() => t.vault.removeAccount(account.id, PASSWORD));
    expect(refused.code).toBe('VAULT_LOCKED_OUT');
    expect(t.vault.listAccounts()).toHaveLength(1);
    expect(await keystoreFiles(t.dir)).toHaveLength(1);
    t.clock.advance(lockoutDelayMs(FREE_ATTEMPTS));
    await t.vault.removeAccount(account.id, PASSWORD);
    expect(t.vault.listAccounts()).toEqual([]);
  });

  it('removes a watch-only account without a password, and does not check one given', async () => {
    const { vault } = await setup();
    const watch = await vault.addWatchOnly(K2.base58);
    const other = await vault.addWatchOnly(K1.base58);
    await vault.removeAccount(watch.id);
    await vault.removeAccount(other.id, 'not the password');
    expect(vault.listAccounts()).toEqual([]);
    expect(vault.status().failedAttempts).toBe(0);
  });

  it('refuses to remove accounts while locked', async () => {
    const { vault } = await setup();
    const watch = await vault.addWatchOnly(K2.base58);
    vault.lock();
    expect((await caught(() => vault.removeAccount(watch.id))).code).toBe('VAULT_LOCKED');
    expect(vault.listAccounts()).toHaveLength(1);
  });

  it.each([
    [
      'a label that is too long',
      (v: Vault) => v.addWatchOnly(K2.base58, { label: 'x'.repeat(65) }),
      'VAULT_INVALID_LABEL',
    ],
    [
      'a label with control characters',
      (v: Vault) => v.addWatchOnly(K2.base58, { label: 'a\u0007b' }),
      'VAULT_INVALID_LABEL',
    ],
    ['a bad address', (v: Vault) => v.addWatchOnly('TNotAnAddress'), 'VAULT_INVALID_ADDRESS'],
    ['a short private key', (v: Vault) => v.importPrivateKey(K1.private_key.slice(2)), 'VAULT_INVALID_PRIVATE_KEY'],
    ['a zero private key', (v: Vault) => v.importPrivateKey('00'.repeat(32)), 'VAULT_INVALID_PRIVATE_KEY'],
    ['an invalid phrase', (v: Vault) => v.importMnemonic('one two three'), 'VAULT_INVALID_MNEMONIC'],
    ['an unknown account', (v: Vault) => v.renameAccount('acc_0000000000000000', 'x'), 'VAULT_ACCOUNT_NOT_FOUND'],
    [
      'an unknown phrase id',
      (v: Vault) => v.addMnemonicAccounts('sec_0000000000000000', { from: 1 }),
      'VAULT_ACCOUNT_NOT_FOUND',
    ],
    [
      'a bad phrase strength',
      (v: Vault) => v.createMnemonicAccount({ strength: 160 as 128 }),
      'VAULT_INVALID_ARGUMENT',
    ],
  ])('refuses %s', async (_what, action, code) => {
    const { vault } = await setup();
    const error = await caught(() => action(vault));
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe(code);
  });

  it('never repeats a private key pasted into the wrong field', async () => {
    const { vault } = await setup();
    const errors = [
      await caught(() => vault.addWatchOnly(K1.private_key)),
      await caught(() => vault.importPrivateKey(`${K1.private_key}00`)),
    ];
    for (const error of errors)
      expect(JSON.stringify({ m: error.message, d: error.details })).not.toContain(K1.private_key.slice(0, 16));
  });
});

function vectorPhrase(): string {
  return 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
}

describe('vault: signing', () => {
  it('signs a transaction; src-core and TronWeb recover the account address', async () => {
    const { vault } = await setup();
    const account = await vault.importPrivateKey(K1.private_key);
    const tx = unsignedTx('transfer_owner');
    const signed = await vault.sign(tx, account.id);
    expect(tx.signature).toBeUndefined();
    expect(signed.signature).toHaveLength(1);
    expect(recoverAddress(hexToBytes(signed.txID), hexToBytes(signed.signature![0]!))).toBe(K1.hex);
    expect(Trx.ecRecover(signed as never)).toBe(K1.base58);
    expect(signed.signature![0]).toBe(vectorTx('transfer_owner').signatures_as_tronweb_emits[0]!.toLowerCase());
  });

  it('signs with a mnemonic account for the permission the caller expects', async () => {
    const { vault } = await setup();
    const [account] = await vault.importMnemonic(vectorPhrase(), { from: 2 });
    const tx = unsignedTx('transfer_multisig_pid2');
    const signed = await vault.sign(tx, account!.id, 2);
    expect(Trx.ecRecover(signed as never)).toBe(TronWeb.fromMnemonic(vectorPhrase(), tronPath(2)).address);
    const mismatch = await caught(() => vault.sign(tx, account!.id, 0));
    expect(mismatch.code).toBe('VAULT_PERMISSION_MISMATCH');
  });

  it('adds its signature after a co-signer and refuses to sign twice', async () => {
    const { vault } = await setup();
    const k2 = await vault.importPrivateKey(K2.private_key);
    const k3 = await vault.importPrivateKey(vectorKeys.K3!.private_key);
    const once = await vault.sign(unsignedTx('transfer_multisig_pid2'), k2.id, 2);
    const twice = await vault.sign(once, k3.id, 2);
    expect(Trx.ecRecover(twice as never)).toEqual([K2.base58, vectorKeys.K3!.base58]);
    expect((await caught(() => vault.sign(twice, k2.id, 2))).code).toBe('VAULT_ALREADY_SIGNED');
  });

  it('refuses a transaction whose txID does not match its contents', async () => {
    const { vault } = await setup();
    const account = await vault.importPrivateKey(K1.private_key);
    const tx = unsignedTx('transfer_owner');
    tx.raw_data_hex = unsignedTx('transfer_owner_memo').raw_data_hex;
    expect(await caught(() => vault.sign(tx, account.id))).toBeInstanceOf(TransactionError);
    expect((await caught(() => vault.sign(unsignedTx('transfer_owner'), account.id, -1))).code).toBe(
      'VAULT_INVALID_ARGUMENT',
    );
  });

  it('signs messages in the TRON signMessageV2 format TronWeb verifies', async () => {
    const { vault } = await setup();
    const account = await vault.importPrivateKey(K1.private_key);
    const message = 'key liveness check 2024-01-01';
    const signature = await vault.signMessage(message, account.id);
    expect(Trx.verifyMessageV2(message, signature)).toBe(K1.base58);
    expect(verifyMessageV2(message, signature)).toBe(K1.hex as HexAddress);
  });

  it('keeps signing after a restart', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    const restarted = await t.reopen();
    vaults.push(restarted);
    expect(restarted.status().locked).toBe(true);
    await restarted.unlock(PASSWORD);
    expect(Trx.ecRecover((await restarted.sign(unsignedTx('transfer_owner'), account.id)) as never)).toBe(K1.base58);
  });
});

describe('vault: damaged files', () => {
  it('reports a corrupted vault.json by name and leaves it unchanged', async () => {
    const t = await setup();
    await t.vault.importPrivateKey(K1.private_key);
    const file = join(t.dir, 'vault.json');
    const damaged = (await readFile(file, 'utf8')).replace('"generation"', '"generation" oops');
    await writeFile(file, damaged);
    const error = await caught(() => t.reopen());
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_FILE_CORRUPT');
    expect(error.message).toContain(file);
    expect(await readFile(file, 'utf8')).toBe(damaged);
  });

  it('reports a truncated vault.json by name and leaves it unchanged', async () => {
    const t = await setup();
    const file = join(t.dir, 'vault.json');
    const cut = (await readFile(file, 'utf8')).slice(0, 100);
    await writeFile(file, cut);
    const error = await caught(() => t.reopen());
    expect(error.code).toBe('VAULT_FILE_TRUNCATED');
    expect(error.details).toMatchObject({ file });
    expect(await readFile(file, 'utf8')).toBe(cut);
  });

  it('reports a vault.json that passes JSON but not the schema', async () => {
    const t = await setup();
    const file = join(t.dir, 'vault.json');
    const meta = JSON.parse(await readFile(file, 'utf8'));
    meta.lockout.failedAttempts = -1;
    await writeFile(file, `${JSON.stringify(meta)}\n`);
    expect((await caught(() => t.reopen())).code).toBe('VAULT_FILE_CORRUPT');
  });

  it('refuses to start over when vault.json is gone but keystores remain', async () => {
    const t = await setup();
    await t.vault.importPrivateKey(K1.private_key);
    await rm(join(t.dir, 'vault.json'));
    expect((await caught(() => t.reopen())).code).toBe('VAULT_METADATA_MISSING');
    expect(await keystoreFiles(t.dir)).toHaveLength(1);
  });

  it.each([
    ['truncated', (text: string) => text.slice(0, text.length / 2), 'VAULT_FILE_TRUNCATED'],
    ['corrupted', (text: string) => text.replace('"ciphertext"', '"ciphertext" ?'), 'VAULT_FILE_CORRUPT'],
    [
      'tampered',
      (text: string) =>
        text.replace(/"ciphertext": "(.)/, (_m, c: string) => `"ciphertext": "${c === '0' ? '1' : '0'}`),
      'VAULT_KEYSTORE_TAMPERED',
    ],
  ])('reports a %s keystore by name, never overwrites it, and keeps the old password', async (_what, damage, code) => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    const [file] = await keystoreFiles(t.dir);
    const damaged = damage(await readFile(file!, 'utf8'));
    await writeFile(file!, damaged);
    const signError = await caught(() => t.vault.sign(unsignedTx('transfer_owner'), account.id));
    expect(signError.code).toBe(code);
    expect(signError.message).toContain(file!);
    const changeError = await caught(() => t.vault.changePassword(PASSWORD, NEW_PASSWORD));
    expect(changeError.code).toBe(code);
    expect(await readFile(file!, 'utf8')).toBe(damaged);
    t.vault.lock();
    await t.vault.unlock(PASSWORD);
    expect(await keystoreFiles(t.dir)).toEqual([file]);
  });

  it('reports a missing keystore by name', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    const [file] = await keystoreFiles(t.dir);
    await rm(file!);
    const error = await caught(() => t.vault.sign(unsignedTx('transfer_owner'), account.id));
    expect(error.code).toBe('VAULT_FILE_MISSING');
    expect(error.details).toMatchObject({ file });
  });
});

describe('vault: changing the password', () => {
  it('re-encrypts every keystore under a new salt; only the new password works afterwards', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    await t.vault.createMnemonicAccount();
    const before = await keystoreFiles(t.dir);
    const saltsBefore = await Promise.all(before.map(async (f) => JSON.parse(await readFile(f, 'utf8')).kdf.salt));
    expect(new Set(saltsBefore).size).toBe(1);
    await t.vault.changePassword(PASSWORD, NEW_PASSWORD);
    const after = await keystoreFiles(t.dir);
    expect(after).toHaveLength(2);
    expect(after.every((f) => f.includes(`${join('keystores', '1')}`))).toBe(true);
    for (const f of after) expect(JSON.parse(await readFile(f, 'utf8')).kdf.salt).not.toBe(saltsBefore[0]);
    expect(t.vault.status().locked).toBe(false);
    expect(Trx.ecRecover((await t.vault.sign(unsignedTx('transfer_owner'), account.id)) as never)).toBe(K1.base58);
    t.vault.lock();
    expect((await caught(() => t.vault.unlock(PASSWORD))).code).toBe('VAULT_WRONG_PASSWORD');
    await t.vault.unlock(NEW_PASSWORD);
  });

  it('needs the current password and a valid new one', async () => {
    const { vault } = await setup();
    expect((await caught(() => vault.changePassword('wrong password', NEW_PASSWORD))).code).toBe(
      'VAULT_WRONG_PASSWORD',
    );
    expect((await caught(() => vault.changePassword(PASSWORD, 'short'))).code).toBe('VAULT_WEAK_PASSWORD');
  });

  /** Stops the vault at `step` for good, as if the process died there, then restarts from disk. */
  async function crashAt(step: VaultStep, occurrence = 1) {
    const t = await setup();
    await t.vault.importPrivateKey(K1.private_key);
    const [phraseAccount] = await t.vault.importMnemonic(vectorPhrase());
    let seen = 0;
    const crashing = await t.reopen({
      onStep: (s) => (s === step && ++seen === occurrence ? new Promise<void>(() => undefined) : undefined),
    });
    await crashing.unlock(PASSWORD);
    void crashing.changePassword(PASSWORD, NEW_PASSWORD);
    for (let i = 0; i < 200 && seen < occurrence; i++) await new Promise((r) => setTimeout(r, 5));
    expect(seen).toBe(occurrence);
    const restarted = await t.reopen();
    vaults.push(restarted, crashing);
    return { t, restarted, phraseAccount: phraseAccount! };
  }

  /** The unfinished or superseded generation is reported and kept; the repair moves it aside. */
  async function expectRepairKeeps(t: TestVault, restarted: Vault, password: string, current: string, other: string) {
    expect(restarted.status().readOnly).toBe(true);
    expect(restarted.status().problems.map((p) => p.file)).toEqual([join(t.dir, 'keystores', other)]);
    await restarted.adopt(password);
    expect(restarted.status().readOnly).toBe(false);
    expect(await readdir(join(t.dir, 'keystores'))).toEqual([current]);
    expect(await readdir(join(t.dir, 'superseded'))).toEqual([other]);
  }

  it('keeps the old password when the process dies after some keystores were rewritten', async () => {
    const { t, restarted, phraseAccount } = await crashAt('password-change:keystore-written', 1);
    expect((await caught(() => restarted.unlock(NEW_PASSWORD))).code).toBe('VAULT_WRONG_PASSWORD');
    t.clock.advance(60_000);
    await restarted.unlock(PASSWORD);
    await expectRepairKeeps(t, restarted, PASSWORD, '0', '1');
    expect((await restarted.exportMnemonic(phraseAccount.id, PASSWORD)).phrase).toBe(vectorPhrase());
  });

  it('keeps the old password when the process dies just before the commit', async () => {
    const { t, restarted } = await crashAt('password-change:before-commit');
    await restarted.unlock(PASSWORD);
    await expectRepairKeeps(t, restarted, PASSWORD, '0', '1');
    expect(await keystoreFiles(t.dir)).toHaveLength(2);
  });

  it('uses the new password when the process dies right after the commit', async () => {
    const { t, restarted, phraseAccount } = await crashAt('password-change:committed');
    expect((await caught(() => restarted.unlock(PASSWORD))).code).toBe('VAULT_WRONG_PASSWORD');
    await restarted.unlock(NEW_PASSWORD);
    await expectRepairKeeps(t, restarted, NEW_PASSWORD, '1', '0');
    expect((await restarted.exportMnemonic(phraseAccount.id, NEW_PASSWORD)).phrase).toBe(vectorPhrase());
  });
});

describe('vault: remember on this device', () => {
  it('keeps only a random wrapping key in the keychain and unlocks with it', async () => {
    const { vault, store } = await setup();
    await vault.importPrivateKey(K1.private_key);
    await vault.rememberOnDevice(PASSWORD);
    expect(vault.status().rememberedOnDevice).toBe(true);
    const entries = [...store.entries.values()];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toHaveLength(32);
    expect(entries[0]!.some((byte) => byte !== 0)).toBe(true);
    expect(Buffer.from(entries[0]!).toString('hex')).not.toBe(K1.private_key);
    vault.lock();
    await vault.unlockWithDevice();
    expect(vault.status().locked).toBe(false);
  });

  it('still unlocks from the device after a password change, and not after forgetting', async () => {
    const { vault, store } = await setup();
    await vault.rememberOnDevice(PASSWORD);
    await vault.changePassword(PASSWORD, NEW_PASSWORD);
    vault.lock();
    await vault.unlockWithDevice();
    await vault.forgetDevice();
    expect(store.entries.size).toBe(0);
    vault.lock();
    expect((await caught(() => vault.unlockWithDevice())).code).toBe('VAULT_NOT_REMEMBERED');
  });

  it('says so when the keychain entry disappeared', async () => {
    const { vault, store } = await setup();
    await vault.rememberOnDevice(PASSWORD);
    store.entries.clear();
    vault.lock();
    expect((await caught(() => vault.unlockWithDevice())).code).toBe('VAULT_DEVICE_KEY_MISSING');
  });

  it('refuses a keychain entry that does not open this vault', async () => {
    const { vault, store } = await setup();
    await vault.rememberOnDevice(PASSWORD);
    const [account] = [...store.entries.keys()];
    store.entries.set(account!, new Uint8Array(32).fill(9));
    vault.lock();
    expect((await caught(() => vault.unlockWithDevice())).code).toBe('VAULT_DEVICE_KEY_MISMATCH');
  });

  it('works with the password alone when no Secret Service answers, and says why', async () => {
    const { vault, store, reopen } = await setup();
    store.fail = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
    const headless = await reopen();
    vaults.push(headless);
    expect(headless.status().keychain).toMatchObject({ available: false, reason: 'NO_SERVICE' });
    await headless.unlock(PASSWORD);
    const error = await caught(() => headless.rememberOnDevice(PASSWORD));
    expect(error.code).toBe('VAULT_KEYCHAIN_UNAVAILABLE');
    expect(error.message).toMatch(/remember on this device.*off.*password/);
    expect(headless.status().rememberedOnDevice).toBe(false);
    const account = await headless.importPrivateKey(K1.private_key);
    expect(Trx.ecRecover((await headless.sign(unsignedTx('transfer_owner'), account.id)) as never)).toBe(K1.base58);
    vault.lock();
  });

  it('notices when the keychain answers again', async () => {
    const { vault, store } = await setup();
    store.fail = 'Could not connect: No such file or directory';
    expect(await vault.refreshKeychainStatus()).toMatchObject({ available: false, reason: 'NO_SERVICE' });
    store.fail = null;
    await vault.rememberOnDevice(PASSWORD);
    expect(vault.status()).toMatchObject({ rememberedOnDevice: true, keychain: { available: true } });
  });

  it('works with the password alone when keytar cannot be loaded, and says why', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const secretStore = await loadKeytarSecretStore({
      load: () => Promise.reject(new Error("Cannot find module 'keytar'")),
    });
    const vault = await Vault.open({ dataDir: dir, scrypt: CHEAP_SCRYPT, clock: new FakeClock(), secretStore });
    vaults.push(vault);
    const status = vault.status().keychain;
    expect(status).toMatchObject({
      available: false,
      backend: 'keytar',
      reason: 'MODULE_MISSING',
      detail: "Cannot find module 'keytar'",
    });
    expect(status.available ? '' : status.message).toContain('keytar');
    await vault.initialize(PASSWORD);
    expect((await caught(() => vault.rememberOnDevice(PASSWORD))).code).toBe('VAULT_KEYCHAIN_UNAVAILABLE');
    await vault.addWatchOnly(K2.base58);
    expect(vault.listAccounts()).toHaveLength(1);
  });
});

describe('vault: where keys live', () => {
  it('leaves no private key, recovery phrase or password in plaintext in its directory', async () => {
    const t = await setup();
    const created = await t.vault.createMnemonicAccount();
    const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const imported = await t.vault.importMnemonic(phrase, { passphrase: 'my bip39 passphrase', count: 2 });
    const key = await t.vault.importPrivateKey(K1.private_key);
    await t.vault.addWatchOnly(K2.base58);
    await t.vault.sign(unsignedTx('transfer_owner'), key.id);
    await t.vault.sign(unsignedTx('transfer_owner'), created.id);
    await t.vault.signMessage('liveness', imported[1]!.id);
    await t.vault.rememberOnDevice(PASSWORD);
    await t.vault.changePassword(PASSWORD, NEW_PASSWORD);
    await t.vault.setAutoLock(60_000, NEW_PASSWORD);
    const createdPhrase = (await t.vault.exportMnemonic(created.id, NEW_PASSWORD)).phrase;

    const secrets: Buffer[] = [Buffer.from(K1.private_key, 'hex')];
    for (const [p, pass, indices] of [
      [createdPhrase, '', [0]],
      [phrase, 'my bip39 passphrase', [0, 1]],
    ] as const) {
      for (const i of indices)
        secrets.push(Buffer.from(TronWeb.fromMnemonic(p, tronPath(i), pass).privateKey.slice(2), 'hex'));
    }
    const texts = [createdPhrase, phrase, 'my bip39 passphrase', PASSWORD, NEW_PASSWORD];
    const needles = new Set<string>();
    for (const secret of secrets) {
      needles.add(secret.toString('hex'));
      needles.add(secret.toString('hex').toUpperCase());
      needles.add(secret.toString('base64'));
      needles.add(secret.toString('base64url'));
    }
    for (const text of texts) {
      needles.add(text);
      needles.add(Buffer.from(text).toString('hex'));
      needles.add(Buffer.from(text).toString('base64'));
      for (const word of text.split(' ').slice(0, 3)) if (word.length > 8) needles.add(word);
    }
    const files = await allFiles(t.dir);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const { path, bytes } of files) {
      const asText = bytes.toString('utf8');
      for (const needle of needles) {
        expect(asText.includes(needle), `${needle.slice(0, 6)}… found in ${path}`).toBe(false);
        expect(bytes.includes(Buffer.from(needle, 'utf8'))).toBe(false);
      }
      for (const secret of secrets) expect(bytes.includes(secret), `raw key bytes in ${path}`).toBe(false);
    }
  });

  it('puts no key material in results, statuses or errors', async () => {
    const { vault } = await setup();
    const account = await vault.importPrivateKey(K1.private_key);
    const outputs = JSON.stringify([
      vault.listAccounts(),
      vault.status(),
      account,
      await caught(() => vault.sign(unsignedTx('transfer_multisig_pid2'), account.id, 0)),
    ]);
    expect(outputs).not.toContain(K1.private_key);
    expect(outputs).not.toContain(Buffer.from(K1.private_key, 'hex').toString('base64'));
  });
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
