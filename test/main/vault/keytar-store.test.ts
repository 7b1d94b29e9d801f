import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyMessageV2 } from '../../../src-core/keys/message';
import { KeytarSecretStore, loadKeytarSecretStore, type KeytarModule } from '../../../src-main/vault/keytar-store';
import { Vault } from '../../../src-main/vault/vault';
import { CHEAP_SCRYPT, PASSWORD, caught, removeDir, tempDir } from './helpers';

const run = promisify(execFile);
/** Set by scripts/with-keyring.sh once gnome-keyring answers inside a private D-Bus session. */
const realKeyring = process.env.TRON_WALLET_KEYRING === 'available';
const inCi = process.env.CI === 'true';
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeDir(dir);
});

describe('keytar-store', () => {
  it('stores bytes as base64 strings under its service name', async () => {
    const calls: string[] = [];
    const fake: KeytarModule = {
      getPassword: async (service, account) => (calls.push(`get ${service} ${account}`), 'AQID'),
      setPassword: async (service, account, value) => void calls.push(`set ${service} ${account} ${value}`),
      deletePassword: async (service, account) => (calls.push(`delete ${service} ${account}`), true),
    };
    const store = new KeytarSecretStore(fake, 'svc');
    await store.set('a', new Uint8Array([1, 2, 3]));
    expect(await store.get('a')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.delete('a')).toBe(true);
    expect(calls).toEqual(['set svc a AQID', 'get svc a', 'delete svc a']);
  });

  it('reports a keytar that failed to load, with the reason', async () => {
    const store = await loadKeytarSecretStore({
      load: () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file')),
    });
    const status = await store.probe();
    expect(status).toMatchObject({
      available: false,
      reason: 'MODULE_MISSING',
      detail: 'libsecret-1.so.0: cannot open shared object file',
    });
    expect(status.available ? '' : status.message).toMatch(/keytar.*password/);
  });

  it('falls back to the password when the real keytar finds no Secret Service (child process, D-Bus pointing nowhere)', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const fixture = fileURLToPath(new URL('./fixtures/headless-keychain.ts', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/tron-wallet-test-bus',
    };
    delete env.DISPLAY;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture, dir], { env, timeout: 60_000 });
    const result = JSON.parse(stdout);
    expect(result.keychain).toMatchObject({ available: false, backend: 'keytar' });
    expect(result.keychain.message).toMatch(/remember on this device.*off.*password/);
    expect(result.rememberError.code).toBe('VAULT_KEYCHAIN_UNAVAILABLE');
    expect(result.rememberError.message).toBe(result.keychain.message);
    expect(result.remembered).toBe(false);
    expect(verifyMessageV2('still alive', result.signature)).toBe(result.address);
    // keytar is installed here, so the reason is the missing service, not the module.
    expect(result.keychain.reason).toBe('NO_SERVICE');
  });

  describe.runIf(realKeyring)('with a real Secret Service (gnome-keyring under dbus-run-session)', () => {
    const service = `tron-wallet-test-${randomBytes(4).toString('hex')}`;

    it('answers, and stores, reads and deletes a secret', async () => {
      const store = await loadKeytarSecretStore({ service });
      expect(await store.probe()).toEqual({ available: true, backend: 'keytar' });
      const secret = randomBytes(32);
      await store.set('probe-entry', secret);
      expect(Buffer.from((await store.get('probe-entry'))!).equals(secret)).toBe(true);
      expect(await store.delete('probe-entry')).toBe(true);
      expect(await store.get('probe-entry')).toBeNull();
    });

    it('remembers the vault on this device and unlocks through the keychain after a restart', async () => {
      const dataDir = await tempDir();
      dirs.push(dataDir);
      const store = await loadKeytarSecretStore({ service });
      const vault = await Vault.open({ dataDir, scrypt: CHEAP_SCRYPT, secretStore: store });
      expect(vault.status().keychain.available).toBe(true);
      await vault.initialize(PASSWORD);
      const account = await vault.importPrivateKey('02'.repeat(32));
      await vault.rememberOnDevice(PASSWORD);
      vault.dispose();

      const restarted = await Vault.open({
        dataDir,
        scrypt: CHEAP_SCRYPT,
        secretStore: await loadKeytarSecretStore({ service }),
      });
      expect(restarted.status()).toMatchObject({ locked: true, rememberedOnDevice: true });
      await restarted.unlockWithDevice();
      const signature = await restarted.signMessage('alive', account.id);
      expect(verifyMessageV2('alive', signature)).toBe(account.addressHex);
      await restarted.forgetDevice();
      restarted.lock();
      expect((await caught(() => restarted.unlockWithDevice())).code).toBe('VAULT_NOT_REMEMBERED');
      restarted.dispose();
    });
  });

  it('has a real Secret Service whenever it runs in CI', () => {
    // `npm test` runs vitest through scripts/with-keyring.sh, so the suite above runs there; in CI
    // a missing keyring is a failure, never a silent skip.
    expect(
      realKeyring || !inCi,
      'CI must run the vault tests through scripts/with-keyring.sh (TRON_WALLET_KEYRING=available)',
    ).toBe(true);
  });
});
