import { chmod, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveKey, newKdfRecord } from '../../../src-main/vault/kdf';
import { KeystoreFiles } from '../../../src-main/vault/keystore-files';
import type { Vault } from '../../../src-main/vault/vault';
import { CHEAP_SCRYPT, PASSWORD, openTestVault, removeDir, tempDir } from './helpers';
import { vectorKeys } from './tx-fixtures';

/**
 * Keystore files hold the encrypted keys, so like vault.json they must be readable by their owner
 * only. The umask is cleared while these tests write, so a file created without an explicit mode
 * would come out 0666 and fail the check.
 */
const dirs: string[] = [];
const vaults: Vault[] = [];

afterEach(async () => {
  for (const vault of vaults.splice(0)) vault.dispose();
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

async function withUmask<T>(mask: number, action: () => Promise<T>): Promise<T> {
  const previous = process.umask(mask);
  try {
    return await action();
  } finally {
    process.umask(previous);
  }
}

const mode = async (path: string) => (await stat(path)).mode & 0o777;

/** Every keystore file of the current generation. */
async function keystorePaths(dataDir: string, generation: number): Promise<string[]> {
  const folder = join(dataDir, 'keystores', String(generation));
  return (await readdir(folder)).map((name) => join(folder, name));
}

describe('keystore files on disk', () => {
  it('KeystoreFiles.write creates the keystore file with mode 0600 in 0700 folders, whatever the umask', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const files = new KeystoreFiles(dir);
    const kdf = newKdfRecord(CHEAP_SCRYPT);
    const kek = await deriveKey(PASSWORD, kdf);
    await withUmask(0, async () => {
      await files.fresh(0);
      await files.write(0, 'secret-1', 'privateKey', new Uint8Array(32).fill(7), kek, kdf);
    });
    expect(await mode(files.path(0, 'secret-1'))).toBe(0o600);
    expect(await mode(files.generationDir(0))).toBe(0o700);
    expect(await mode(files.root)).toBe(0o700);
  });

  it('rewriting a keystore that someone loosened to 0644 leaves it 0600 again', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const files = new KeystoreFiles(dir);
    const kdf = newKdfRecord(CHEAP_SCRYPT);
    const kek = await deriveKey(PASSWORD, kdf);
    await files.fresh(0);
    await writeFile(files.path(0, 'secret-1'), '{}');
    await chmod(files.path(0, 'secret-1'), 0o644);
    await withUmask(0, () => files.write(0, 'secret-1', 'privateKey', new Uint8Array(32).fill(7), kek, kdf));
    expect(await mode(files.path(0, 'secret-1'))).toBe(0o600);
  });

  it('the vault writes each imported key and mnemonic keystore 0600, and again after a password change', async () => {
    const { vault, dir } = await withUmask(0, () => openTestVault());
    dirs.push(dir);
    vaults.push(vault);
    await withUmask(0, async () => {
      await vault.importPrivateKey(vectorKeys.K1!.private_key);
      await vault.createMnemonicAccount();
    });
    const first = await keystorePaths(dir, 0);
    expect(first).toHaveLength(2);
    for (const path of first) expect(await mode(path), path).toBe(0o600);

    await withUmask(0, () => vault.changePassword(PASSWORD, 'another long password for the test'));
    const second = await keystorePaths(dir, 1);
    expect(second).toHaveLength(2);
    for (const path of second) expect(await mode(path), path).toBe(0o600);
    expect(await mode(join(dir, 'vault.json'))).toBe(0o600);
  });
});
