import { embeddedNodeFactory, type CreateNodeLike } from '../create-embedded';
import type { EmbeddedHead, EmbeddedNode } from '../embedded-node';
import { toErrorData } from './error-data';
import {
  EVENT,
  REQUEST,
  type NodeWorkerData,
  type NodeWorkerEvent,
  type NodeWorkerRequest,
  type RequestResults,
} from './protocol';

/** The worker's side of its channel to main (`parentPort`, or one end of a MessageChannel in tests). */
export interface MainPort {
  postMessage(event: NodeWorkerEvent): void;
  on(event: 'message', listener: (request: NodeWorkerRequest) => void): unknown;
  close(): void;
}

export interface ServedNode {
  /** An uncaught error in the worker: report it, stop the node (store flushed and closed), close the port. */
  fatal(error: unknown): Promise<void>;
}

const DEFAULT_HEAD_POLL_MS = 20;
/** The fork's report (fetch counts, upstream requests) is compared every this many head polls. */
const FORK_REPORT_EVERY = 25;
/** How long a fatal error waits for the node to stop before the worker exits anyway. */
const FATAL_STOP_MS = 10_000;

/**
 * Runs the embedded node in this thread for the main thread at the other end of `port`: starts
 * it with `createNode` through the same adapter as in process (`embeddedNodeFactory`), pushes its
 * head whenever a block lands and the fork's report when it changes, forwards its log lines, and
 * answers dry runs, impersonation and stop. After `stop` the node's store is closed and the port
 * too, so the thread ends on its own.
 */
export async function serveEmbeddedNode(
  port: MainPort,
  data: NodeWorkerData,
  createNode: CreateNodeLike,
): Promise<ServedNode> {
  const post = (event: NodeWorkerEvent) => port.postMessage(event);
  let node: EmbeddedNode | null = null;
  let stopping: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    stopping ??= node ? node.stop() : Promise.resolve();
    return stopping;
  };
  const served: ServedNode = {
    fatal: async (error) => {
      post({ kind: EVENT.fatal, error: toErrorData(error) });
      await Promise.race([stop().catch(() => undefined), new Promise((r) => setTimeout(r, FATAL_STOP_MS).unref())]);
      port.close();
    },
  };
  try {
    const overrides = data.nodeOverrides ?? {};
    const path = data.blockTextWorkerPath;
    const blockText = path ? { blockTextWorker: { kind: 'script', path } as const } : {};
    node = await embeddedNodeFactory((input) => createNode({ ...input, ...overrides, ...blockText }))({
      ...data.config,
      log: (line) => post({ kind: EVENT.log, line }),
    });
  } catch (error) {
    post({ kind: EVENT.startFailed, error: toErrorData(error) });
    port.close();
    return served;
  }
  const running = node;
  const fork = running.fork ?? null;
  let head: EmbeddedHead = running.head();
  let reportKey = fork ? reportKeyOf(fork.report()) : '';
  let ticks = 0;
  timer = setInterval(() => {
    const now = running.head();
    if (now.number !== head.number || now.id !== head.id || now.solidified !== head.solidified) {
      head = now;
      post({ kind: EVENT.head, head });
    }
    if (fork && ++ticks % FORK_REPORT_EVERY === 0) pushReport();
  }, data.headPollMs ?? DEFAULT_HEAD_POLL_MS);
  timer.unref();
  function pushReport(): void {
    if (!fork) return;
    const report = fork.report();
    const key = reportKeyOf(report);
    if (key === reportKey) return;
    reportKey = key;
    post({ kind: EVENT.forkReport, report });
  }

  const answer = async <K extends NodeWorkerRequest['kind']>(id: number, run: () => Promise<RequestResults[K]>) => {
    try {
      post({ kind: EVENT.reply, id, ok: true, value: await run() });
    } catch (error) {
      post({ kind: EVENT.reply, id, ok: false, error: toErrorData(error) });
    }
  };
  const requireFork = () => {
    if (!fork) throw new Error('The embedded node is not a fork.');
    return fork;
  };
  port.on('message', (request) => {
    switch (request.kind) {
      case REQUEST.dryRun:
        void answer(request.id, () => running.dryRun!(request.tx, request.options));
        return;
      case REQUEST.dryRunSequence:
        void answer(request.id, () => running.dryRunSequence!(request.steps));
        return;
      case REQUEST.impersonate:
      case REQUEST.stopImpersonating: {
        const { kind, address } = request;
        // The report goes out before the reply, so the caller reads the change once it is answered.
        void answer(request.id, async () => {
          const base58 = await requireFork()[kind](address);
          pushReport();
          return base58;
        });
        return;
      }
      case REQUEST.stop:
        void answer(request.id, async () => {
          await stop();
          return null;
        }).then(() => port.close());
        return;
    }
  });
  post({
    kind: EVENT.ready,
    node: {
      url: running.url,
      port: running.port,
      devMnemonic: running.devMnemonic,
      devAccountCount: running.devAccountCount,
      head,
      hasDryRun: typeof running.dryRun === 'function',
      hasDryRunSequence: typeof running.dryRunSequence === 'function',
      forkReport: fork ? fork.report() : null,
    },
  });
  return served;
}

/** What decides whether the report changed: all of it but the request log, which only grows with the total. */
function reportKeyOf(report: Record<string, unknown>): string {
  const requests = report.requests as { total?: unknown } | undefined;
  return JSON.stringify({ ...report, requests: requests?.total ?? null });
}
