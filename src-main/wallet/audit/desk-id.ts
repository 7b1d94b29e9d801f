import { randomBytes } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { deskIdSchema } from '../../../src-core/audit/entry';
import { isNotFound, writeFileAtomic } from '../../vault/atomic-file';

/** The install's desk id, in the user data folder: created once, read on every start. */
export const DESK_ID_FILE = 'audit-desk-id';

/**
 * This install's stable desk id: every audit entry it writes is in the chain of this id, so it
 * must survive restarts. Made once from 8 random bytes (`desk-<16 hex>`); a file that does not
 * hold a valid id is moved aside as `<file>.damaged-<time>` (kept, never deleted) and a new id
 * starts a new chain, since reusing a guessed id could fork the old one.
 */
export async function readOrCreateDeskId(userDataDir: string, now: number): Promise<string> {
  const path = join(userDataDir, DESK_ID_FILE);
  try {
    const text = (await readFile(path, 'utf8')).trim();
    if (deskIdSchema.safeParse(text).success) return text;
    await rename(path, `${path}.damaged-${now}`);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const id = `desk-${randomBytes(8).toString('hex')}`;
  await writeFileAtomic(path, `${id}\n`);
  return id;
}
