import type { Worker } from 'node:worker_threads';
import { startWorker, type WorkerEntry } from '../worker-entry';

/** One block to render: its stored bytes and the address form. */
export interface BlockTextJob {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly visible: boolean;
}

export type BlockTextResult =
  { readonly id: number; readonly text: Uint8Array } | { readonly id: number; readonly error: string };

/** What the block reads need of the thread (tests give a stand-in). */
export interface OffThreadRenderer {
  /** False once the thread failed: texts are then rendered on the node's thread. */
  readonly usable: boolean;
  /** The reply bytes of the block whose stored bytes are `bytes`. */
  render(bytes: Uint8Array, visible: boolean): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface Waiting {
  readonly resolve: (text: Uint8Array) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A worker thread that renders block texts (block-text-worker.ts) while the node's own thread goes
 * on admitting and executing transactions. Rendering a block of a thousand transfers takes the
 * node's thread tens of milliseconds and leaves it a megabyte of short-lived strings to collect.
 *
 * The thread starts with the first job. If it cannot start or dies, every waiting job and every
 * later one is refused, and `usable` turns false: the texts are then rendered when first read.
 */
export class BlockTextThread implements OffThreadRenderer {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private failure: Error | undefined;

  constructor(
    private readonly entry: WorkerEntry,
    private readonly log: (line: string) => void,
  ) {}

  get usable(): boolean {
    return this.failure === undefined;
  }

  /** `bytes` are copied to the thread. */
  render(bytes: Uint8Array, visible: boolean): Promise<Uint8Array> {
    const worker = this.worker ?? this.start();
    if (!worker) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const job: BlockTextJob = { id, bytes, visible };
      worker.postMessage(job);
    });
  }

  /** Ends the thread; jobs not answered yet are refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(new Error('The block-text thread was closed.'), false);
    await worker?.terminate();
  }

  /** The thread, started now; undefined once it has failed (`failure` says why). */
  private start(): Worker | undefined {
    if (this.failure) return undefined;
    let worker: Worker;
    try {
      worker = startWorker(this.entry, {});
    } catch (error) {
      this.fail(error as Error, true);
      return undefined;
    }
    worker.unref();
    worker.on('message', (message: BlockTextResult) => {
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      this.waiting.delete(message.id);
      if ('text' in message) waiting.resolve(message.text);
      else waiting.reject(new Error(message.error));
    });
    worker.on('error', (error) => this.fail(error, true));
    worker.on('exit', (code) => this.fail(new Error(`The block-text thread ended (exit code ${code}).`), true));
    this.worker = worker;
    return worker;
  }

  private fail(error: Error, logIt: boolean): void {
    if (this.failure) return;
    this.failure = error;
    this.worker = undefined;
    if (logIt) this.log(`block texts: rendered on the node's thread from now on (${error.message})`);
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
