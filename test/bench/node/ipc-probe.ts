import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';

/**
 * The renderer's side of IPC, on a thread of its own: every `intervalMs` it sends a request to a
 * handler on the main thread and times the answer on its own clock. Requests are sent on schedule
 * whatever the main thread is doing, so a busy main event loop shows as the time its requests
 * waited (what a person sees as a stuck window), not as fewer samples.
 */
const PROBE_SOURCE = String.raw`
const { workerData } = require('node:worker_threads');
const { port, intervalMs } = workerData;
const sent = new Map();
const times = [];
let next = 1;
let timer = null;
port.on('message', (m) => {
  if (m.start) {
    times.length = 0;
    timer = setInterval(() => { const id = next++; sent.set(id, performance.now()); port.postMessage({ id }); }, intervalMs);
    return;
  }
  if (m.stop) {
    clearInterval(timer);
    // Requests still unanswered count as waiting until now.
    const now = performance.now();
    for (const at of sent.values()) times.push(now - at);
    sent.clear();
    port.postMessage({ times });
    return;
  }
  if (m.close) { port.close(); return; }
  const at = sent.get(m.id);
  if (at !== undefined) { sent.delete(m.id); times.push(performance.now() - at); }
});
`;

export class IpcProbe {
  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
  ) {}

  /** Starts the probe thread; `handle` is the main thread's handler (answered as IPC handlers are). */
  static start(handle: () => unknown, intervalMs = 2): IpcProbe {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(PROBE_SOURCE, {
      eval: true,
      workerData: { port: port2, intervalMs },
      transferList: [port2],
    });
    const probe = new IpcProbe(worker, port1);
    port1.on('message', (m: { id?: number }) => {
      if (m.id !== undefined) port1.postMessage({ id: m.id, value: handle() });
    });
    return probe;
  }

  /** Round trips (ms) of the requests sent while `during` ran. */
  async measure(during: () => Promise<void>): Promise<number[]> {
    this.port.postMessage({ start: true });
    await during();
    const answer = new Promise<number[]>((resolve) => {
      const listener = (m: { times?: number[] }) => {
        if (!m.times) return;
        this.port.off('message', listener);
        resolve(m.times);
      };
      this.port.on('message', listener);
    });
    this.port.postMessage({ stop: true });
    return answer;
  }

  async close(): Promise<void> {
    this.port.postMessage({ close: true });
    this.port.close();
    await this.worker.terminate();
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
