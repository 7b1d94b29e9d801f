import type { Worker } from 'node:worker_threads';
import { NodeHostError } from '../../../../src-core/errors';
import { startWorker, type WorkerEntry } from '../../../node/worker-entry';
import { NodeHostErrorCode } from '../connection';
import type {
  DryRunOptionsLike,
  EmbeddedHead,
  EmbeddedNode,
  EmbeddedNodeFactory,
  ForkControlLike,
} from '../embedded-node';
import { fromErrorData } from './error-data';
import {
  EVENT,
  REQUEST,
  type NodeOverrides,
  type NodeWorkerData,
  type NodeWorkerEvent,
  type NodeWorkerReady,
  type NodeWorkerRequest,
  type RequestResults,
} from './protocol';

export interface WorkerNodeOptions {
  /** The node worker's entry: the bundled worker-entry.ts, or its source (tests and the bench). */
  readonly entry: WorkerEntry;
  /** createNode inputs beyond the host settings (tests and the bench). */
  readonly nodeOverrides?: NodeOverrides;
  readonly headPollMs?: number;
  /** How long a stopped worker may take to end after its node stopped before it is terminated. */
  readonly exitGraceMs?: number;
  /** The bundled block-text thread entry the node starts its renders with (the app). */
  readonly blockTextWorkerPath?: string;
}

const DEFAULT_EXIT_GRACE_MS = 5_000;

/**
 * The embedded node in a worker thread: everything `EmbeddedNode` offers, proxied over typed
 * messages (protocol.ts), so blocks, dry runs and catch-up run off the main thread's event loop
 * and IPC answers do not wait for them. `head()` stays synchronous (the worker pushes each new
 * head). A worker that dies reports a node failure (`NODE_CRASHED`) to `onFailure` listeners and
 * to every later call; the main thread is never taken down with it.
 */
export function workerNodeFactory(options: WorkerNodeOptions): EmbeddedNodeFactory {
  return (config) =>
    new Promise<EmbeddedNode>((resolve, reject) => {
      const { log, ...settings } = config;
      const data: NodeWorkerData = {
        config: settings,
        ...(options.nodeOverrides ? { nodeOverrides: options.nodeOverrides } : {}),
        ...(options.headPollMs !== undefined ? { headPollMs: options.headPollMs } : {}),
        ...(options.blockTextWorkerPath ? { blockTextWorkerPath: options.blockTextWorkerPath } : {}),
      };
      const worker = startWorker(options.entry, { node: data });
      const link = new WorkerLink(worker, log, options.exitGraceMs ?? DEFAULT_EXIT_GRACE_MS);
      link.started.then((ready) => resolve(link.node(ready)), reject);
    });
}

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** One worker and the node it runs, as seen from the main thread. */
class WorkerLink {
  readonly started: Promise<NodeWorkerReady>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private head: EmbeddedHead | null = null;
  private forkReport: Record<string, unknown> | null = null;
  private failure: NodeHostError | null = null;
  private readonly failureListeners: ((message: string) => void)[] = [];
  private stopping: Promise<void> | null = null;
  private readonly exited: Promise<number>;

  constructor(
    private readonly worker: Worker,
    private readonly log: (line: string) => void,
    private readonly exitGraceMs: number,
  ) {
    let ready: (node: NodeWorkerReady) => void;
    let refused: (error: Error) => void;
    let isStarted = false;
    let startError: Error | null = null;
    this.started = new Promise((resolve, reject) => {
      ready = (node) => {
        isStarted = true;
        resolve(node);
      };
      refused = reject;
    });
    this.exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.on('message', (event: NodeWorkerEvent) => {
      switch (event.kind) {
        case EVENT.ready:
          this.head = event.node.head;
          this.forkReport = event.node.forkReport;
          ready(event.node);
          return;
        case EVENT.startFailed:
          // The node cleaned up after itself; the start is refused once the thread ended, so its folder is free again.
          startError = fromErrorData(event.error);
          void this.exitWithin();
          return;
        case EVENT.head:
          this.head = event.head;
          return;
        case EVENT.forkReport:
          this.forkReport = event.report;
          return;
        case EVENT.log:
          this.log(event.line);
          return;
        case EVENT.reply: {
          const call = this.pending.get(event.id);
          this.pending.delete(event.id);
          if (event.ok) call?.resolve(event.value);
          else call?.reject(fromErrorData(event.error));
          return;
        }
        case EVENT.fatal:
          this.fail(`it failed: ${fromErrorData(event.error).message}`);
          return;
      }
    });
    // Without this listener an error in the worker would be rethrown on the main thread.
    worker.on('error', (error) => {
      if (!isStarted) refused(new Error(`The embedded node's worker failed before the node started: ${error.message}`));
      this.fail(`its worker failed: ${error.message}`);
    });
    worker.on('exit', (code) => {
      if (!isStarted)
        refused(
          startError ?? new Error(`The embedded node's worker ended (exit code ${code}) before the node started.`),
        );
      if (!this.stopping) this.fail(`its worker ended with exit code ${code}`);
      for (const call of this.pending.values()) call.reject(this.failure ?? stoppedError());
      this.pending.clear();
    });
  }

  node(ready: NodeWorkerReady): EmbeddedNode {
    const fork: ForkControlLike | null = ready.forkReport
      ? {
          report: () => this.forkReport ?? {},
          impersonate: (address) => this.call(REQUEST.impersonate, { address }),
          stopImpersonating: (address) => this.call(REQUEST.stopImpersonating, { address }),
        }
      : null;
    return {
      url: ready.url,
      port: ready.port,
      devMnemonic: ready.devMnemonic,
      devAccountCount: ready.devAccountCount,
      head: () => {
        if (this.failure) throw this.failure;
        return this.head!;
      },
      ...(ready.hasDryRun
        ? {
            dryRun: (tx: object | string, options?: DryRunOptionsLike) =>
              this.call(REQUEST.dryRun, { tx, ...(options ? { options } : {}) }),
          }
        : {}),
      ...(ready.hasDryRunSequence ? { dryRunSequence: (steps) => this.call(REQUEST.dryRunSequence, { steps }) } : {}),
      stop: () => this.stop(),
      fork,
      onFailure: (listener) => {
        this.failureListeners.push(listener);
      },
    };
  }

  private call<K extends NodeWorkerRequest['kind']>(
    kind: K,
    fields: Omit<Extract<NodeWorkerRequest, { kind: K }>, 'kind' | 'id'>,
  ): Promise<RequestResults[K]> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.stopping && kind !== REQUEST.stop) return Promise.reject(stoppedError());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ kind, id, ...fields } as NodeWorkerRequest);
    });
  }

  /** Asks the worker to stop the node (HTTP server closed, store flushed and closed), then waits for the thread to end. */
  private stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (!this.failure) await this.call(REQUEST.stop, {}).catch((error: Error) => this.log(`stop: ${error.message}`));
      await this.exitWithin();
    })();
    return this.stopping;
  }

  /** Waits for the thread to end; one that lingers after its node stopped is terminated. */
  private async exitWithin(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.exitGraceMs);
    });
    const outcome = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (outcome === 'late') await this.worker.terminate();
  }

  private fail(detail: string): void {
    if (this.failure || this.stopping) return;
    const message = `The embedded node stopped unexpectedly: ${detail}. Start it again on the Node screen.`;
    this.failure = new NodeHostError(NodeHostErrorCode.crashed, message);
    this.log(message);
    for (const listener of this.failureListeners) listener(message);
  }
}

function stoppedError(): Error {
  return new NodeHostError(NodeHostErrorCode.notRunning, 'The embedded node is stopping.');
}
