import { setTimeout as delay } from 'node:timers/promises';
import type { TronNodeClient } from '../../../src-core/client/client';
import { bundleProgress, type EnvelopeBundle } from '../../../src-core/envelope';
import { BroadcastError, WalletError } from '../../../src-core/errors';
import { PayoutError } from '../../../src-core/payouts/errors';
import type { BundleRun, BundleRuns, RowState } from './bundle-run-store';

/**
 * Sends the rows of a signed bundle to the node at a pace it accepts, once each.
 *
 * - At most `concurrency` rows are with the node at a time, and starts are at least `intervalMs`
 *   apart.
 * - A "busy" answer (SERVER_BUSY, no peers, unsolidified chain) or no answer at all is not a
 *   failure: the row waits `backoffMs`, doubling up to `maxBackoffMs`, and is offered again; after
 *   `maxBusyTries` the run pauses with the rows still waiting, to be resumed later.
 * - Any other refusal fails the row with the node's code and words. A failed row is never offered
 *   again: the person chooses what to re-propose.
 * - DUP_TRANSACTION_ERROR means the node already holds the row (sent before a crash, or by another
 *   desk): it is recorded as sent and followed.
 * - A row is marked `sending` on disk before it goes out; a broadcaster made again from the same
 *   store (a reopened app) looks each such row up on the node first and sends only those the node
 *   does not know. The txids were fixed at signing, so the node would refuse a second copy anyway.
 */
export interface BundleBroadcasterOptions {
  readonly runs: BundleRuns;
  readonly client: () => Pick<TronNodeClient, 'broadcastTransaction' | 'getTransactionById'> | null;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly concurrency?: number;
  readonly intervalMs?: number;
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly maxBusyTries?: number;
  /** Each row's new state, as it is recorded. */
  readonly onRow?: (index: number, row: RowState) => void;
}

export const BROADCAST_PACE = {
  concurrency: 4,
  intervalMs: 50,
  backoffMs: 500,
  maxBackoffMs: 8_000,
  maxBusyTries: 8,
} as const;

/** Node answers that mean "not now", never "not this transaction". */
export const BUSY_CODES: ReadonlySet<string> = new Set([
  'SERVER_BUSY',
  'NO_CONNECTION',
  'NOT_ENOUGH_EFFECTIVE_CONNECTION',
  'BLOCK_UNSOLIDIFIED',
]);

export interface BroadcastOutcome {
  readonly run: BundleRun;
  /** Set when the node stayed busy: the rows still waiting are sent by the next `broadcast`. */
  readonly paused: string | null;
  /** Rows the node was asked to take in this call. */
  readonly sent: number;
}

type Answer =
  | { readonly kind: 'sent'; readonly duplicate: boolean }
  | { readonly kind: 'failed'; readonly code: string; readonly message: string }
  | { readonly kind: 'busy'; readonly message: string };

export class BundleBroadcaster {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private nextStart = 0;
  private paused: string | null = null;

