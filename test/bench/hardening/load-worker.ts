import { parentPort, workerData } from 'node:worker_threads';
import { post } from './http-post';

/**
 * The hardening bench's load on its own thread (started by client-thread.ts), so that sending the
 * heavy bodies and reading their replies takes none of the node's main thread: `{ start }` keeps
 * `concurrency` clients posting that body to that path until `{ stop }`, answered with how many
 * replies came back.
 */
const { port, concurrency } = workerData as { port: number; concurrency: number };

let running = false;
let loops: Promise<void>[] = [];
let answered = 0;

parentPort!.on('message', async (message: { start?: { path: string; body: string }; stop?: true; close?: true }) => {
  if (message.close) {
    parentPort!.close();
    return;
  }
  if (message.start) {
    const { path, body } = message.start;
    running = true;
    answered = 0;
    loops = Array.from({ length: concurrency }, async () => {
      while (running) {
        await post(port, path, body);
        answered++;
      }
    });
    parentPort!.postMessage({ started: true });
    return;
  }
  if (message.stop) {
    running = false;
    await Promise.all(loops);
    parentPort!.postMessage({ answered });
  }
});
parentPort!.postMessage({});
