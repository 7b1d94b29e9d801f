import type { FetchInitLike, FetchLike, FetchResponseLike } from '../../src-core/client/fetch';

/** A response with headers (the platform's fetch gives one), to read Retry-After. */
export interface HeaderedResponse extends FetchResponseLike {
  readonly headers: { get(name: string): string | null };
}
export type HeaderedFetch = (url: string, init: FetchInitLike) => Promise<HeaderedResponse>;

export interface PoliteFetchOptions {
  readonly fetch: HeaderedFetch;
  /** Requests started per second at most; 0 = no limit. TronGrid allows about 15 with a key. */
  readonly requestsPerSecond?: number;
  /** Further tries after a 429 or 5xx answer (default 5). */
  readonly maxRetries?: number;
  /** Further tries after the request could not be sent at all (default 2); then the node is away. */
  readonly networkRetries?: number;
  /** First backoff, doubled on each try (default 500 ms), up to `maxDelayMs` (default 30 s). */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
  readonly random?: () => number;
  readonly onRetry?: (retry: { readonly url: string; readonly status?: number; readonly delayMs: number }) => void;
}

/** Answers worth trying again: rate limited, or the server or a proxy in front of it failing. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
/** A Retry-After longer than this is not waited out inside one request (the scanner backs off instead). */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Wraps `fetch` for a remote node's limits: requests are spaced to `requestsPerSecond`, and a
 * 429 or 5xx answer is tried again after the server's Retry-After or an exponential backoff with
 * jitter. The last answer is returned as it is once the tries are used up, so the client still
 * reports the status.
 */
export function politeFetch(options: PoliteFetchOptions): FetchLike {
  const rps = options.requestsPerSecond ?? 0;
  const interval = rps > 0 ? 1000 / rps : 0;
  const maxRetries = options.maxRetries ?? 5;
  const networkRetries = options.networkRetries ?? 2;
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 30_000;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let nextSlot = 0;

  async function takeSlot(): Promise<void> {
    if (interval === 0) return;
    const t = now();
    const at = Math.max(t, nextSlot);
    nextSlot = at + interval;
    if (at > t) await sleep(at - t);
  }

  function backoff(attempt: number): number {
    const ceiling = Math.min(cap, base * 2 ** attempt);
    // Half fixed, half random: clients that failed together do not come back together.
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  }

  return async (url, init) => {
    let statusTries = 0;
    let networkTries = 0;
    for (;;) {
      await takeSlot();
      let response: HeaderedResponse;
      try {
        response = await options.fetch(url, init);
      } catch (error) {
        if (init.signal?.aborted || networkTries >= networkRetries) throw error;
        const delayMs = backoff(networkTries++);
        options.onRetry?.({ url, delayMs });
        await sleep(delayMs);
        continue;
      }
      if (!RETRY_STATUSES.has(response.status) || statusTries >= maxRetries) return response;
      const told = retryAfterMs(response.headers.get('retry-after'), now());
      if (told !== undefined && told > MAX_RETRY_AFTER_MS) return response;
      const delayMs = Math.max(told ?? 0, backoff(statusTries++));
      // The body of an answer that is not used must still be read, or the connection is held.
      await response.text().catch(() => '');
      options.onRetry?.({ url, status: response.status, delayMs });
      await sleep(delayMs);
    }
  };
}
