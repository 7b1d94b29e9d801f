import { parentPort } from 'node:worker_threads';
import { blockReplyBytes } from './block-text';
import type { BlockTextJob, BlockTextResult } from './block-text-thread';

/**
 * The block-text thread's entry (block-text-thread.ts): renders each block it is sent and sends the
 * bytes back, moving their buffer instead of copying it. A failure is answered, never thrown: the
 * block's text is then rendered when it is first read.
 */
const port = parentPort!;
port.on('message', ({ id, bytes, visible }: BlockTextJob) => {
  let result: BlockTextResult;
  try {
    const rendered = blockReplyBytes(bytes, visible);
    // A buffer of its own (not a slice of Node's shared pool), so that it can be moved.
    const text = new Uint8Array(rendered.length);
    text.set(rendered);
    result = { id, text };
    port.postMessage(result, [text.buffer]);
  } catch (error) {
    result = { id, error: (error as Error).message };
    port.postMessage(result);
  }
});
