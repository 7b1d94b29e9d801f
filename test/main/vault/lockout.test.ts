import { describe, expect, it } from 'vitest';
import {
  FIRST_DELAY_MS,
  FREE_ATTEMPTS,
  MAX_DELAY_MS,
  lockoutDelayMs,
  retryAfterMs,
} from '../../../src-main/vault/lockout';

describe('lockout', () => {
  it('lets the first attempts through without delay, then doubles the delay up to a ceiling', () => {
    const delays = Array.from({ length: 20 }, (_, failures) => lockoutDelayMs(failures));
    expect(delays.slice(0, FREE_ATTEMPTS).every((d) => d === 0)).toBe(true);
    expect(delays[FREE_ATTEMPTS]).toBe(FIRST_DELAY_MS);
    expect(delays[FREE_ATTEMPTS + 1]).toBe(2 * FIRST_DELAY_MS);
    expect(delays[FREE_ATTEMPTS + 2]).toBe(4 * FIRST_DELAY_MS);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays[19]).toBe(MAX_DELAY_MS);
    expect(lockoutDelayMs(10_000)).toBe(MAX_DELAY_MS);
  });

  it('counts the wait from the last attempt', () => {
    const state = { failedAttempts: FREE_ATTEMPTS + 1, lastAttemptAt: 1_000_000 };
    const delay = lockoutDelayMs(state.failedAttempts);
    expect(retryAfterMs(state, 1_000_000)).toBe(delay);
    expect(retryAfterMs(state, 1_000_000 + delay - 1)).toBe(1);
    expect(retryAfterMs(state, 1_000_000 + delay)).toBe(0);
  });

  it('never asks to wait longer than the current delay, even if the clock went back', () => {
    const state = { failedAttempts: FREE_ATTEMPTS + 2, lastAttemptAt: 5_000_000 };
    expect(retryAfterMs(state, 1_000)).toBe(lockoutDelayMs(state.failedAttempts));
  });

  it('asks for no wait without failures', () => {
    expect(retryAfterMs({ failedAttempts: 0, lastAttemptAt: null }, 0)).toBe(0);
  });
});
