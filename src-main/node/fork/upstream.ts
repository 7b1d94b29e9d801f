import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { ForkUpstreamError } from '../errors';
import { addBlockedTime } from '../vm/time-budget';
import { UPSTREAM_WORKER_SOURCE } from './worker-source';

/**
 * The upstream node of a fork, read synchronously (worker-source.ts says why): java-tron's HTTP
 * API (`/wallet/*`) and its JSON-RPC (`/jsonrpc`), with TronGrid's `TRON-PRO-API-KEY` header when a
 * key is given. Every request goes into the request log that `/admin/fork` reports.
 */
export interface UpstreamOptions {
  readonly url: string;
  readonly apiKey?: string;
  /** Requests in flight at once (default 4). */
  readonly concurrency?: number;
  /** Tries per request, the first included (default 4): 429, 5xx and connection failures are retried. */
  readonly attempts?: number;
  /** First backoff (ms), doubled on each retry (default 250). */
  readonly backoffMs?: number;
  /** Per attempt (default 15 s). */
  readonly timeoutMs?: number;
}

export interface UpstreamCall {
  /** What the answer is for, named in errors and in the request log, e.g. "account 41…". */
  readonly item: string;
  /** `/wallet/getaccount`, `/jsonrpc`, … */
  readonly path: string;
  readonly body: unknown;
}

export interface LoggedRequest {
  readonly item: string;
  readonly path: string;
  readonly ok: boolean;
  readonly attempts: number;
}

/** What the fork's state and fork point read upstream through (`Upstream`, or a test's script). */
export interface UpstreamReader {
  readonly url: string;
  callSync(calls: readonly UpstreamCall[]): unknown[];
  fail(item: string, cause: string): never;
}

interface WorkerResult {
  readonly status?: number;
  readonly text?: string;
  readonly error?: string;
  readonly attempts: number;
}

/** Newest entries of the request log kept in memory. */
const LOG_LIMIT = 10_000;

export class Upstream implements UpstreamReader {
  readonly url: string;
  private readonly worker: Worker;
  private readonly port;
  private readonly headers: Record<string, string>;
  private readonly log: LoggedRequest[] = [];
  private total = 0;

  constructor(options: UpstreamOptions) {
    this.url = options.url.replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+/.test(this.url))
      throw new RangeError(`--fork-url must be an http(s) URL of a java-tron node, got "${options.url}".`);
    this.headers = { 'content-type': 'application/json' };
    if (options.apiKey) this.headers['TRON-PRO-API-KEY'] = options.apiKey;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(UPSTREAM_WORKER_SOURCE, {
      eval: true,
      workerData: {
        port: port2,
        concurrency: options.concurrency ?? 4,
        attempts: options.attempts ?? 4,
        backoffMs: options.backoffMs ?? 250,
        timeoutMs: options.timeoutMs ?? 15_000,
      },
      transferList: [port2],
    });
    // The worker only waits for requests: it must not keep the process alive.
    this.worker.unref();
  }

  /**
   * Runs the calls (concurrently, within the limit) and answers their parsed JSON bodies in
   * order; throws ForkUpstreamError naming the first item that failed after its retries.
   */
  callSync(calls: readonly UpstreamCall[]): unknown[] {
    if (calls.length === 0) return [];
    const flag = new SharedArrayBuffer(4);
    this.port.postMessage({
      flag,
      requests: calls.map((c) => ({
        method: 'POST',
        url: this.url + c.path,
        headers: this.headers,
        body: JSON.stringify(c.body),
      })),
    });
    const waitStarted = performance.now();
    Atomics.wait(new Int32Array(flag), 0, 0);
    // A contract run that read this state must not be charged the network's time (OUT_OF_TIME).
    addBlockedTime(performance.now() - waitStarted);
    const message = receiveMessageOnPort(this.port);
    const results = (message?.message as { results: WorkerResult[] } | undefined)?.results ?? [];
    const out: unknown[] = [];
    let failure: ForkUpstreamError | undefined;
    calls.forEach((call, i) => {
      const r = results[i] ?? { error: 'no answer from the upstream worker', attempts: 0 };
      let error = r.error;
      let parsed: unknown;
      if (!error) {
        try {
          parsed = JSON.parse(r.text ?? '');
        } catch {
          error = `HTTP ${r.status} with a body that is not JSON: ${(r.text ?? '').slice(0, 120)}`;
        }
      }
      if (!error && r.status !== 200) error = `HTTP ${r.status}`;
      if (!error && parsed && typeof parsed === 'object' && 'Error' in parsed)
        error = String((parsed as { Error: unknown }).Error);
      this.record({ item: call.item, path: call.path, ok: !error, attempts: r.attempts });
      if (error) failure ??= new ForkUpstreamError(call.item, `${call.path} at ${this.url}: ${error}`);
      out.push(parsed);
    });
    if (failure) throw failure;
    return out;
  }

  /** Refuses an answer that is not what `item` needed (logged like a failed request). */
  fail(item: string, cause: string): never {
    throw new ForkUpstreamError(item, `${this.url}: ${cause}`);
  }

  private record(entry: LoggedRequest): void {
    this.total++;
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
  }

  /** Requests made since start (retries count once), and the newest of them. */
  requests(): { readonly total: number; readonly log: readonly LoggedRequest[] } {
    return { total: this.total, log: [...this.log] };
  }

  async close(): Promise<void> {
    this.port.close();
    await this.worker.terminate();
  }
}
