import { copyFile, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Trx } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { PASSWORD, caught, useTestVaults } from './helpers';
import { unsignedTx, vectorKeys } from './tx-fixtures';

const K1 = vectorKeys.K1!;
const K2 = vectorKeys.K2!;
const NEW_PASSWORD = 'a different long password';
const { setup, reopen } = useTestVaults();

/** Every file under `dir`, recursively, with its bytes. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(path.slice(dir.length), (await readFile(path)).toString('hex'));
  }
  return out;
}

/** The keystore files (by content) anywhere in the data directory. */
async function keystoreContents(dir: string): Promise<string[]> {
  const all = await snapshot(dir);
  return [...all.entries()]
    .filter(([path]) => /sec_[0-9a-f]{16}(-\d+)?\.json$/.test(path))
    .map(([, bytes]) => bytes)
    .sort();
}

async function editVaultJson(dir: string, edit: (json: Record<string, unknown>) => void): Promise<void> {
  const file = join(dir, 'vault.json');
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  edit(json);
  await writeFile(file, JSON.stringify(json, null, 2));
}

describe('vault: opening never deletes a key', () => {
  it('opens read-only, deleting nothing, when vault.json names a generation that is not there, and repairs with the password', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    await editVaultJson(t.dir, (json) => (json.generation = 1));
    const before = await snapshot(t.dir);
    const keystores = await keystoreContents(t.dir);

    const vault = await reopen(t);
    expect(await snapshot(t.dir)).toEqual(before);
    const status = vault.status();
    expect(status.readOnly).toBe(true);
    expect(status.problems.map((p) => p.message)).toEqual([
      `vault.json names the keystore folder ${join(t.dir, 'keystores', '1')}, which does not exist.`,
      `The keystore folder ${join(t.dir, 'keystores', '0')} is not the one vault.json names (1). It is kept.`,
    ]);

    await vault.unlock(PASSWORD);
    const refused = await caught(() => vault.sign(unsignedTx('transfer_owner'), account.id));
    expect(refused.code).toBe('VAULT_READ_ONLY');
    expect(refused.message).toContain(join(t.dir, 'keystores', '1'));
    // Unlocking wrote only the attempt counter; the keys and what vault.json decides are as they were.
    expect(await keystoreContents(t.dir)).toEqual(keystores);
    expect(JSON.parse(await readFile(join(t.dir, 'vault.json'), 'utf8'))).toMatchObject({ generation: 1 });

    expect((await caught(() => vault.adopt('not the password'))).code).toBe('VAULT_WRONG_PASSWORD');
    await vault.adopt(PASSWORD);
    expect(vault.status().readOnly).toBe(false);
    expect(Trx.ecRecover((await vault.sign(unsignedTx('transfer_owner'), account.id)) as never)).toBe(K1.base58);
    expect(await readdir(join(t.dir, 'keystores'))).toEqual(['0']);
  });

  it('opens a vault.json backup from before a password change with the old password; no keystore is lost', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    await copyFile(join(t.dir, 'vault.json'), join(t.dir, 'vault.json.backup'));
    await t.vault.changePassword(PASSWORD, NEW_PASSWORD);
    await copyFile(join(t.dir, 'vault.json.backup'), join(t.dir, 'vault.json'));
    const keystoresBefore = await keystoreContents(t.dir);
    expect(keystoresBefore).toHaveLength(2);

    const vault = await reopen(t);
    expect(await keystoreContents(t.dir)).toEqual(keystoresBefore);
    expect(vault.status().readOnly).toBe(true);
    expect((await caught(() => vault.unlock(NEW_PASSWORD))).code).toBe('VAULT_WRONG_PASSWORD');
    await vault.unlock(PASSWORD);
    await vault.adopt(PASSWORD);
    expect(Trx.ecRecover((await vault.sign(unsignedTx('transfer_owner'), account.id)) as never)).toBe(K1.base58);
    expect(await keystoreContents(t.dir)).toEqual(keystoresBefore);

    // And the restart after the repair is an ordinary one.
    const again = await reopen({ ...t, vault });
    expect(again.status().readOnly).toBe(false);
    await again.unlock(PASSWORD);
    expect(Trx.ecRecover((await again.sign(unsignedTx('transfer_owner'), account.id)) as never)).toBe(K1.base58);
  });

  it('keeps a keystore no account names, lists it, and the repair adds it as an account', async () => {
    const t = await setup();
    const kept = await t.vault.importPrivateKey(K1.private_key);
    const lost = await t.vault.importPrivateKey(K2.private_key);
    await editVaultJson(t.dir, (json) => {
      json.accounts = (json.accounts as { id: string }[]).filter((a) => a.id !== lost.id);
    });
    const before = await snapshot(t.dir);
    const vault = await reopen(t);
    expect(await snapshot(t.dir)).toEqual(before);
    const [problem] = vault.status().problems;
    expect(problem).toMatchObject({ kind: 'keystore-unnamed' });
    expect(problem!.message).toBe(
      `The keystore file ${problem!.file} belongs to no account in vault.json. It is kept.`,
    );

    await vault.unlock(PASSWORD);
    const { found } = await vault.adopt(PASSWORD);
    expect(found.map((a) => a.addressHex)).toEqual([lost.addressHex]);
    expect(vault.listAccounts().map((a) => a.addressHex)).toEqual([kept.addressHex, lost.addressHex]);
    expect(vault.status().readOnly).toBe(false);
  });

  it('names an account whose keystore file is missing and refuses to repair without it, changing nothing', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    const file = join(t.dir, 'keystores', '0', `${account.secretId}.json`);
    await rm(file);
    const vault = await reopen(t);
    expect(vault.status().problems.map((p) => p.message)).toEqual([
      `The keystore file ${file} of account ${account.addressHex} is missing.`,
    ]);
    await vault.unlock(PASSWORD);
    const before = await snapshot(t.dir);
    expect((await caught(() => vault.adopt(PASSWORD))).code).toBe('VAULT_ADOPT_INCOMPLETE');
    expect(await snapshot(t.dir)).toEqual(before);
  });
});

describe('vault: removing an account keeps its key until the removed folder is emptied', () => {
  it('moves the keystore into removed/ and deletes it only through purgeRemoved with the password', async () => {
    const t = await setup();
    const account = await t.vault.importPrivateKey(K1.private_key);
    const keystore = await readFile(join(t.dir, 'keystores', '0', `${account.secretId}.json`), 'utf8');
    await t.vault.removeAccount(account.id, PASSWORD);
    expect(await readFile(join(t.dir, 'removed', `${account.secretId}.json`), 'utf8')).toBe(keystore);

    const vault = await reopen(t);
    expect(vault.status()).toMatchObject({ readOnly: false, removedKeystores: 1 });
    expect((await caught(() => vault.purgeRemoved('not the password'))).code).toBe('VAULT_WRONG_PASSWORD');
    expect(await readdir(join(t.dir, 'removed'))).toHaveLength(1);
    expect(await vault.purgeRemoved(PASSWORD)).toBe(1);
    expect(await readdir(join(t.dir, 'removed'))).toEqual([]);
    expect(vault.status().removedKeystores).toBe(0);
  });
});
