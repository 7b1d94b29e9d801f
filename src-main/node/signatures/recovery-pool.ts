import { Worker } from 'node:worker_threads';
import type { RecoveredSignature } from '../permission-check/permission-check';
import { chooseImplementation, type RecoveryImplementation, type RecoveryImplementationName } from './implementation';
import type { Libsecp256k1Loader } from './native';
import { recoverSignerWith, statusToResult } from './recover';
import { WORKER_SOURCE } from './worker-source';

/**
 * Batched signer recovery over worker threads: the hot path of admission (ARCHITECTURE "src-main/
 * node"). Requests made in the same tick are packed into one message per worker, so thousands of
 * concurrent broadcasts cost a handful of postMessage calls.
 */
export interface RecoveryRequest {
  readonly digest: Uint8Array;
  readonly signature: Uint8Array;
}

interface Pending {
  readonly requests: readonly RecoveryRequest[];
  readonly resolve: (results: RecoveredSignature[]) => void;
}

/** One message to a worker: which request (and which of its signatures) each record answers. */
interface Batch {
  readonly parts: { pending: Pending; results: RecoveredSignature[]; at: number; remaining: { n: number } }[];
}

interface WorkerSlot {
  readonly worker: Worker;
  inFlight: number;
  readonly batches: Map<number, { batch: Batch; vs: Uint8Array }>;
}

export interface RecoveryPoolOptions {
  /** The node's log (`NodeConfig.log`): one line at start naming the implementation, one if a worker fails. */
  readonly log?: (line: string) => void;
  /** Loads libsecp256k1; one that throws makes the pool recover with noble (tests force the fallback so). */
  readonly loadNative?: Libsecp256k1Loader;
}

const MAX_BATCH = 64;

/** How long a closing worker may take to end on its own before it is terminated. */
const STOP_GRACE_MS = 2_000;

export class RecoveryPool {
  private readonly slots: WorkerSlot[] = [];
  private queue: Pending[] = [];
  private scheduled = false;
  private nextId = 1;
  private closed = false;
  private readonly chosen: RecoveryImplementation;
  private readonly log: (line: string) => void;
  private workerFailureLogged = false;

  constructor(workerCount: number, options: RecoveryPoolOptions = {}) {
    this.chosen = chooseImplementation(options.loadNative);
    this.log = options.log ?? (() => {});
    const where = workerCount > 0 ? `${workerCount} worker thread${workerCount === 1 ? '' : 's'}` : 'the main thread';
    const fallback = this.chosen.fallbackReason
      ? `, because libsecp256k1 could not load: ${this.chosen.fallbackReason}`
      : '';
    this.log(`signature recovery: ${this.chosen.label} on ${where}${fallback}`);
    if (workerCount <= 0) return;
    const workerData = this.chosen.workerModules;
    for (let i = 0; i < workerCount; i++) {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
      const slot: WorkerSlot = { worker, inFlight: 0, batches: new Map() };
      worker.on('message', (message: { id?: number; status?: Uint8Array; addresses?: Uint8Array; fatal?: string }) =>
        this.onMessage(slot, message),
      );
      worker.on('error', (error) => this.onWorkerFailure(slot, error.message));
      worker.unref();
      this.slots.push(slot);
    }
  }

  get workerCount(): number {
    return this.slots.length;
  }

  /** Which secp256k1 recovers: libsecp256k1, or noble where the native module cannot load. */
  get implementation(): RecoveryImplementationName {
    return this.chosen.name;
  }

  private recoverHere(request: RecoveryRequest): RecoveredSignature {
    return recoverSignerWith(this.chosen.recoverPublicKey, request.digest, request.signature);
  }

