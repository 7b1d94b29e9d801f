import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { VaultError } from '../../src-core/errors';

/** Every file the vault writes is readable by its owner only (mode 0600): it holds encrypted keys and wallet data. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
const TEMP_SUFFIX = '.tmp';

export async function ensurePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  // mkdir leaves an existing directory's mode alone, and the umask may have widened a new one.
  await chmod(path, PRIVATE_DIR_MODE);
}

/**
 * Replaces `path` so that a reader (or a crash) sees either the old content or the new one:
 * write a uniquely named temp file in the same directory, fsync it, rename it over the target,
 * then fsync the directory so the rename itself is durable.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
  try {
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.chmod(PRIVATE_FILE_MODE);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (cause) {
    await unlink(temp).catch(() => undefined);
    throw new VaultError(
      'VAULT_WRITE_FAILED',
      `Could not write ${path}: ${ioReason(cause)}. Nothing was changed.`,
      { file: path },
      { cause },
    );
  }
  await syncDir(dirname(path));
}

/** Makes renames and unlinks in `dir` durable; some filesystems refuse to fsync a directory. */
export async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort: the data files themselves were already synced.
  } finally {
    await handle?.close();
  }
}

/** Temp files left by a crash between create and rename are never the current state. */
export async function removeStaleTempFiles(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith('.') && name.endsWith(TEMP_SUFFIX)) await rm(join(dir, name), { force: true });
  }
}

/** Reads a file, or returns null when it does not exist. */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (cause) {
    if (isNotFound(cause)) return null;
    throw new VaultError('VAULT_READ_FAILED', `Could not read ${path}: ${ioReason(cause)}.`, { file: path }, { cause });
  }
}

/**
 * Parses a JSON file the vault wrote itself (always one object and a final newline). Anything else
 * is reported with the file's name and left untouched on disk for the user or support to inspect.
 */
export function parseVaultJson(text: string, file: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const trimmed = text.trimEnd();
    if (trimmed.length === 0 || !trimmed.endsWith('}')) {
      throw new VaultError(
        'VAULT_FILE_TRUNCATED',
        `The ${what} ${file} is empty or cut short (${text.length} bytes), probably by a crash or a full ` +
          'disk. It was left as is; restore it from a backup.',
        { file, bytes: text.length },
      );
    }
    throw new VaultError(
      'VAULT_FILE_CORRUPT',
      `The ${what} ${file} is not valid JSON. It was left as is; restore it from a backup.`,
      { file },
    );
  }
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

function ioReason(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : 'unknown error';
}
