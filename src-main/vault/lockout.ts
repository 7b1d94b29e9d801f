/**
 * Delay after wrong passwords. The counter and the time of the last attempt live in vault.json,
 * so restarting the app does not reset them. Each attempt is counted *before* the password is
 * checked and cleared after a success, so killing the app mid-check does not earn a free try.
 */
export interface LockoutState {
  readonly failedAttempts: number;
  readonly lastAttemptAt: number | null;
}

/** Attempts that cost nothing: typos happen. */
export const FREE_ATTEMPTS = 3;
export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;

/** 0, 0, 0, then 1 s, 2 s, 4 s … doubling up to 15 minutes. */
export function lockoutDelayMs(failedAttempts: number): number {
  if (failedAttempts < FREE_ATTEMPTS) return 0;
  const exponent = Math.min(failedAttempts - FREE_ATTEMPTS, 30);
  return Math.min(FIRST_DELAY_MS * 2 ** exponent, MAX_DELAY_MS);
}

/** How long the next attempt has to wait; never more than the current delay. */
export function retryAfterMs(state: LockoutState, now: number): number {
  const delay = lockoutDelayMs(state.failedAttempts);
  if (delay === 0 || state.lastAttemptAt === null) return 0;
  return Math.min(delay, Math.max(0, state.lastAttemptAt + delay - now));
}
