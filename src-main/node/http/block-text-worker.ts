import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../thread-priority';
import { blockReplyBytes } from './block-text';
import type { BlockTextJob, BlockTextResult } from './block-text-thread';

/**
 * The block-text thread's entry (block-text-thread.ts): renders each block it is sent and sends the
 * bytes back, moving their buffer instead of copying it. A failure is answered, never thrown: the
 * block's text is then rendered when it is first read.
 */

/** nice(2) value: about a fifth of the CPU weight of a thread at 0 when both want a core (sched(7)). */
const BLOCK_TEXT_NICENESS = 6;

const port = parentPort!;
// A text rendered late only makes the first read of its block wait; CPU taken from signature
// recovery and the node's thread slows every broadcast.
lowerThreadPriority(BLOCK_TEXT_NICENESS);
port.on('message', ({ id, bytes, visible }: BlockTextJob) => {
  try {
    const rendered = blockReplyBytes(bytes, visible);
    // A buffer of its own (not a slice of Node's shared pool), so that it can be moved.
    const text = new Uint8Array(rendered.length);
    text.set(rendered);
    port.postMessage({ id, text } satisfies BlockTextResult, [text.buffer]);
  } catch (error) {
    port.postMessage({ id, error: (error as Error).message } satisfies BlockTextResult);
  }
});
