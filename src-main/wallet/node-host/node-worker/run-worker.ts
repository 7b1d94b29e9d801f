import { parentPort, workerData } from 'node:worker_threads';
import type { CreateNodeLike } from '../create-embedded';
import type { NodeWorkerData } from './protocol';
import { serveEmbeddedNode, type MainPort } from './serve-node';

/**
 * The body of a node worker thread: the node made by `createNode` served to the main thread over
 * `parentPort`. An uncaught error or rejection is reported (`fatal`) and stops the node, so its
 * store is flushed and closed, before the thread exits with code 1.
 */
export function runNodeWorker(createNode: CreateNodeLike): void {
  if (!parentPort) throw new Error('runNodeWorker runs in a worker thread.');
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
}
