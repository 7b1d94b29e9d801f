import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnvelopeDetail, Inbox } from '../../../src-core/ipc/channels/cosign';

/** `cosign:get` answers that the test releases one by one, in any order. */
const pending: { id: string; resolve: (detail: EnvelopeDetail) => void; reject: (error: unknown) => void }[] = [];
/** Calls of the other channels, and the listeners the store subscribed. */
const calls: string[] = [];
const listeners = new Map<string, (payload: never) => void>();
/** What main does while answering an action: announcements, then the answer. */
let during: () => void = () => undefined;
let answer: unknown = null;
const action = (channel: string) => async (): Promise<unknown> => {
  calls.push(channel);
  during();
  return answer;
};
vi.mock('../../../src-renderer/api/bridge', () => ({
  api: {
    on: (event: string, listener: (payload: never) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    cosign: {
      get: ({ id }: { id: string }) => {
        calls.push('cosign:get');
        return new Promise<EnvelopeDetail>((resolve, reject) => pending.push({ id, resolve, reject }));
      },
      list: async () => {
        calls.push('cosign:list');
        return INBOX;
      },
      sign: action('cosign:sign'),
      repropose: action('cosign:repropose'),
      broadcast: action('cosign:broadcast'),
    },
  },
}));

const { useCosignStore } = await import('../../../src-renderer/stores/cosign');

const ID = 'env_00000000000000a1';
const OTHER = 'env_00000000000000b2';
const TXID = 'a1'.repeat(32);
const detail = (stage: EnvelopeDetail['stage'], id = ID) =>
  ({ id, txid: TXID, stage, signatures: stage === 'ready' ? 2 : 1 }) as EnvelopeDetail;
const INBOX = {
  network: 'Embedded dev node',
  items: [detail('collecting')],
  unreadable: [],
  headTime: null,
  fileDialogs: { open: false, save: false },
} as unknown as Inbox;
const announce = (event: string, payload: unknown) => listeners.get(event)!(payload as never);

describe('co-signing store', () => {
  beforeEach(() => {
    pending.length = 0;
    calls.length = 0;
    listeners.clear();
    during = () => undefined;
    answer = null;
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

  it('shows a signature’s answer once — the envelope and its inbox row — without reading what main announced meanwhile', async () => {
    const store = useCosignStore();
    store.follow();
    await store.loadInbox();
    const opened = store.loadDetail(ID);
    pending[0]!.resolve(detail('collecting'));
    await opened;
    calls.length = 0;
    during = () => {
      announce('cosign:changed', { id: ID, txid: TXID, stage: 'ready' });
      announce('tx:status', { txid: TXID, state: 'pool' });
    };
    answer = { id: ID, outcome: 'merged', newSignatures: 1, broadcast: false, detail: detail('ready') };
    await store.sign(ID, 'acc_0000000000000001');
    expect(calls).toEqual(['cosign:sign']);
    expect(store.details[ID]?.stage).toBe('ready');
    expect(store.inbox?.items.map((i) => [i.id, i.stage, i.signatures])).toEqual([[ID, 'ready', 2]]);
  });

  it('after a re-proposal, reads the inbox and the replaced envelope once: the answer is the fresh one', async () => {
    const store = useCosignStore();
    store.follow();
    await store.loadInbox();
    const opened = store.loadDetail(ID);
    pending[0]!.resolve(detail('expired'));
    await opened;
    calls.length = 0;
    during = () => {
      announce('cosign:changed', { id: OTHER, txid: 'b2'.repeat(32), stage: 'collecting' });
      announce('cosign:changed', { id: ID, txid: TXID, stage: 'replaced' });
    };
    answer = detail('collecting', OTHER);
    const fresh = await store.repropose(ID);
    expect(fresh.id).toBe(OTHER);
    expect(store.details[OTHER]?.stage).toBe('collecting');
    expect(calls).toEqual(['cosign:repropose', 'cosign:list', 'cosign:get']);
    expect(pending.at(-1)?.id).toBe(ID);
  });

  it('reads the inbox and an open envelope again when main announces a change outside an action', async () => {
    const store = useCosignStore();
    store.follow();
    const opened = store.loadDetail(ID);
    pending[0]!.resolve(detail('collecting'));
    await opened;
    calls.length = 0;
    announce('cosign:changed', { id: ID, txid: TXID, stage: 'ready' });
    expect(calls).toEqual(['cosign:list', 'cosign:get']);
  });

  it('reads the envelope once after a broadcast, whose answer is only the txid', async () => {
    const store = useCosignStore();
    store.follow();
    const opened = store.loadDetail(ID);
    pending[0]!.resolve(detail('ready'));
    await opened;
    calls.length = 0;
    during = () => {
      announce('tx:status', { txid: TXID, state: 'pool' });
      announce('cosign:changed', { id: ID, txid: TXID, stage: 'broadcast' });
    };
    answer = { txid: TXID };
    expect(await store.broadcast(ID)).toBe(TXID);
    expect(calls).toEqual(['cosign:broadcast', 'cosign:list', 'cosign:get']);
  });
});