  /** Recovers the signer of each request; never rejects (failures come back as results). */
  recover(requests: readonly RecoveryRequest[]): Promise<RecoveredSignature[]> {
    if (requests.length === 0) return Promise.resolve([]);
    if (this.slots.length === 0 || this.closed) return Promise.resolve(requests.map((r) => this.recoverHere(r)));
    return new Promise((resolve) => {
      this.queue.push({ requests, resolve });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const pending = this.queue;
    this.queue = [];
    if (pending.length === 0) return;
    if (this.slots.length === 0) {
      for (const p of pending) p.resolve(p.requests.map((r) => this.recoverHere(r)));
      return;
    }
    let total = 0;
    for (const p of pending) total += p.requests.length;
    // Split the work evenly over the workers, in order, in messages of at most MAX_BATCH so that
    // answers stream back while the rest is still being recovered (no idle bubbles).
    const share = Math.min(MAX_BATCH, Math.ceil(total / this.slots.length));
    type Item = { p: Pending; results: RecoveredSignature[]; index: number; remaining: { n: number } };
    const items: Item[] = [];
    for (const p of pending) {
      const results: RecoveredSignature[] = new Array(p.requests.length);
      const remaining = { n: p.requests.length };
      for (let i = 0; i < p.requests.length; i++) items.push({ p, results, index: i, remaining });
    }
    let offset = 0;
    while (offset < items.length) {
      const slot = this.slots.reduce((best, s) => (s.inFlight < best.inFlight ? s : best));
      const chunk = items.slice(offset, offset + share);
      offset += chunk.length;
      const input = new Uint8Array(chunk.length * 97);
      const vs = new Uint8Array(chunk.length);
      chunk.forEach((item, i) => {
        const r = item.p.requests[item.index]!;
        input.set(r.digest, i * 97);
        input.set(r.signature.subarray(0, 65), i * 97 + 32);
        vs[i] = r.signature[64]!;
      });
      const id = this.nextId++;
      const batch: Batch = {
        parts: chunk.map((item) => ({
          pending: item.p,
          results: item.results,
          at: item.index,
          remaining: item.remaining,
        })),
      };
      slot.batches.set(id, { batch, vs });
      // Idle workers do not keep the process alive; busy ones do, until they answer.
      if (slot.inFlight === 0) slot.worker.ref();
      slot.inFlight += chunk.length;
      slot.worker.postMessage({ id, count: chunk.length, input }, [input.buffer]);
    }
  }

  private onMessage(
    slot: WorkerSlot,
    message: { id?: number; status?: Uint8Array; addresses?: Uint8Array; fatal?: string },
  ): void {
    if (message.fatal !== undefined) {
      this.onWorkerFailure(slot, message.fatal);
      return;
    }
    const entry = slot.batches.get(message.id!);
    if (!entry) return;
    slot.batches.delete(message.id!);
    const { batch, vs } = entry;
    slot.inFlight -= batch.parts.length;
    if (slot.inFlight === 0) slot.worker.unref();
    batch.parts.forEach((part, i) => {
      const address = message.addresses!.slice(i * 21, i * 21 + 21);
      part.results[part.at] = statusToResult(message.status![i]!, address, vs[i]!);
      if (--part.remaining.n === 0) part.pending.resolve(part.results);
    });
  }

  private onWorkerFailure(slot: WorkerSlot, reason: string): void {
    if (!this.workerFailureLogged) {
      this.workerFailureLogged = true;
      this.log(`signature recovery: a worker thread failed (${reason}); its work continues on the main thread`);
    }
    this.failSlot(slot);
  }

  /** A worker that dies hands its outstanding work to the main thread and leaves the pool. */
  private failSlot(slot: WorkerSlot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    this.handOver(slot);
    void slot.worker.terminate();
  }

  /** Recovers a slot's outstanding work on the main thread. */
  private handOver(slot: WorkerSlot): void {
    for (const { batch } of slot.batches.values()) {
      for (const part of batch.parts) {
        part.results[part.at] = this.recoverHere(part.pending.requests[part.at]!);
        if (--part.remaining.n === 0) part.pending.resolve(part.results);
      }
    }
    slot.batches.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    for (const slot of slots) this.handOver(slot);
    await Promise.all(slots.map((s) => stopWorker(s.worker)));
  }
}

/**
 * Lets a worker end on its own: it closes its port and exits once its event loop is empty.
 * Terminating a worker that holds the libsecp256k1 binding can abort the whole process
 * ("terminate called after throwing an instance of 'Napi::Error'") when the binding's cleanup
 * runs inside the interrupted thread, so terminate is only the fallback for a worker that hangs.
 */
function stopWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(() => void worker.terminate().finally(resolve), STOP_GRACE_MS);
    worker.once('exit', () => {
      clearTimeout(fallback);
      resolve();
    });
    worker.postMessage({ close: true });
  });
}
