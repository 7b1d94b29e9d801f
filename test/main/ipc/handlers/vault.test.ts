import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deserializeError, VaultError, type SerializedError } from '@core/errors';
import { channels } from '@core/ipc/contract';
import type { IpcResult } from '@core/ipc/result';
import { createHandlers } from '@main/ipc/handlers';
import { createIpcRegistry, type IpcRegistry } from '@main/ipc/registry';
import { UnavailableSecretStore } from '@main/vault/secret-store';
import type { RecoveryPhraseView } from '@main/wallet/context';
import { WalletVault } from '@main/wallet/vault-service';
import { serviceDoubles } from '../../../fixtures/service-doubles';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { unsignedTx, vectorKeys, vectorTx } from '../../vault/tx-fixtures';
import { quietLog, recordEvents, removeDir, tempDir } from '../../wallet/helpers';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };
const noKeychain = new UnavailableSecretStore('test', {
  available: false,
  backend: 'test',
  reason: 'MODULE_MISSING',
  message: 'No keychain.',
});
const PASSWORD = 'correct horse battery';
// BIP39's test vector (128 bits of 0x7f).
const VECTOR_PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

describe('vault handlers', () => {
  let dir: string;
  let vault: WalletVault;
  let registry: IpcRegistry;
  let shown: RecoveryPhraseView[];
  let consent: ScriptedConsent;
  const call = (channel: string, args?: unknown) => registry.call(channel, args, trusted);
  const value = async <T>(channel: string, args?: unknown): Promise<T> => {
    const reply = await call(channel, args);
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.value as T;
  };
  const failure = async (channel: string, args?: unknown): Promise<SerializedError> => {
    const reply = (await call(channel, args)) as IpcResult<unknown>;
    expect(reply.ok).toBe(false);
    return (reply as { error: SerializedError }).error;
  };

  beforeEach(async () => {
    dir = await tempDir('vault-ipc-');
    shown = [];
    consent = ScriptedConsent.approve(PASSWORD);
    vault = await WalletVault.open({
      dataDir: join(dir, 'vault'),
      secretStore: noKeychain,
      scrypt: CHEAP_SCRYPT,
      emit: recordEvents().emit,
      log: quietLog,
      devAccounts: () => null,
      recoveryPhraseDisplay: { show: async (view) => void shown.push(view) },
      consentSurface: consent,
    });
    registry = createIpcRegistry({
      channels,
      handlers: createHandlers({
        ...serviceDoubles(),
        app: { info: () => never(), openExternal: async () => {}, writeClipboard: () => {} },
        vault,
      }),
      isTrustedSender: () => true,
      log: quietLog,
    });
  });
  afterEach(async () => {
    vault.dispose();
    await removeDir(dir);
  });

  it('creates, locks and unlocks the vault, answering with its status', async () => {
    expect(await value('vault:status')).toMatchObject({ initialized: false, locked: true });
    expect(await value('vault:initialize', { password: PASSWORD })).toMatchObject({ initialized: true, locked: false });
    expect(await value('vault:lock')).toMatchObject({ locked: true });
    expect(await value('vault:touch')).toEqual({ locked: true });
    expect(await value('vault:unlock', { password: PASSWORD })).toMatchObject({ locked: false, failedAttempts: 0 });
  });

  it('returns a wrong password as VaultError with its code, rebuilt as the same class on the other side', async () => {
    await value('vault:initialize', { password: PASSWORD });
    await value('vault:lock');
    const error = await failure('vault:unlock', { password: 'not the password' });
    expect(error).toMatchObject({ name: 'VaultError', code: 'VAULT_WRONG_PASSWORD', details: { retryAfterMs: 1000 } });
    expect(deserializeError(error)).toBeInstanceOf(VaultError);
    expect(JSON.stringify(error)).not.toContain('not the password');
  });

  it('imports a private key once and never answers with it', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const key = vectorKeys.K1!;
    const account = await value<Record<string, unknown>>('vault:importPrivateKey', {
      privateKey: key.private_key,
      label: 'K1',
    });
    expect(account).toMatchObject({ kind: 'privateKey', label: 'K1', address: key.base58, canSign: true });
    const listed = await value<unknown[]>('vault:listAccounts');
    for (const text of [JSON.stringify(account), JSON.stringify(listed)])
      expect(text.toLowerCase()).not.toContain(key.private_key.toLowerCase());
  });

  it('has no channel that signs a transaction, and signs a message only once main’s confirmation approves it', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const vector = vectorTx('transfer_owner');
    const account = await value<{ id: string }>('vault:importPrivateKey', {
      privateKey: vector.signer_private_keys[0]!,
    });
    expect(
      await failure('vault:sign', { accountId: account.id, transaction: unsignedTx('transfer_owner') }),
    ).toMatchObject({ name: 'IpcError' });
    consent.answerWith({ approved: false });
    expect(await failure('vault:signMessage', { accountId: account.id, message: 'hello' })).toMatchObject({
      name: 'ConsentError',
      code: 'CONSENT_DECLINED',
    });
    consent.answerWith({ approved: true, password: PASSWORD });
    expect(
      await value<{ signature: string }>('vault:signMessage', { accountId: account.id, message: 'hello' }),
    ).toEqual({ signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
    expect(consent.last?.rows.map((r) => r.value)).toContain('hello');
  });

  it("shows a recovery phrase on main's display with the password typed again, and answers with no word of it", async () => {
    await value('vault:initialize', { password: PASSWORD });
    const [account] = await value<{ id: string; label: string; address: string }[]>('vault:importMnemonic', {
      phrase: VECTOR_PHRASE,
      passphrase: 'extra words',
      label: 'Cold',
    });
    const reply = await call('vault:showRecoveryPhrase', { accountId: account!.id, password: PASSWORD });
    expect(reply).toEqual({ ok: true, value: { shown: true, words: 12, hasPassphrase: true } });
    const serialized = JSON.stringify(reply).toLowerCase();
    for (const word of VECTOR_PHRASE.split(' ')) expect(serialized).not.toContain(word);
    expect(shown).toEqual([
      { words: VECTOR_PHRASE.split(' '), hasPassphrase: true, accountLabel: account!.label, address: account!.address },
    ]);
  });

  it('answers a new phrase with its word count only, whatever the words are', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const account = await value<{ id: string; kind: string }>('vault:createMnemonicAccount', { strength: 256 });
    expect(account.kind).toBe('mnemonic');
    const reply = await call('vault:showRecoveryPhrase', { accountId: account.id, password: PASSWORD });
    expect(reply).toEqual({ ok: true, value: { shown: true, words: 24, hasPassphrase: false } });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.words).toHaveLength(24);
  });

  it('refuses a wrong password with VAULT_WRONG_PASSWORD and shows nothing', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const account = await value<{ id: string }>('vault:createMnemonicAccount', { strength: 128 });
    const error = await failure('vault:showRecoveryPhrase', { accountId: account.id, password: 'nope nope' });
    expect(error).toMatchObject({ name: 'VaultError', code: 'VAULT_WRONG_PASSWORD' });
    expect(JSON.stringify(error)).not.toContain('nope nope');
    expect(shown).toEqual([]);
    // A password from the page slows the page down; it never counts toward locking the person out.
    expect(await value('vault:status')).toMatchObject({ failedAttempts: 0 });
  });

  it('refuses accounts that have no recovery phrase and shows nothing', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const key = await value<{ id: string }>('vault:importPrivateKey', { privateKey: vectorKeys.K1!.private_key });
    const watch = await value<{ id: string }>('vault:addWatchOnly', { address: vectorKeys.K2!.hex });
    for (const accountId of [key.id, watch.id]) {
      expect(await failure('vault:showRecoveryPhrase', { accountId, password: PASSWORD })).toMatchObject({
        name: 'VaultError',
        code: 'VAULT_NOT_MNEMONIC',
      });
    }
    expect(shown).toEqual([]);
  });

  it('no longer has a channel that returns the phrase', async () => {
    expect(
      await failure('vault:exportMnemonic', { accountId: 'acc_0123456789abcdef', password: PASSWORD }),
    ).toMatchObject({ name: 'IpcError' });
  });

  it('adds watch-only accounts, renames and removes accounts', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const watch = await value<{ id: string; canSign: boolean }>('vault:addWatchOnly', {
      address: vectorKeys.K2!.hex,
      label: 'Cold',
    });
    expect(watch.canSign).toBe(false);
    expect(await value('vault:renameAccount', { accountId: watch.id, label: 'Colder' })).toMatchObject({
      label: 'Colder',
    });
    expect(await failure('vault:signMessage', { accountId: watch.id, message: 'hello' })).toMatchObject({
      code: 'VAULT_WATCH_ONLY',
    });
    expect(await value('vault:removeAccount', { accountId: watch.id })).toEqual({ accountId: watch.id });
    expect(await value('vault:listAccounts')).toEqual([]);
  });

  it('removes an account that holds a key only with the password, and keeps its keystore until then', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const key = await value<{ id: string; address: string }>('vault:importPrivateKey', {
      privateKey: vectorKeys.K1!.private_key,
      label: 'Hot',
    });
    const keystores = join(dir, 'vault', 'keystores');
    const files = async () =>
      (await readdir(keystores, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    expect(await files()).toBe(1);

    const missing = await failure('vault:removeAccount', { accountId: key.id });
    expect(missing).toMatchObject({
      name: 'VaultError',
      code: 'VAULT_PASSWORD_REQUIRED',
      message:
        'Removing this account takes its key out of the vault (it is kept in the removed folder until you empty it). Type the vault password to confirm.',
    });
    const wrong = await failure('vault:removeAccount', { accountId: key.id, password: 'nope nope' });
    expect(wrong).toMatchObject({ name: 'VaultError', code: 'VAULT_WRONG_PASSWORD' });
    expect(JSON.stringify(wrong)).not.toContain('nope nope');
    expect(await value('vault:status')).toMatchObject({ failedAttempts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    // An empty password is refused by the schema before the vault sees it.
    expect(await failure('vault:removeAccount', { accountId: key.id, password: '' })).toMatchObject({
      name: 'ValidationError',
    });
    expect(await value<{ id: string }[]>('vault:listAccounts')).toMatchObject([{ id: key.id }]);
    expect(await files()).toBe(1);

    expect(await value('vault:removeAccount', { accountId: key.id, password: PASSWORD })).toEqual({
      accountId: key.id,
    });
    expect(await value('vault:listAccounts')).toEqual([]);
    expect(await value('vault:status')).toMatchObject({ failedAttempts: 0 });
    expect(await files()).toBe(0);
  });

  it.each([
    ['vault:removeAccount', { accountId: 'acc_0123456789abcdef', password: 'x'.repeat(1025) }, 'password'],
    ['vault:removeAccount', { accountId: 'acc_0123456789abcdef', confirm: true }, ''],
    ['vault:unlock', {}, 'password'],
    ['vault:unlock', { password: '' }, 'password'],
    ['vault:unlock', { password: PASSWORD, remember: true }, ''],
    ['vault:setAutoLock', { ms: 5 }, 'ms'],
    ['vault:renameAccount', { accountId: '../../etc', label: 'x' }, 'accountId'],
    ['vault:addWatchOnly', { address: 'T123' }, 'address'],
    ['vault:importMnemonic', { phrase: 'a b c', count: 0 }, 'count'],
    ['vault:createMnemonicAccount', { strength: 192 }, 'strength'],
    ['vault:showRecoveryPhrase', { accountId: 'acc_0123456789abcdef' }, 'password'],
  ])('refuses %s with %j as ValidationError naming %s', async (channel, args, path) => {
    const error = await failure(channel, args);
    expect(error).toMatchObject({ name: 'ValidationError', code: 'VALIDATION_FAILED' });
    expect((error.details?.issues as { path: string }[]).map((i) => i.path)).toContain(path);
  });

  it('asks main first when the page imports a private key: the address in full, the label marked as the page’s; declined, nothing is stored', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const key = vectorKeys.K1!;
    consent.answerWith({ approved: false });
    const declined = await failure('vault:importPrivateKey', {
      privateKey: key.private_key,
      label: 'Treasury backup key',
    });
    expect(declined).toMatchObject({ name: 'ConsentError', code: 'CONSENT_DECLINED' });
    expect(consent.last?.rows).toEqual([
      { label: 'Address', value: key.base58, monospace: true },
      { label: 'Label (set by the page, not checked)', value: 'Treasury backup key' },
    ]);
    expect(await value('vault:listAccounts')).toEqual([]);
    expect(await readdir(join(dir, 'vault', 'keystores', '0'))).toEqual([]);
  });

  it('asks main first when the page imports a recovery phrase, listing every address it adds', async () => {
    await value('vault:initialize', { password: PASSWORD });
    consent.answerWith({ approved: true });
    const accounts = await value<{ address: string }[]>('vault:importMnemonic', { phrase: VECTOR_PHRASE, count: 2 });
    expect(consent.last?.rows.filter((r) => r.monospace).map((r) => r.value)).toEqual(accounts.map((a) => a.address));
  });

  it('never locks the person out, however many wrong passwords the page sends to vault:unlock', async () => {
    await value('vault:initialize', { password: PASSWORD });
    await value('vault:lock');
    for (let i = 0; i < 8; i++) {
      const error = await failure('vault:unlock', { password: 'not the password' });
      expect(['VAULT_WRONG_PASSWORD', 'VAULT_RETRY_TOO_SOON']).toContain(error.code);
      await new Promise((resolve) => setTimeout(resolve, 1_050));
    }
    expect(await value('vault:status')).toMatchObject({ failedAttempts: 0, retryAfterMs: 0 });
    expect(await value('vault:unlock', { password: PASSWORD })).toMatchObject({ locked: false });
  }, 30_000);

  it('empties the removed folder only after main’s window gets the password and the typed word', async () => {
    await value('vault:initialize', { password: PASSWORD });
    const account = await value<{ id: string }>('vault:importPrivateKey', { privateKey: vectorKeys.K1!.private_key });
    await value('vault:removeAccount', { accountId: account.id, password: PASSWORD });
    expect(await readdir(join(dir, 'vault', 'removed'))).toHaveLength(1);
    consent.answerWith({ approved: true, password: PASSWORD });
    expect(await failure('vault:purgeRemoved')).toMatchObject({ name: 'ConsentError' });
    expect(await readdir(join(dir, 'vault', 'removed'))).toHaveLength(1);
    consent.answerWith({ approved: true, password: PASSWORD, typed: 'DELETE' });
    expect(await value('vault:purgeRemoved')).toEqual({ purged: 1 });
    expect(await readdir(join(dir, 'vault', 'removed'))).toEqual([]);
  });
});

function never(): never {
  throw new Error('not used');
}
