import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import type {
  EnvelopeDetail,
  EnvelopeExport,
  ImportResult,
  ImportSource,
  Inbox,
  InboxItem,
} from '../../src-core/ipc/channels/cosign';
import type { CostView, SimulationView } from '../../src-core/ipc/channels/tx';
import { api } from '../api/bridge';
import { useLoaded } from '../composables/use-loaded';
import { useNodeStatusStore } from './node-status';

/** The fields of an envelope's detail that its inbox row shows. */
function itemOf(detail: EnvelopeDetail): InboxItem {
  return {
    id: detail.id,
    txid: detail.txid,
    label: detail.label,
    origin: detail.origin,
    stage: detail.stage,
    contractType: detail.contractType,
    headline: detail.headline,
    owner: detail.owner,
    ownerName: detail.ownerName,
    fingerprint: detail.fingerprint,
    currentWeight: detail.currentWeight,
    threshold: detail.threshold,
    signatures: detail.signatures,
    expiresAt: detail.expiresAt,
    autoBroadcast: detail.autoBroadcast,
    createdAt: detail.createdAt,
    updatedAt: detail.updatedAt,
    replacedBy: detail.replacedBy,
  };
}

/**
 * The co-signing inbox, the envelopes opened from it, and every action on them (import, sign,
 * broadcast, export, the proposer's options, re-proposal). An action's answer updates the envelope
 * and its inbox row once; what main announces meanwhile (`cosign:changed`, `tx:status`) about the
 * same envelope is already in that answer and is not read again. Otherwise the store reloads on
 * those announcements, and when a head block passes an open envelope's expiration.
 */
export const useCosignStore = defineStore('cosign', () => {
  const { value: inbox, error: inboxError, load: loadInbox } = useLoaded<Inbox | null>(null, () => api.cosign.list());
  const details = ref<Record<string, EnvelopeDetail>>({});
  const detailErrors = ref<Record<string, unknown>>({});
  let stop: (() => void) | null = null;
  // Several pages follow at once (inbox and envelope); the last to leave stops listening.
  let followers = 0;

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
      show(detail);
    } catch (caught) {
      if (latestRequest.get(id) !== request) return;
      detailErrors.value = { ...detailErrors.value, [id]: caught };
    }
  }

  /** Shows an envelope as main answered it: its detail, and its row in the inbox. */
  function show(detail: EnvelopeDetail): void {
    // A later answer wins over any request still on its way.
    latestRequest.set(detail.id, ++requests);
    details.value = { ...details.value, [detail.id]: detail };
    const { [detail.id]: _gone, ...rest } = detailErrors.value;
    detailErrors.value = rest;
    const current = inbox.value;
    if (!current) return;
    const row = itemOf(detail);
    const items = current.items.some((i) => i.id === row.id)
      ? current.items.map((i) => (i.id === row.id ? row : i))
      : [row, ...current.items];
    inbox.value = { ...current, items };
  }

  // ── actions ──

  /** Envelopes with an action on its way, and the ids main announced meanwhile. */
  let acting = 0;
  const announced = new Set<string>();

  /**
   * Runs an action whose answer carries the envelope: announcements that arrive meanwhile are
   * held, and afterwards only those about another envelope are read (once).
   */
  async function act<T>(action: () => Promise<T>, shown: (answer: T) => EnvelopeDetail | null): Promise<T> {
    acting++;
    let answer: T;
    try {
      answer = await action();
    } finally {
      acting--;
    }
    const detail = shown(answer);
    if (detail) show(detail);
    if (acting === 0) {
      const others = [...announced].filter((id) => id !== detail?.id);
      announced.clear();
      if (others.length > 0) void loadInbox();
      for (const id of others) if (details.value[id]) void loadDetail(id);
    }
    return answer;
  }

  const importText = (text: string, source: ImportSource): Promise<ImportResult> =>
    act(
      () => api.cosign.import({ text, source }),
      (result) => result.detail,
    );

  const importQr = (frames: string[]): Promise<ImportResult> =>
    act(
      () => api.cosign.importQr({ frames }),
      (result) => result.detail,
    );

  const openFile = (): Promise<ImportResult | null> =>
    act(
      () => api.cosign.openFile(),
      (result) => result?.detail ?? null,
    );

  const sign = (id: string, accountId: string): Promise<ImportResult> =>
    act(
      () => api.cosign.sign({ id, accountId }),
      (result) => result.detail,
    );

  /** Broadcasts; the answer is only the txid, so what main announced meanwhile is read once afterwards. */
  async function broadcast(id: string): Promise<string> {
    const { txid } = await act(
      () => api.cosign.broadcast({ id }),
      () => null,
    );
    return txid;
  }

  const setAutoBroadcast = (id: string, autoBroadcast: boolean): Promise<EnvelopeDetail> =>
    act(
      () => api.cosign.setOptions({ id, autoBroadcast }),
      (detail) => detail,
    );

  const setNote = (id: string, note: string): Promise<EnvelopeDetail> =>
    act(
      () => api.cosign.setOptions({ id, note }),
      (detail) => detail,
    );

  const repropose = (id: string): Promise<EnvelopeDetail> =>
    act(
      () => api.cosign.repropose({ id }),
      (detail) => detail,
    );

  /** Runs the envelope on this wallet's node without changing the chain (nothing is kept here). */
  function simulate(id: string): Promise<{ simulation: SimulationView; cost: CostView }> {
    return api.cosign.simulate({ id });
  }

  /** Main's save dialog; the envelope then notes that it left this wallet. */
  async function saveFile(id: string): Promise<{ path: string } | null> {
    const saved = await api.cosign.saveFile({ id });
    if (saved) await loadDetail(id);
    return saved;
  }

  async function copy(id: string): Promise<void> {
    await api.cosign.copy({ id });
    await loadDetail(id);
  }

  /** The QR frames; showing them counts as the envelope leaving this wallet. */
  async function qrText(id: string): Promise<EnvelopeExport['text']> {
    const { text } = await api.cosign.export({ id });
    await act(
      () => api.cosign.markExported({ id }),
      (detail) => detail,
    );
    return text;
  }

  async function removeUnreadable(id: string): Promise<void> {
    await api.cosign.removeUnreadable({ id });
    await loadInbox();
  }

  // ── announcements ──

  /** Held while an action is on its way (its answer will say it), else read now. */
  function held(id: string): boolean {
    if (acting > 0) announced.add(id);
    return acting > 0;
  }

  function follow(): void {
    followers++;
    if (stop) return;
    const offChanged = api.on('cosign:changed', (change) => {
      if (held(change.id)) return;
      void loadInbox();
      if (details.value[change.id]) void loadDetail(change.id);
    });
    const offStatus = api.on('tx:status', (status) => {
      const open = Object.values(details.value).find((d) => d.txid === status.txid);
      const listed = inbox.value?.items.find((i) => i.txid === status.txid);
      const id = open?.id ?? listed?.id;
      if (id === undefined || held(id)) return;
      if (open) void loadDetail(open.id);
      if (listed) void loadInbox();
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

  return {
    inbox,
    inboxError,
    details,
    detailErrors,
    loadInbox,
    loadDetail,
    follow,
    unfollow,
    importText,
    importQr,
    openFile,
    simulate,
    sign,
    broadcast,
    setAutoBroadcast,
    setNote,
    repropose,
    saveFile,
    copy,
    qrText,
    removeUnreadable,
  };
});
