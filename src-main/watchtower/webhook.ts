import { WatchError } from '../../src-core/errors';
import { appendLine } from './durable-file';
import { retryAfterMs } from './polite-fetch';
import type { NumberedEvent } from './types';
import { DELIVERY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook } from './webhook-signature';

export interface WebhookOptions {
  readonly url: string;
  readonly secret: string;
  /** Tries in all before the event goes to the dead-letter file (default 6). */
  readonly maxAttempts?: number;
  /** Wait after the first failure, doubled after each (default 1 s), at most `maxBackoffMs` (default 60 s). */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Per try (default 10 s). */
  readonly timeoutMs?: number;
  /** JSON lines of the events that could not be delivered. */
  readonly deadLetterFile: string;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Aborting ends a delivery between tries; the event stays in the outbox for the next run. */
  readonly signal?: AbortSignal;
  readonly onFailure?: (failure: { readonly seq: number; readonly attempt: number; readonly reason: string }) => void;
}

export type DeliveryOutcome =
  | { readonly delivered: true; readonly attempts: number }
  | { readonly delivered: false; readonly attempts: number; readonly reason: string }
  | { readonly delivered: false; readonly stopped: true };

/** Statuses after which trying again may help; any other 4xx is the receiver refusing this event. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 425, 429]);

export function checkWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WatchError('WATCH_CONFIG_INVALID', `The webhook URL "${url}" is not a URL.`, { field: 'webhook.url' });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new WatchError('WATCH_CONFIG_INVALID', 'The webhook URL must start with https:// (or http://).', {
      field: 'webhook.url',
    });
  return parsed.toString();
}

/**
 * POSTs each event as JSON, signed (webhook-signature.ts). 2xx is delivered; a network error,
 * timeout, 408, 425, 429 or 5xx is tried again after a doubling backoff (or the Retry-After
 * given); any other status, or the last failed try, writes the event to the dead-letter file.
 */
export class WebhookSender {
  private readonly url: string;
  /** Without query or credentials: what may be written to the dead-letter file and logs. */
  readonly shownUrl: string;

  constructor(private readonly options: WebhookOptions) {
    this.url = checkWebhookUrl(options.url);
    const parsed = new URL(this.url);
    this.shownUrl = `${parsed.origin}${parsed.pathname}`;
    if (options.secret === '')
      throw new WatchError('WATCH_CONFIG_INVALID', 'The webhook needs a secret to sign with.', {
        field: 'webhook.secretEnv',
      });
  }

  async deliver(numbered: NumberedEvent): Promise<DeliveryOutcome> {
    const body = JSON.stringify(numbered);
    const attempts = this.options.maxAttempts ?? 6;
    const now = this.options.now ?? Date.now;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    let reason = '';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (this.options.signal?.aborted) return { delivered: false, stopped: true };
      const timestamp = String(Math.floor(now() / 1000));
      let wait: number | undefined;
      try {
        const response = await fetch(this.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [TIMESTAMP_HEADER]: timestamp,
            [SIGNATURE_HEADER]: signWebhook(this.options.secret, timestamp, body),
            [DELIVERY_HEADER]: `${numbered.network.slice(0, 16)}-${numbered.seq}`,
          },
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
        await response.text().catch(() => '');
        if (response.status >= 200 && response.status < 300) return { delivered: true, attempts: attempt };
        reason = `HTTP ${response.status}`;
        if (response.status < 500 && !RETRY_STATUSES.has(response.status))
          return this.deadLetter(numbered, attempt, reason);
        wait = retryAfterMs(response.headers.get('retry-after'), now());
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      this.options.onFailure?.({ seq: numbered.seq, attempt, reason });
      if (attempt < attempts) await sleep(Math.max(wait ?? 0, this.backoff(attempt)));
    }
    return this.deadLetter(numbered, attempts, reason);
  }

  private backoff(attempt: number): number {
    return Math.min(this.options.maxBackoffMs ?? 60_000, (this.options.backoffMs ?? 1000) * 2 ** (attempt - 1));
  }

  private async deadLetter(numbered: NumberedEvent, attempts: number, reason: string): Promise<DeliveryOutcome> {
    const now = this.options.now ?? Date.now;
    await appendLine(
      this.options.deadLetterFile,
      JSON.stringify({
        deadAt: new Date(now()).toISOString(),
        url: this.shownUrl,
        attempts,
        reason,
        delivery: numbered,
      }),
    );
    return { delivered: false, attempts, reason };
  }
}
