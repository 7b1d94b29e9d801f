import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { LeanConnection } from './lean-client';

/**
 * The bench's HTTP client on its own thread (see client-thread.ts), so that building requests and
 * reading replies does not take the node's main thread, as real wallets are other processes.
 * Each `{ bodies }` message is broadcast over `concurrency` keep-alive connections; the answer
 * counts the accepted ones and gives the first refusal. `{ keep }` stores a batch and answers its
 * index, which `{ send }` broadcasts later (the caller's thread then posts a number, not the batch).
 * `{ reconnect }` replaces every connection with a fresh one and keeps the thread (and its compiled code).
 */
const { port, concurrency } = workerData as { port: number; concurrency: number };
const openAll = (): Promise<LeanConnection[]> =>
  Promise.all(Array.from({ length: concurrency }, () => LeanConnection.open(port)));
let connections = await openAll();

/** Batches handed over ahead of time (`keep`), sent later by index (`send`) with nothing to copy then. */
const kept: (readonly string[])[] = [];

parentPort!.on(
  'message',
  async (message: {
    bodies?: readonly string[];
    keep?: readonly string[];
    send?: number;
    reconnect?: true;
    close?: true;
  }) => {
    if (message.reconnect) {
      for (const c of connections) c.close();
      connections = await openAll();
      parentPort!.postMessage({ reconnected: connections.length });
      return;
    }
    if (message.close) {
      for (const c of connections) c.close();
      parentPort!.close();
      return;
    }
    if (message.keep) {
      kept.push(message.keep);
      parentPort!.postMessage({ kept: kept.length - 1 });
      return;
    }
    const bodies = message.send !== undefined ? kept[message.send]! : message.bodies!;
    let accepted = 0;
    let refused = '';
    let next = 0;
    await Promise.all(
      connections.map(async (connection) => {
        while (next < bodies.length) {
          const reply = await connection.post('/wallet/broadcasttransaction', bodies[next++]!);
          if (reply.startsWith('{"result":true')) accepted++;
          else refused ||= reply;
        }
      }),
    );
    parentPort!.postMessage({ accepted, refused });
  },
);
/** This thread's Linux task id, so that the node's CPU figures can leave the client out. */
function taskId(): number | undefined {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}
parentPort!.postMessage({ ready: true, taskId: taskId() });
