import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VaultError } from '../../../src-core/errors';
import {
  ensurePrivateDir,
  parseVaultJson,
  readTextIfExists,
  removeStaleTempFiles,
  writeFileAtomic,
} from '../../../src-main/vault/atomic-file';
import { caught, removeDir, tempDir } from './helpers';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  await removeDir(dir);
});

describe('atomic-file', () => {
  it('writes files with mode 0600 and leaves no temp file behind', async () => {
    const file = join(dir, 'a.json');
    await writeFileAtomic(file, '{"a":1}\n');
    await writeFileAtomic(file, '{"a":2}\n');
    expect(await readFile(file, 'utf8')).toBe('{"a":2}\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('creates private directories with mode 0700', async () => {
    const sub = join(dir, 'x', 'y');
    await ensurePrivateDir(sub);
    expect((await stat(sub)).mode & 0o777).toBe(0o700);
  });

  it('leaves the old file intact when the write fails, and says which file', async () => {
    const file = join(dir, 'a.json');
    await writeFileAtomic(file, 'old\n');
    const error = await caught(() => writeFileAtomic(join(dir, 'missing-dir', 'b.json'), 'x'));
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_WRITE_FAILED');
    expect(error.message).toContain('b.json');
    expect(await readFile(file, 'utf8')).toBe('old\n');
  });

  it('removes temp files left by a crash, and only those', async () => {
    await writeFile(join(dir, '.vault.json.abc123.tmp'), 'partial');
    await writeFile(join(dir, 'vault.json'), '{}\n');
    await removeStaleTempFiles(dir);
    expect(await readdir(dir)).toEqual(['vault.json']);
  });

  it('returns null for a missing file', async () => {
    expect(await readTextIfExists(join(dir, 'nothing.json'))).toBeNull();
  });

  it('tells a truncated file from a corrupted one', async () => {
    expect((await caught(() => parseVaultJson('{"a": [1, 2', 'f.json', 'test file'))).code).toBe(
      'VAULT_FILE_TRUNCATED',
    );
    expect((await caught(() => parseVaultJson('', 'f.json', 'test file'))).code).toBe('VAULT_FILE_TRUNCATED');
    expect((await caught(() => parseVaultJson('{"a": nope}\n', 'f.json', 'test file'))).code).toBe(
      'VAULT_FILE_CORRUPT',
    );
    expect(parseVaultJson('{"a":1}\n', 'f.json', 'test file')).toEqual({ a: 1 });
  });
});