  constructor(private readonly options: BundleBroadcasterOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /** Starts (or resumes) the broadcast of a bundle whose rows are signed. */
  async broadcast(bundle: EnvelopeBundle): Promise<BroadcastOutcome> {
    const client = this.client();
    const ready = bundleProgress(bundle).rows.map((p) => p.thresholdMet);
    let run = await this.options.runs.start(bundle, ready, this.now());
    run = await this.recover(run, client);
    this.paused = null;
    const queue = run.rows.flatMap((row, i) => (row.status === 'waiting' ? [i] : []));
    let sent = 0;
    const worker = async () => {
      for (let index = queue.shift(); index !== undefined && this.paused === null; index = queue.shift()) {
        await this.pace();
        if (this.paused !== null) return;
        await this.send(run.id, bundle, index, client);
        sent += 1;
      }
    };
    const workers = Math.max(1, this.options.concurrency ?? BROADCAST_PACE.concurrency);
    await Promise.all(Array.from({ length: Math.min(workers, queue.length) }, worker));
    return { run: this.options.runs.get(run.id)!, paused: this.paused, sent };
  }

  /** Rows marked `sending` by an earlier run: the node says whether each arrived. */
  private async recover(run: BundleRun, client: Client): Promise<BundleRun> {
    const changes: [number, Partial<RowState>][] = [];
    for (const [index, row] of run.rows.entries()) {
      if (row.status !== 'sending') continue;
      const held = await client.getTransactionById(row.txid).catch(() => undefined);
      if (held === undefined)
        throw new PayoutError(
          'PAYOUT_NODE_UNREACHABLE',
          'The node did not answer whether the rows sent before the app closed arrived; nothing was sent again. ' +
            'Try again when it answers.',
        );
      changes.push([
        index,
        held ? { status: 'sent', broadcastAt: row.broadcastAt ?? this.now() } : { status: 'waiting', reason: null },
      ]);
    }
    return changes.length ? this.options.runs.updateRows(run.id, changes) : run;
  }

  private async send(id: string, bundle: EnvelopeBundle, index: number, client: Client): Promise<void> {
    const transaction = bundle.rows[index]!.transaction;
    let wait = this.options.backoffMs ?? BROADCAST_PACE.backoffMs;
    const maxTries = this.options.maxBusyTries ?? BROADCAST_PACE.maxBusyTries;
    for (let tries = 1; ; tries++) {
      const attempts = (this.options.runs.get(id)!.rows[index]!.attempts ?? 0) + 1;
      await this.record(id, index, { status: 'sending', attempts, broadcastAt: this.now() });
      const answer = await this.ask(client, transaction);
      if (answer.kind === 'sent') {
        await this.record(id, index, { status: 'sent', duplicate: answer.duplicate, reason: null, nodeCode: null });
        return;
      }
      if (answer.kind === 'failed') {
        await this.record(id, index, { status: 'failed', nodeCode: answer.code, reason: answer.message });
        return;
      }
      // Not taken: the row is back to waiting, whatever happens to the run.
      await this.record(id, index, { status: 'waiting', broadcastAt: null, reason: answer.message });
      if (tries >= maxTries || this.paused !== null) {
        this.paused ??= `The node stayed busy after ${tries} tries (${answer.message}); the rest waits.`;
        return;
      }
      await this.sleep(wait);
      wait = Math.min(wait * 2, this.options.maxBackoffMs ?? BROADCAST_PACE.maxBackoffMs);
    }
  }

  private async ask(client: Client, transaction: EnvelopeBundle['rows'][number]['transaction']): Promise<Answer> {
    try {
      await client.broadcastTransaction(transaction);
      return { kind: 'sent', duplicate: false };
    } catch (error) {
      if (error instanceof BroadcastError) {
        const code = String(error.details?.nodeCode ?? '');
        if (code === 'DUP_TRANSACTION_ERROR') return { kind: 'sent', duplicate: true };
        if (BUSY_CODES.has(code)) return { kind: 'busy', message: error.message };
        return { kind: 'failed', code, message: error.message };
      }
      // No answer (a dropped connection, a timeout): the node may or may not hold it, so it is offered
      // again; a copy that did arrive comes back as DUP_TRANSACTION_ERROR.
      if (error instanceof WalletError) return { kind: 'busy', message: error.message };
      throw error;
    }
  }

  /** Spaces the starts `intervalMs` apart across all workers. */
  private async pace(): Promise<void> {
    const interval = this.options.intervalMs ?? BROADCAST_PACE.intervalMs;
    const now = this.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + interval;
    if (start > now) await this.sleep(start - now);
  }

  private async record(id: string, index: number, change: Partial<RowState>): Promise<void> {
    const run = await this.options.runs.updateRows(id, [[index, change]]);
    this.options.onRow?.(index, run.rows[index]!);
  }

  private client(): Client {
    const client = this.options.client();
    if (!client)
      throw new PayoutError('PAYOUT_NODE_UNREACHABLE', 'The node is not running; start it to broadcast the payouts.');
    return client;
  }
}

type Client = Pick<TronNodeClient, 'broadcastTransaction' | 'getTransactionById'>;
