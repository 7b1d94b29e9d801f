import { createNode } from '../../../src-main/node';

/**
 * The scale bench's restarted node, alone in its own process so that its RSS is the node's: opens
 * the data directory given as the first argument, reports how long `createNode` took and its
 * port to the parent (IPC), and stops when told.
 */
const datadir = process.argv[2]!;
const started = performance.now();
const node = await createNode({ datadir, port: 0, blockTimeMs: 0, accounts: 20 });
process.send!({ port: node.port, createNodeMs: performance.now() - started });
process.on('message', (message) => {
  if (message !== 'stop') return;
  void node.stop().then(() => process.exit(0));
});
