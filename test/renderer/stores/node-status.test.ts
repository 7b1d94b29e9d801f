import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const listeners = new Map<string, (payload: unknown) => void>();
vi.mock('../../../src-renderer/api/bridge', () => ({
  api: {
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  },
}));

const { useNodeStatusStore } = await import('../../../src-renderer/stores/node-status');

describe('node status store', () => {
  beforeEach(() => {
    listeners.clear();
    setActivePinia(createPinia());
  });

  it('follows node:status and node:block events until told to stop', () => {
    const store = useNodeStatusStore();
    store.follow();
    store.follow();
    expect([...listeners.keys()].sort()).toEqual(['node:block', 'node:status']);
    listeners.get('node:status')!({ state: 'running', source: 'embedded' });
    listeners.get('node:block')!({ number: 9, id: 'a'.repeat(64), timestamp: 1, transactionCount: 0 });
    expect(store.status).toEqual({ state: 'running', source: 'embedded' });
    expect(store.head?.number).toBe(9);
    store.unfollow();
    expect(listeners.size).toBe(0);
  });
});
