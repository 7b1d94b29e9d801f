import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../src-core/client/fetch';
import { NodeHostError } from '../../../../src-core/errors';
import type { CreateForkNode, EmbeddedNodeFactory } from '../../../../src-main/wallet';
import { OFFLINE_MODE_CODE, OfflineGuard } from '../../../../src-main/wallet/node-host/offline-guard';

describe('the offline guard', () => {
  it('refuses fetch and the node factory while offline without calling them, and lets them through once online', async () => {
    let fetched = 0;
    let started = 0;
    const guard = new OfflineGuard(true);
    const fetch = guard.fetch((async () => {
      fetched++;
      return { ok: true } as never;
    }) as FetchLike);
    const factory = guard.factory((async () => {
      started++;
      return {} as never;
    }) as EmbeddedNodeFactory);
    const refused = await fetch('http://127.0.0.1:8090/wallet/getnowblock', {} as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NodeHostError);
    expect((refused as NodeHostError).code).toBe(OFFLINE_MODE_CODE);
    await expect(factory({} as never)).rejects.toThrow('does not start the embedded node');
    expect([fetched, started]).toEqual([0, 0]);
    guard.set(false);
    await fetch('http://127.0.0.1:8090/wallet/getnowblock', {} as never);
    await factory({} as never);
    expect([fetched, started]).toEqual([1, 1]);
  });

  it('refuses the throw-away fork factory while offline without calling it, and saves the mode before switching', async () => {
    let forks = 0;
    const saved: boolean[] = [];
    const guard = new OfflineGuard(
      { offline: true, reason: 'the record is damaged' },
      { save: async (o) => void saved.push(o) },
    );
    const createFork = guard.forkFactory((async () => {
      forks++;
      return {} as never;
    }) as CreateForkNode);
    const refused = await createFork({} as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NodeHostError);
    expect((refused as NodeHostError).code).toBe(OFFLINE_MODE_CODE);
    expect(forks).toBe(0);
    expect(guard.reason).toBe('the record is damaged');
    await guard.switchTo(false);
    expect([saved, guard.offline, guard.reason]).toEqual([[false], false, null]);
    await createFork({} as never);
    expect(forks).toBe(1);
  });
});
