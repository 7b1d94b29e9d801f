import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { VaultError } from '../../src-core/errors';
import { ensurePrivateDir, isNotFound, readTextIfExists, syncDir, writeFileAtomic } from './atomic-file';
import { sameKdf, type KdfRecord } from './kdf';
import {
  decodePayload,
  decryptKeystore,
  encryptKeystore,
  parseKeystore,
  serializeKeystore,
  type SecretKind,
  type SecretPayload,
} from './keystore';

const KEYSTORE_SUFFIX = '.json';

/**
 * The keystore directories. `keystores/<generation>/<secretId>.json` holds the keys; vault.json
 * names the current generation. A password change writes the next generation beside it, commits
 * by rewriting vault.json, then moves the previous one into `superseded/`, where an older
 * vault.json (a backup) still finds it. A removed account's keystore goes to `removed/`. Nothing
 * here deletes a key except `purgeRemoved`, which the vault calls only after the password.
 */
export class KeystoreFiles {
  readonly root: string;
  readonly supersededRoot: string;
  readonly removedRoot: string;

  constructor(readonly dataDir: string) {
    this.root = join(dataDir, 'keystores');
    this.supersededRoot = join(dataDir, 'superseded');
    this.removedRoot = join(dataDir, 'removed');
  }

  generationDir(generation: number): string {
    return join(this.root, String(generation));
  }

  path(generation: number, secretId: string): string {
    return join(this.generationDir(generation), `${secretId}${KEYSTORE_SUFFIX}`);
  }

  /** Names of the folders under keystores/ (read only: a missing root lists nothing). */
  async generations(): Promise<string[]> {
    return listDirs(this.root);
  }

  /** Names of the folders under superseded/. */
  async supersededSets(): Promise<string[]> {
    return listDirs(this.supersededRoot);
  }

  /** The secret ids of the keystore files in a folder (temp files of a cut-off write excluded). */
  async secretIdsIn(dir: string): Promise<string[]> {
    return (await listFiles(dir))
      .filter((name) => name.endsWith(KEYSTORE_SUFFIX) && !name.startsWith('.'))
      .map((name) => name.slice(0, -KEYSTORE_SUFFIX.length))
      .sort();
  }

  /** The files under removed/, oldest name first. */
  async removedFiles(): Promise<string[]> {
    return (await listFiles(this.removedRoot)).filter((name) => !name.startsWith('.')).sort();
  }

  /** An empty folder for a generation about to be written; whatever was there moves aside. */
  async fresh(generation: number): Promise<string> {
    const dir = this.generationDir(generation);
    if (await exists(dir)) await this.moveAside(dir, `${generation}-unfinished`);
    await ensurePrivateDir(this.root);
    await ensurePrivateDir(dir);
    return dir;
  }

  /** Moves a keystore folder into superseded/ under `name` (numbered if taken); never deletes. */
  async moveAside(dir: string, name: string): Promise<string> {
    await ensurePrivateDir(this.supersededRoot);
    const target = await freeName(this.supersededRoot, name, '');
    await rename(dir, target);
    await syncDir(this.supersededRoot);
    return target;
  }

  /** Moves a folder from superseded/ back to keystores/<generation> (which must not exist). */
  async bringBack(supersededName: string, generation: number): Promise<void> {
    await ensurePrivateDir(this.root);
    await rename(join(this.supersededRoot, supersededName), this.generationDir(generation));
    await syncDir(this.root);
  }

  /** Moves one keystore into removed/, where it stays until `purgeRemoved`. */
  async moveToRemoved(generation: number, secretId: string): Promise<string | null> {
    const file = this.path(generation, secretId);
    if (!(await exists(file))) return null;
    await ensurePrivateDir(this.removedRoot);
    const target = await freeName(this.removedRoot, secretId, KEYSTORE_SUFFIX);
    await rename(file, target);
    await syncDir(this.removedRoot);
    return target;
  }

  /** Deletes everything in removed/: the one place keys are destroyed, on the person's word. */
  async purgeRemoved(): Promise<number> {
    const names = await this.removedFiles();
    for (const name of names) await rm(join(this.removedRoot, name), { recursive: true, force: true });
    if (names.length > 0) await syncDir(this.removedRoot);
    return names.length;
  }

  async write(
    generation: number,
    secretId: string,
    kind: SecretKind,
    payload: Uint8Array,
    kek: Uint8Array,
    kdf: KdfRecord,
  ): Promise<void> {
    const keystore = encryptKeystore(secretId, kind, payload, kek, kdf);
    await ensurePrivateDir(this.generationDir(generation));
    await writeFileAtomic(this.path(generation, secretId), serializeKeystore(keystore));
  }

  /** Decrypts one keystore of the current generation; the caller zeroes the payload. */
  read(
    generation: number,
    secretId: string,
    kek: Uint8Array,
    kdf: KdfRecord,
  ): Promise<{ kind: SecretKind; payload: SecretPayload }> {
    return this.readIn(this.generationDir(generation), secretId, kek, kdf);
  }

  /** Decrypts `<dir>/<secretId>.json`; the caller zeroes the payload. Every error names the file. */
  async readIn(
    dir: string,
    secretId: string,
    kek: Uint8Array,
    kdf: KdfRecord,
  ): Promise<{ kind: SecretKind; payload: SecretPayload }> {
    const file = join(dir, `${secretId}${KEYSTORE_SUFFIX}`);
    const text = await readTextIfExists(file);
    if (text === null) {
      throw new VaultError(
        'VAULT_FILE_MISSING',
        `The keystore file ${file} is missing. Restore it from a backup or remove the account.`,
        { file },
      );
    }
    const keystore = parseKeystore(text, file);
    if (keystore.id !== secretId || !sameKdf(keystore.kdf, kdf)) {
      throw new VaultError(
        'VAULT_KEYSTORE_TAMPERED',
        `The keystore file ${file} does not belong to this vault's current password. It was left as is.`,
        { file },
      );
    }
    const plain = decryptKeystore(keystore, kek, file);
    try {
      return { kind: keystore.kind, payload: decodePayload(keystore.kind, plain, file) };
    } finally {
      plain.fill(0);
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

async function listDirs(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** `<dir>/<base><suffix>`, or `<base>-2<suffix>`, `-3` … when taken: a move never overwrites. */
async function freeName(dir: string, base: string, suffix: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = join(dir, `${n === 1 ? base : `${base}-${n}`}${suffix}`);
    if (!(await exists(candidate))) return candidate;
  }
}
