import { VaultError } from '../../src-core/errors';
import { deriveKey } from './kdf';
import { retryAfterMs, type LockoutState } from './lockout';
import { passwordCheckOpens, PASSWORD_MAX_LENGTH } from './password';
import type { VaultSession } from './vault-session';
import { PAGE_RETRY_INTERVAL_MS, type PasswordOrigin } from './vault-types';

/**
 * Counts the attempt before checking (a crash mid-check still counts), refuses while the
 * lockout delay runs, clears the counter on success. Returns the password's key.
 */
export async function checkPassword(session: VaultSession, password: string, origin: PasswordOrigin): Promise<Buffer> {
  const meta = session.requireInitialized();
  if (typeof password !== 'string' || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) {
    throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.');
  }
  if (origin === 'page') return checkPagePassword(session, password);
  const { counted, now } = await countAttempt(session, 'wrong passwords');
  const kek = await deriveKey(password, meta.password.kdf);
  if (!passwordCheckOpens(kek, meta.password.check, meta.vaultId)) {
    kek.fill(0);
    throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.', {
      failedAttempts: counted.failedAttempts,
      retryAfterMs: retryAfterMs(counted, now),
    });
  }
  await session.commitLockout({ failedAttempts: 0, lastAttemptAt: null });
  return kek;
}

/**
 * Refuses while the lockout delay runs, else counts one more attempt (persisted before the caller
 * checks anything) and returns the counter before and after it. Shared by every secret the person
 * types on main's own surfaces, so answers to different questions add up to one lockout.
 */
export async function countAttempt(
  session: VaultSession,
  what: string,
): Promise<{ before: LockoutState; counted: LockoutState; now: number }> {
  session.requireInitialized();
  const now = session.clock.now();
  let lockout = session.lockoutState;
  // A clock set back must not stretch the delay until it catches up again.
  // Restart the delay from now, and persist that, so the wait ends after one delay.
  if (lockout.lastAttemptAt !== null && lockout.lastAttemptAt > now) {
    lockout = { ...lockout, lastAttemptAt: now };
    await session.commitLockout(lockout);
  }
  const wait = retryAfterMs(lockout, now);
  if (wait > 0) {
    throw new VaultError('VAULT_LOCKED_OUT', `Too many ${what}. Try again in ${Math.ceil(wait / 1000)} seconds.`, {
      retryAfterMs: wait,
      failedAttempts: lockout.failedAttempts,
    });
  }
  const counted = { failedAttempts: lockout.failedAttempts + 1, lastAttemptAt: now };
  await session.commitLockout(counted);
  return { before: lockout, counted, now };
}

/**
 * A password from the page: wrong ones never add to the lockout (a hostile page could lock the
 * person out on purpose); each makes the page wait `PAGE_RETRY_INTERVAL_MS`, which with scrypt's
 * cost keeps guessing slow.
 */
async function checkPagePassword(session: VaultSession, password: string): Promise<Buffer> {
  const meta = session.requireInitialized();
  const now = session.clock.now();
  // A clock set back never stretches the wait beyond one interval.
  const wait = Math.min(session.pageRetryAt - now, PAGE_RETRY_INTERVAL_MS);
  if (wait > 0) {
    throw new VaultError('VAULT_RETRY_TOO_SOON', 'Wait a second before trying the password again.', {
      retryAfterMs: wait,
    });
  }
  const kek = await deriveKey(password, meta.password.kdf);
  if (!passwordCheckOpens(kek, meta.password.check, meta.vaultId)) {
    kek.fill(0);
    session.pageRetryAt = session.clock.now() + PAGE_RETRY_INTERVAL_MS;
    throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.', { retryAfterMs: PAGE_RETRY_INTERVAL_MS });
  }
  session.pageRetryAt = 0;
  return kek;
}

/** Checks the password and zeroes the key it gave: for operations that only need the proof. */
export async function confirmPassword(session: VaultSession, password: string, origin: PasswordOrigin): Promise<void> {
  (await checkPassword(session, password, origin)).fill(0);
}
