import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import type { EnvelopeDetail, ImportResult, Inbox } from '../../src-core/ipc/channels/cosign';
import { api } from '../api/bridge';
import { useNodeStatusStore } from './node-status';

/**
 * The co-signing inbox and the envelopes opened from it, refreshed whenever main announces a
 * change (`cosign:changed`), a followed transaction moves (`tx:status`), or a head block passes
 * an open envelope's expiration.
 */
export const useCosignStore = defineStore('cosign', () => {
  const inbox = ref<Inbox | null>(null);
  const inboxError = ref<unknown>(null);
  const details = ref<Record<string, EnvelopeDetail>>({});
  const detailErrors = ref<Record<string, unknown>>({});
  let stop: (() => void) | null = null;
  // Several pages follow at once (inbox and envelope); the last to leave stops listening.
  let followers = 0;

  async function loadInbox(): Promise<void> {
    try {
      inbox.value = await api.cosign.list();
      inboxError.value = null;
    } catch (caught) {
      inboxError.value = caught;
    }
  }

  // Answers can overtake each other (an event reload racing a slower one): only the newest request
  // of an envelope may replace what is shown, or an older "collecting" could hide a newer "expired".
  const latestRequest = new Map<string, number>();
  let requests = 0;

  async function loadDetail(id: string): Promise<void> {
    const request = ++requests;
    latestRequest.set(id, request);
    try {
      const detail = await api.cosign.get({ id });
      if (latestRequest.get(id) !== request) return;
      details.value = { ...details.value, [id]: detail };
      const { [id]: _gone, ...rest } = detailErrors.value;
      detailErrors.value = rest;
    } catch (caught) {
      if (latestRequest.get(id) !== request) return;
      detailErrors.value = { ...detailErrors.value, [id]: caught };
    }
  }

  function remember(detail: EnvelopeDetail): void {
    details.value = { ...details.value, [detail.id]: detail };
  }

  function accept(result: ImportResult): void {
    remember(result.detail);
    void loadInbox();
  }

  function follow(): void {
    followers++;
    if (stop) return;
    const offChanged = api.on('cosign:changed', (change) => {
      void loadInbox();
      if (details.value[change.id]) void loadDetail(change.id);
    });
    const offStatus = api.on('tx:status', (status) => {
      const open = Object.values(details.value).find((d) => d.txid === status.txid);
      if (open) void loadDetail(open.id);
      if (inbox.value?.items.some((i) => i.txid === status.txid)) void loadInbox();
    });
    stop = () => {
      offChanged();
      offStatus();
    };
  }

  // Main announces an expiry once with `cosign:changed`; while pages follow, a head block past an
  // open envelope's expiration also reloads it, so a missed or overtaken announcement cannot
  // leave a dead envelope looking signable. Set up with the store (its own effect scope), not in
  // follow(), which runs in whichever page mounts first and would stop with it.
  const nodeStatus = useNodeStatusStore();
  watch(
    () => nodeStatus.head?.timestamp,
    (headTime) => {
      if (stop === null || headTime === undefined) return;
      const lapsed = (e: { stage: string; expiresAt: number }) =>
        (e.stage === 'collecting' || e.stage === 'ready') && headTime >= e.expiresAt;
      for (const shown of Object.values(details.value)) if (lapsed(shown)) void loadDetail(shown.id);
      if (inbox.value?.items.some(lapsed)) void loadInbox();
    },
  );

  function unfollow(): void {
    followers = Math.max(0, followers - 1);
    if (followers > 0) return;
    stop?.();
    stop = null;
  }

  return { inbox, inboxError, details, detailErrors, loadInbox, loadDetail, remember, accept, follow, unfollow };
});
