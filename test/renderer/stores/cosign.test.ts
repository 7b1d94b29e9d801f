import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnvelopeDetail } from '../../../src-core/ipc/channels/cosign';

/** `cosign:get` answers that the test releases one by one, in any order. */
const pending: { id: string; resolve: (detail: EnvelopeDetail) => void; reject: (error: unknown) => void }[] = [];
vi.mock('../../../src-renderer/api/bridge', () => ({
  api: {
    cosign: {
      get: ({ id }: { id: string }) =>
        new Promise<EnvelopeDetail>((resolve, reject) => pending.push({ id, resolve, reject })),
    },
  },
}));

const { useCosignStore } = await import('../../../src-renderer/stores/cosign');

const ID = 'env_00000000000000a1';
const detail = (stage: EnvelopeDetail['stage']) => ({ id: ID, stage }) as EnvelopeDetail;

describe('co-signing store', () => {
  beforeEach(() => {
    pending.length = 0;
    setActivePinia(createPinia());
  });

  it('keeps the newest answer for an envelope when an older, slower one arrives after it', async () => {
    const store = useCosignStore();
    const first = store.loadDetail(ID);
    const second = store.loadDetail(ID);
    pending[1]!.resolve(detail('expired'));
    await second;
    pending[0]!.resolve(detail('collecting'));
    await first;
    expect(store.details[ID]?.stage).toBe('expired');
  });

  it('does not show the error of a request that a newer successful one replaced', async () => {
    const store = useCosignStore();
    const first = store.loadDetail(ID);
    const second = store.loadDetail(ID);
    pending[1]!.resolve(detail('ready'));
    await second;
    pending[0]!.reject(new Error('timed out'));
    await first;
    expect(store.details[ID]?.stage).toBe('ready');
    expect(store.detailErrors[ID]).toBeUndefined();
  });

  it('still applies answers that arrive in order', async () => {
    const store = useCosignStore();
    const first = store.loadDetail(ID);
    pending[0]!.resolve(detail('collecting'));
    await first;
    expect(store.details[ID]?.stage).toBe('collecting');
    const second = store.loadDetail(ID);
    pending[1]!.resolve(detail('ready'));
    await second;
    expect(store.details[ID]?.stage).toBe('ready');
  });
});
