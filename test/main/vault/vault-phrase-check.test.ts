import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../../src-main/vault/kdf';
import { computeMac } from '../../../src-main/vault/metadata-mac';
import { pickWordPositions } from '../../../src-main/vault/vault-phrase-check';
import type { Vault } from '../../../src-main/vault/vault';
import { PASSWORD, caught, useTestVaults } from './helpers';

const ABANDON = `${'abandon '.repeat(11)}about`;

/** The words main would compare: read here through the password, as only main can. */
async function wordsOf(vault: Vault, accountId: string): Promise<string[]> {
  return (await vault.exportMnemonic(accountId, PASSWORD)).phrase.split(' ');
}

describe('vault: a recovery phrase the vault made is checked by three of its words', () => {
  const vaults = useTestVaults();

  it('marks a phrase it made as not checked, for its further addresses too, and keeps that across a restart', async () => {
    const t = await vaults.setup();
    const made = await t.vault.createMnemonicAccount({ label: 'Treasury 1', strength: 128 });
    expect(made.backupChecked).toBe(false);
    const [second] = await t.vault.addMnemonicAccounts(made.secretId!, { from: 1, label: 'Treasury 2' });
    expect(second!.backupChecked).toBe(false);
    const [imported] = await t.vault.importMnemonic(ABANDON);
    expect(imported!.backupChecked).toBe(true);
    const key = await t.vault.importPrivateKey('11'.repeat(32));
    expect(key.backupChecked).toBeUndefined();

    const reopened = await vaults.reopen(t);
    await reopened.unlock(PASSWORD);
    expect(reopened.status().problems).toEqual([]);
    expect(reopened.listAccounts().map((a) => [a.label, a.backupChecked])).toEqual([
      ['Treasury 1', false],
      ['Treasury 2', false],
      ['Account 1', true],
      ['Imported key', undefined],
    ]);
  });

  it('counts accounts of a vault written before the mark as checked, and leaves their keys as they were', async () => {
    const t = await vaults.setup();
    const made = await t.vault.createMnemonicAccount({ label: 'Old phrase' });
    const file = join(t.dir, 'vault.json');
    // What an older app wrote: the same account without the mark, sealed with the password's MAC.
    const meta = JSON.parse(await readFile(file, 'utf8'));
    for (const account of meta.accounts) delete account.phraseUnchecked;
    meta.mac = computeMac(await deriveKey(PASSWORD, meta.password.kdf), meta);
    await writeFile(file, `${JSON.stringify(meta, null, 2)}\n`);
    const keystore = join(t.dir, 'keystores', '0', `${made.secretId}.json`);
    const keyBytes = await readFile(keystore);

    const reopened = await vaults.reopen(t);
    await reopened.unlock(PASSWORD);
    expect(reopened.status().readOnly).toBe(false);
    expect(reopened.getAccount(made.id).backupChecked).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8')).accounts[0].phraseUnchecked).toBeUndefined();
    expect((await readFile(keystore)).equals(keyBytes)).toBe(true);
    expect(await wordsOf(reopened, made.id)).toHaveLength(24);
  });

  it('asks for three different positions of the phrase and marks every address of it checked when the words match', async () => {
    const t = await vaults.setup();
    const made = await t.vault.createMnemonicAccount({ strength: 128 });
    const [second] = await t.vault.addMnemonicAccounts(made.secretId!, { from: 1 });
    const words = await wordsOf(t.vault, made.id);
    const { positions } = await t.vault.phraseQuestion(made.id);
    expect(positions).toHaveLength(3);
    expect(new Set(positions).size).toBe(3);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(positions.every((p) => Number.isInteger(p) && p >= 1 && p <= 12)).toBe(true);

    // Typed as a person might: capitals, spaces around, a decomposed form of the same letters.
    const typed = positions.map((position, i) => ({
      position,
      word: i === 0 ? `  ${words[position - 1]!.toUpperCase()} ` : words[position - 1]!.normalize('NFKD'),
    }));
    const checked = await t.vault.checkPhrase(made.id, typed);
    expect(checked.backupChecked).toBe(true);
    expect(t.vault.getAccount(second!.id).backupChecked).toBe(true);
    expect(t.vault.status().failedAttempts).toBe(0);

    const reopened = await vaults.reopen(t);
    await reopened.unlock(PASSWORD);
    expect(reopened.status().problems).toEqual([]);
    expect(reopened.getAccount(made.id).backupChecked).toBe(true);
  });

  it('refuses a wrong word with a sentence, keeps the phrase unchecked, and counts the attempt', async () => {
    const t = await vaults.setup();
    const made = await t.vault.createMnemonicAccount({ label: 'Cold' });
    const words = await wordsOf(t.vault, made.id);
    const { positions } = await t.vault.phraseQuestion(made.id);
    const answers = positions.map((position) => ({ position, word: words[position - 1]! }));
    answers[2] = { position: positions[2]!, word: words[positions[2]! - 1] === 'zoo' ? 'zone' : 'zoo' };

    const error = await caught(() => t.vault.checkPhrase(made.id, answers));
    expect(error).toMatchObject({ name: 'VaultError', code: 'VAULT_PHRASE_MISMATCH' });
    expect(error.message).toContain('“Cold”');
    expect(error.details).toMatchObject({ failedAttempts: 1 });
    expect(t.vault.getAccount(made.id).backupChecked).toBe(false);
    expect(t.vault.status().failedAttempts).toBe(1);
  });

  it('adds wrong answers to the password lockout, which then refuses both the words and the password', async () => {
    const t = await vaults.setup();
    const made = await t.vault.createMnemonicAccount({ strength: 128 });
    const words = await wordsOf(t.vault, made.id);
    const { positions } = await t.vault.phraseQuestion(made.id);
    const wrong = positions.map((position) => ({ position, word: 'wrong' }));
    const right = positions.map((position) => ({ position, word: words[position - 1]! }));

    await expect(t.vault.verifyPassword('not the password')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    for (let i = 0; i < 2; i++)
      await expect(t.vault.checkPhrase(made.id, wrong)).rejects.toMatchObject({ code: 'VAULT_PHRASE_MISMATCH' });
    expect(t.vault.status()).toMatchObject({ failedAttempts: 3, retryAfterMs: 1_000 });

    // The right words cannot get past the delay, nor can the password, nor a new question.
    await expect(t.vault.checkPhrase(made.id, right)).rejects.toMatchObject({ code: 'VAULT_LOCKED_OUT' });
    await expect(t.vault.phraseQuestion(made.id)).rejects.toMatchObject({ code: 'VAULT_LOCKED_OUT' });
    await expect(t.vault.verifyPassword(PASSWORD)).rejects.toMatchObject({ code: 'VAULT_LOCKED_OUT' });
    expect(t.vault.getAccount(made.id).backupChecked).toBe(false);

    // The count survives a restart, as the password's does.
    const reopened = await vaults.reopen(t);
    expect(reopened.status().failedAttempts).toBe(3);
    t.clock.advance(1_000);
    await reopened.unlock(PASSWORD);
    expect((await reopened.checkPhrase(made.id, right)).backupChecked).toBe(true);
  });

  it('has no phrase to check for a private key, and refuses answers of the wrong shape without counting them', async () => {
    const t = await vaults.setup();
    const key = await t.vault.importPrivateKey('22'.repeat(32));
    await expect(t.vault.phraseQuestion(key.id)).rejects.toMatchObject({ code: 'VAULT_NOT_MNEMONIC' });
    const made = await t.vault.createMnemonicAccount();
    const twice = [
      { position: 1, word: 'a' },
      { position: 1, word: 'b' },
      { position: 2, word: 'c' },
    ];
    await expect(t.vault.checkPhrase(made.id, twice)).rejects.toMatchObject({ code: 'VAULT_INVALID_ARGUMENT' });
    await expect(t.vault.checkPhrase(made.id, twice.slice(1))).rejects.toMatchObject({
      code: 'VAULT_INVALID_ARGUMENT',
    });
    expect(t.vault.status().failedAttempts).toBe(0);
  });

  it('picks distinct positions in ascending order from the random source', () => {
    const picks = [5, 0, 9];
    expect(pickWordPositions(12, 3, () => picks.shift()!)).toEqual([1, 6, 12]);
    expect(pickWordPositions(24, 3, (max) => max - 1)).toEqual([22, 23, 24]);
  });
});
