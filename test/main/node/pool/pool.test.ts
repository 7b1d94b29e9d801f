import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { startNode } from '../helpers';

/** A promise settled from outside, to hold a job open for as long as a test needs. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('TxPool.exclusive', () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
  });
  afterAll(async () => node?.stop());

  it('runs jobs one at a time, in the order they asked, each alone', async () => {
    const first = gate();
    const log: string[] = [];
    let inside = 0;
    const job = (name: string, wait?: Promise<void>) => async () => {
      inside++;
      log.push(`${name} starts with ${inside} inside`);
      await wait;
      await new Promise((resolve) => setImmediate(resolve));
      inside--;
      return name;
    };
    const runs = [
      node.pool.exclusive(job('a', first.promise)),
      node.pool.exclusive(job('b')),
      node.pool.exclusive(job('c')),
      node.pool.exclusive(() => {
        log.push('d (sync)');
        return 'd';
      }),
    ];
    first.open();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual(['a starts with 1 inside', 'b starts with 1 inside', 'c starts with 1 inside', 'd (sync)']);
  });

  it('starts a job on a free pool in the same synchronous step', () => {
    let ran = false;
    void node.pool.exclusive(() => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  it('hands the pool on after a job that throws or rejects', async () => {
    const failing = [
      node.pool.exclusive(() => {
        throw new Error('sync failure');
      }),
      node.pool.exclusive(() => Promise.reject(new Error('async failure'))),
    ];
    const after = node.pool.exclusive(() => 'next');
    await expect(failing[0]).rejects.toThrow('sync failure');
    await expect(failing[1]).rejects.toThrow('async failure');
    expect(await after).toBe('next');
  });

  it('is idle only once every job that asked before is done', async () => {
    const held = gate();
    let done = false;
    const job = node.pool.exclusive(async () => {
      await held.promise;
      done = true;
    });
    const idle = node.pool.idle().then(() => done);
    held.open();
    expect(await idle).toBe(true);
    await job;
  });
});
