import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { VaultError } from '../../src-core/errors';
import { ensurePrivateDir, readTextIfExists, removeStaleTempFiles, writeFileAtomic } from './atomic-file';
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

/**
 * The keystore directory: keystores/<generation>/<secretId>.json. vault.json names the current
 * generation; a password change writes the next one beside it and switches by rewriting
 * vault.json, so the previous generation stays intact until that commit.
 */
export class KeystoreFiles {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'keystores');
  }

  generationDir(generation: number): string {
    return join(this.root, String(generation));
  }

  path(generation: number, secretId: string): string {
    return join(this.generationDir(generation), `${secretId}.json`);
  }

  async generations(): Promise<string[]> {
    await ensurePrivateDir(this.root);
    return readdir(this.root);
  }

  /** Deletes every generation but `current`: a superseded one, or one a crashed change left. */
  async keepOnly(current: number): Promise<void> {
    for (const name of await this.generations())
      if (name !== String(current)) await rm(join(this.root, name), { recursive: true, force: true });
    await ensurePrivateDir(this.generationDir(current));
    await removeStaleTempFiles(this.generationDir(current));
  }

  /** An empty directory for a generation about to be written. */
  async fresh(generation: number): Promise<string> {
    const dir = this.generationDir(generation);
    await rm(dir, { recursive: true, force: true });
    await ensurePrivateDir(dir);
    return dir;
  }

  async removeGeneration(generation: number): Promise<void> {
    await rm(this.generationDir(generation), { recursive: true, force: true });
  }

  async remove(generation: number, secretId: string): Promise<void> {
    await rm(this.path(generation, secretId), { force: true });
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
    await writeFileAtomic(this.path(generation, secretId), serializeKeystore(keystore));
  }

  /** Decrypts one keystore; the caller zeroes the payload. Every error names the file. */
  async read(
    generation: number,
    secretId: string,
    kek: Uint8Array,
    kdf: KdfRecord,
  ): Promise<{ kind: SecretKind; payload: SecretPayload }> {
    const file = this.path(generation, secretId);
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
