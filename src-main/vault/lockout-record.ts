import { join } from 'node:path';
import { z } from 'zod';
import { parseVaultJson, readTextIfExists, writeFileAtomic } from './atomic-file';
import { FREE_ATTEMPTS, type LockoutState } from './lockout';

/**
 * A second copy of the failed-attempt counter, in lockout.json beside vault.json. The counter
 * cannot be covered by the metadata MAC (an attempt is counted before the password is known), so
 * the vault keeps it twice and believes the stricter copy: editing one file does not reset it.
 * Once a vault has a MAC it always has this file, so a missing one means it was deleted outside
 * the app, and the vault then counts `FREE_ATTEMPTS` failures as of now rather than none.
 */
export const LOCKOUT_FILE = 'lockout.json';

const recordSchema = z.strictObject({
  vaultId: z.string(),
  failedAttempts: z.number().int().nonnegative(),
  lastAttemptAt: z.number().int().nonnegative().nullable(),
  /**
   * Whether vault.json had its MAC when this was written. A vault.json without one next to a
   * record that says it had one lost its MAC outside the app: it is not sealed afresh at unlock.
   */
  sealed: z.boolean().optional(),
});

export type LockoutRead =
  | { readonly status: 'present'; readonly state: LockoutState; readonly sealed: boolean }
  | { readonly status: 'missing' | 'unreadable' };

export function lockoutFile(dataDir: string): string {
  return join(dataDir, LOCKOUT_FILE);
}

export async function readLockoutRecord(dataDir: string, vaultId: string): Promise<LockoutRead> {
  const file = lockoutFile(dataDir);
  const text = await readTextIfExists(file);
  if (text === null) return { status: 'missing' };
  try {
    const parsed = recordSchema.safeParse(parseVaultJson(text, file, 'lockout record'));
    if (!parsed.success || parsed.data.vaultId !== vaultId) return { status: 'unreadable' };
    const { failedAttempts, lastAttemptAt, sealed } = parsed.data;
    return { status: 'present', state: { failedAttempts, lastAttemptAt }, sealed: sealed === true };
  } catch {
    return { status: 'unreadable' };
  }
}

export async function writeLockoutRecord(
  dataDir: string,
  vaultId: string,
  state: LockoutState,
  sealed: boolean,
): Promise<void> {
  const record = { vaultId, failedAttempts: state.failedAttempts, lastAttemptAt: state.lastAttemptAt, sealed };
  await writeFileAtomic(lockoutFile(dataDir), `${JSON.stringify(record, null, 2)}\n`);
}

/** More failures wins; between equal counts, the later attempt. */
export function stricter(a: LockoutState, b: LockoutState): LockoutState {
  if (a.failedAttempts !== b.failedAttempts) return a.failedAttempts > b.failedAttempts ? a : b;
  return (a.lastAttemptAt ?? 0) >= (b.lastAttemptAt ?? 0) ? a : b;
}

/** What a deleted or damaged copy counts as: the free attempts used up, as of `now`. */
export function assumedAfterLoss(now: number): LockoutState {
  return { failedAttempts: FREE_ATTEMPTS, lastAttemptAt: now };
}
