import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../src-main/node';
import { blockReplyBytes } from '../../../../src-main/node/http/block-text';
import { BlockTextThread } from '../../../../src-main/node/http/block-text-thread';
import { sourceWorkerEntry, type WorkerEntry } from '../../../../src-main/node/worker-entry';
import { broadcast, fundedKey, makeTx, newKey, startNode, transfer } from '../helpers';

const ENTRY: WorkerEntry = sourceWorkerEntry('../../../../src-main/node/http/block-text-worker.ts', import.meta.url)!;
/** An entry whose module does not exist: the thread fails while it starts. */
const MISSING: WorkerEntry = sourceWorkerEntry('./no-such-block-text-worker.ts', import.meta.url)!;

/** nice(2) value of each thread of this process, by thread id (proc(5): stat's 19th field). */
function threadNiceness(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces; the state is field 3.
      out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return out;
}

describe('block-text thread', () => {
  let node: TronNode;
  let blockBytes: Uint8Array;

  beforeAll(async () => {
    node = await startNode();
    const alice = fundedKey(node, 0);
    for (const amount of [1n, 2n, 3n])
      await broadcast(node, makeTx(node, transfer(alice, newKey(), amount), alice.key));
    blockBytes = (await node.chain.blockBytes((await node.mine(1)).number))!;
  });

  afterAll(async () => {
    await node.stop();
  });

  it('renders on its thread the bytes the node thread renders, in both address forms', async () => {
    const lines: string[] = [];
    const thread = new BlockTextThread(ENTRY, (line) => lines.push(line));
    try {
      const [hex, visible] = await Promise.all([thread.render(blockBytes, false), thread.render(blockBytes, true)]);
      expect(Buffer.from(hex)).toEqual(blockReplyBytes(blockBytes, false));
      expect(Buffer.from(visible)).toEqual(blockReplyBytes(blockBytes, true));
      expect(Buffer.from(hex).toString()).toContain('"TransferContract"');
      expect(thread.usable).toBe(true);
      expect(lines).toEqual([]);
    } finally {
      await thread.close();
    }
  });

  it('runs below the priority of the process’s other threads, which keep theirs', async () => {
    const before = threadNiceness();
    const thread = new BlockTextThread(ENTRY, () => undefined);
    try {
      await thread.render(blockBytes, false);
      const lowered = [...threadNiceness()].filter(([tid, nice]) => !before.has(tid) && nice > 0);
      expect(lowered).toHaveLength(1);
      expect(lowered[0]![1]).toBe(6);
      expect(threadNiceness().get(process.pid)).toBe(before.get(process.pid));
      expect(before.get(process.pid)).toBe(0);
    } finally {
      await thread.close();
    }
  });

  it('refuses a block it cannot decode and goes on rendering the next ones', async () => {
    const thread = new BlockTextThread(ENTRY, () => undefined);
    try {
      await expect(thread.render(Uint8Array.of(0xff, 0xff, 0xff), false)).rejects.toThrow();
      expect(thread.usable).toBe(true);
      expect(Buffer.from(await thread.render(blockBytes, false))).toEqual(blockReplyBytes(blockBytes, false));
    } finally {
      await thread.close();
    }
  });

  it('refuses every job once its thread cannot start, says so once in the log, and is no longer usable', async () => {
    // A module that does not exist fails in the thread; a path Worker refuses fails at once.
    for (const entry of [MISSING, { kind: 'script', path: 'not/absolute.js' } as const]) {
      const lines: string[] = [];
      const thread = new BlockTextThread(entry, (line) => lines.push(line));
      await expect(thread.render(blockBytes, false)).rejects.toThrow();
      expect(thread.usable).toBe(false);
      await expect(thread.render(blockBytes, false)).rejects.toThrow();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^block texts: rendered on the node's thread from now on/);
      await thread.close();
    }
  });

  it('refuses the jobs still waiting when it is closed', async () => {
    const thread = new BlockTextThread(ENTRY, () => undefined);
    const waiting = expect(thread.render(blockBytes, false)).rejects.toThrow('The block-text thread was closed.');
    await thread.close();
    await waiting;
    await expect(thread.render(blockBytes, false)).rejects.toThrow('The block-text thread was closed.');
    expect(thread.usable).toBe(false);
  });
});
