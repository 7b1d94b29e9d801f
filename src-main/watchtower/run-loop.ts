import { NetworkError, NodeApiError } from '../../src-core/errors';
import type { PollReport, Watchtower } from './scanner';

export interface RunOptions {
  /** Wait between polls once at the head (a TRON block is 3 s). */
  readonly pollMs: number;
  /** Longest wait after repeated failures (default 60 s). */
  readonly maxBackoffMs?: number;
  readonly signal: AbortSignal;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly onPoll?: (report: PollReport) => void;
  /** A poll failed for a reason worth retrying (the node is away or answered oddly). */
  readonly onFailure?: (error: Error, retryInMs: number) => void;
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Polls until `signal` aborts: at once again while behind the head, after `pollMs` at the head,
 * and with a doubling wait while the node fails. Errors other than the node's (a state file that
 * cannot be written, another chain) end the loop: watching on would only hide them.
 */
export async function runWatchtower(tower: Watchtower, options: RunOptions): Promise<void> {
  const sleep = options.sleep ?? abortableSleep;
  const cap = options.maxBackoffMs ?? 60_000;
  let failures = 0;
  while (!options.signal.aborted) {
    try {
      const report = await tower.poll();
      failures = 0;
      options.onPoll?.(report);
      if (report.cursor < report.head && report.scanned > 0) continue;
      await sleep(options.pollMs, options.signal);
    } catch (error) {
      if (!(error instanceof NetworkError || error instanceof NodeApiError)) throw error;
      failures++;
      const wait = Math.min(cap, options.pollMs * 2 ** Math.min(failures, 16));
      options.onFailure?.(error, wait);
      await sleep(wait, options.signal);
    }
  }
}
