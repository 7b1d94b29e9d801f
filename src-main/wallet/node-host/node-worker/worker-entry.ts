import { parentPort, workerData } from 'node:worker_threads';
import { createNode } from '../../../node';
import type { NodeWorkerData } from './protocol';
import { serveEmbeddedNode, type MainPort } from './serve-node';

/**
 * The worker thread's entry: the embedded node (src-main/node's `createNode`) served to the main
 * thread over `parentPort`. electron-vite bundles it as a file of its own (`?modulePath` in
 * src-main/app/services.ts); under tsx and vitest, `worker-embedded-node.ts` loads this source
 * through tsx's API. An uncaught error stops the node, so its store is flushed and closed, before
 * the thread exits.
 */
const port = parentPort as unknown as MainPort;
const data = (workerData as { node: NodeWorkerData }).node;
const served = serveEmbeddedNode(port, data, createNode);
let dying = false;
const die = (error: unknown) => {
  if (dying) return;
  dying = true;
  void served.then((s) => s.fatal(error)).finally(() => process.exit(1));
};
process.on('uncaughtException', die);
process.on('unhandledRejection', die);
