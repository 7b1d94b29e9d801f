import { blockJson } from './format';
import { jsonText } from './server';

/**
 * Util.printBlockToJSON of a stored block as the reply's bytes (JsonFormat, with the trailing
 * newline). Rendered by the block reads and by the block-text thread (block-text-worker.ts).
 */
export function blockReplyBytes(blockBytes: Uint8Array, visible: boolean, detail = true): Buffer {
  return Buffer.from(jsonText(blockJson(blockBytes, visible, detail)), 'utf8');
}
