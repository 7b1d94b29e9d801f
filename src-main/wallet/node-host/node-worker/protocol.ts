import type {
  DryRunOptionsLike,
  DryRunSequenceResult,
  DryRunStep,
  EmbeddedHead,
  EmbeddedNodeConfig,
} from '../embedded-node';
import type { ErrorData } from './error-data';

/**
 * The messages between the main thread and the worker that runs the embedded node. Everything
 * crosses by structured clone, which keeps bigint (amounts in sun) and Uint8Array as they are;
 * functions do not cross, so the node's log comes back as `log` messages and errors as `ErrorData`.
 */

/** createNode inputs beyond the host settings; the app passes none (the node's defaults). */
export interface NodeOverrides {
  readonly signatureWorkers?: number;
  readonly accounts?: number;
  readonly maxPendingTransactions?: number;
}

/** What the worker is started with (`workerData`). */
export interface NodeWorkerData {
  readonly config: Omit<EmbeddedNodeConfig, 'log'>;
  /** createNode inputs the host settings do not carry (tests and the bench). */
  readonly nodeOverrides?: NodeOverrides;
  /** How often the worker compares the head with the one it last pushed, in ms. */
  readonly headPollMs?: number;
  /** The bundled block-text thread entry (the app); without it a node run from sources finds its own. */
  readonly blockTextWorkerPath?: string;
}

/** Requests main → worker; each is answered by one `reply` with the same id. */
export const REQUEST = {
  dryRun: 'dryRun',
  dryRunSequence: 'dryRunSequence',
  impersonate: 'impersonate',
  stopImpersonating: 'stopImpersonating',
  stop: 'stop',
} as const;

export type NodeWorkerRequest =
  | {
      readonly kind: typeof REQUEST.dryRun;
      readonly id: number;
      readonly tx: object | string;
      readonly options?: DryRunOptionsLike;
    }
  | { readonly kind: typeof REQUEST.dryRunSequence; readonly id: number; readonly steps: readonly DryRunStep[] }
  | { readonly kind: typeof REQUEST.impersonate; readonly id: number; readonly address: string }
  | { readonly kind: typeof REQUEST.stopImpersonating; readonly id: number; readonly address: string }
  | { readonly kind: typeof REQUEST.stop; readonly id: number };

/** What each request answers with when it succeeds. */
export interface RequestResults {
  readonly dryRun: unknown;
  readonly dryRunSequence: DryRunSequenceResult;
  readonly impersonate: string;
  readonly stopImpersonating: string;
  readonly stop: null;
}

/** What the main thread learns of the node once it listens. */
export interface NodeWorkerReady {
  readonly url: string;
  readonly port: number;
  readonly devMnemonic: string | null;
  readonly devAccountCount: number;
  readonly head: EmbeddedHead;
  readonly hasDryRun: boolean;
  readonly hasDryRunSequence: boolean;
  /** The fork's report at start; null on the dev chain. */
  readonly forkReport: Record<string, unknown> | null;
}

/** Messages worker → main. */
export const EVENT = {
  ready: 'ready',
  startFailed: 'startFailed',
  head: 'head',
  forkReport: 'forkReport',
  log: 'log',
  reply: 'reply',
  fatal: 'fatal',
} as const;

export type NodeWorkerEvent =
  | { readonly kind: typeof EVENT.ready; readonly node: NodeWorkerReady }
  | { readonly kind: typeof EVENT.startFailed; readonly error: ErrorData }
  | { readonly kind: typeof EVENT.head; readonly head: EmbeddedHead }
  | { readonly kind: typeof EVENT.forkReport; readonly report: Record<string, unknown> }
  | { readonly kind: typeof EVENT.log; readonly line: string }
  | { readonly kind: typeof EVENT.reply; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly kind: typeof EVENT.reply; readonly id: number; readonly ok: false; readonly error: ErrorData }
  /** An uncaught error in the worker: it stops the node (store flushed and closed), then exits. */
  | { readonly kind: typeof EVENT.fatal; readonly error: ErrorData };
