import { Worker } from 'node:worker_threads';

/**
 * Starts a client worker (client-worker.ts unless another entry is given) with its connections
 * open; `broadcast` sends one batch and waits for every reply, `request` any message the entry
 * understands.
 */
export class ClientThread {
  private constructor(
    private readonly worker: Worker,
    /** The client thread's Linux task id (for thread-cpu.ts), when known. */
    readonly taskId: number | undefined,
  ) {}

  static start(
    port: number,
    concurrency: number,
    entry: URL = new URL('./client-worker.ts', import.meta.url),
  ): Promise<ClientThread> {
    // Worker threads do not inherit tsx's loader: the worker loads the TypeScript file through
    // tsx's API, from paths resolved here.
    const source = `
      const { workerData } = require('node:worker_threads');
      import(workerData.tsxApi).then((tsx) => tsx.tsImport(workerData.entry, workerData.entry));`;
    const worker = new Worker(source, {
      eval: true,
      workerData: {
        port,
        concurrency,
        tsxApi: import.meta.resolve('tsx/esm/api'),
        entry: entry.href,
      },
    });
    return new Promise((resolve, reject) => {
      worker.once('message', (ready: { taskId?: number }) => resolve(new ClientThread(worker, ready.taskId)));
      worker.once('error', reject);
    });
  }

  broadcast(bodies: readonly string[]): Promise<{ accepted: number; refused: string }> {
    return this.request({ bodies });
  }

  /** Hands a batch to the client thread now; `sendKept` broadcasts it later without copying it again. */
  async keep(bodies: readonly string[]): Promise<number> {
    return (await this.request<{ kept: number }>({ keep: bodies })).kept;
  }

  sendKept(index: number): Promise<{ accepted: number; refused: string }> {
    return this.request({ send: index });
  }

  /**
   * Closes the client's connections and opens as many new ones, on the same thread: the next batch
   * starts on fresh connections without a new isolate compiling the client's code meanwhile.
   */
  async reconnect(): Promise<void> {
    await this.request<{ reconnected: number }>({ reconnect: true });
  }

  request<T>(message: object): Promise<T> {
    return new Promise((resolve, reject) => {
      // Each listener goes with its request: one left behind per request would pile up.
      const onMessage = (reply: T): void => {
        this.worker.off('error', onError);
        resolve(reply);
      };
      const onError = (error: Error): void => {
        this.worker.off('message', onMessage);
        reject(error);
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage(message);
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage({ close: true });
    await this.worker.terminate();
  }
}
