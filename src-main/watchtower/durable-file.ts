import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { WatchError } from '../../src-core/errors';

/** Watch state can name what a treasury watches: readable by its owner only. */
const FILE_MODE = 0o600;

async function syncFolder(folder: string): Promise<void> {
  // The rename is durable only once the folder's entry is on disk; not every filesystem allows it.
  const handle = await open(folder, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Nothing more can be done; the file's own data is already synced.
  } finally {
    await handle.close();
  }
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/**
 * Replaces `path` with `text` so that a crash leaves either the old file or the new one: the text
 * goes to a fresh file beside it, is fsynced, renamed over the target, and the folder is fsynced.
 */
export async function replaceFile(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}-${randomBytes(4).toString('hex')}.partial`);
  try {
    const handle = await open(temp, 'wx', FILE_MODE);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (cause) {
    await rm(temp, { force: true });
    throw new WatchError(
      'WATCH_WRITE_FAILED',
      `Could not save ${path} (${reasonOf(cause)}); the previous copy is kept.`,
      {
        file: path,
      },
    );
  }
  await syncFolder(dirname(path));
}

/** Appends one line and fsyncs it before returning (the dead-letter file). */
export async function appendLine(path: string, line: string): Promise<void> {
  try {
    const handle = await open(path, 'a', FILE_MODE);
    try {
      await handle.writeFile(`${line}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (cause) {
    throw new WatchError('WATCH_WRITE_FAILED', `Could not append to ${path} (${reasonOf(cause)}).`, { file: path });
  }
}

/** The file's text, or null when there is none yet. */
export async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (cause) {
    if ((cause as { code?: unknown }).code === 'ENOENT') return null;
    throw new WatchError('WATCH_READ_FAILED', `Could not read ${path} (${reasonOf(cause)}).`, { file: path });
  }
}
