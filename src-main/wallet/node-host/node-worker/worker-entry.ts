import { createNode } from '../../../node';
import { runNodeWorker } from './run-worker';

/**
 * The node worker thread's entry: src-main/node's `createNode` in `runNodeWorker`. electron-vite
 * bundles it as a file of its own (`?modulePath` in src-main/app/services.ts); tests and the bench
 * load this source through tsx's API (test/fixtures/worker-node.ts).
 */
runNodeWorker(createNode);
