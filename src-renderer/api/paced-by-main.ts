/** The longest pause the page waits out for main; main's own pause is one second. */
const MAX_PACED_WAIT_MS = 5_000;

/**
 * Main makes the page wait a moment after a wrong password (`VAULT_RETRY_TOO_SOON`, so a hostile
 * page guesses slowly without locking the person out). A person who retypes at once should not
 * see that as an error: the call waits out main's pause once and is sent again.
 */
export async function pacedByMain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const { code, details } = (error ?? {}) as { code?: unknown; details?: { retryAfterMs?: unknown } };
    const wait = details?.retryAfterMs;
    if (code !== 'VAULT_RETRY_TOO_SOON' || typeof wait !== 'number') throw error;
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 0), MAX_PACED_WAIT_MS)));
    return call();
  }
}
