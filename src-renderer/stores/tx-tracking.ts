import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { HistoryItem, TrackView, TxStatus } from '../../src-core/ipc/channels/tx';
import { api } from '../api/bridge';

/**
 * Transactions being followed: the tracking view of each, refreshed whenever main announces a
 * state change (`tx:status`), and the history of the current network.
 */
export const useTxTrackingStore = defineStore('txTracking', () => {
  const views = ref<Record<string, TrackView>>({});
  const errors = ref<Record<string, unknown>>({});
  const history = ref<HistoryItem[]>([]);
  const historyError = ref<unknown>(null);
  const lastStatus = ref<TxStatus | null>(null);
  let stop: (() => void) | null = null;

  async function load(txid: string): Promise<void> {
    try {
      const view = await api.tx.track({ txid });
      views.value = { ...views.value, [view.txid]: view };
      const { [view.txid]: _gone, ...rest } = errors.value;
      errors.value = rest;
    } catch (caught) {
      errors.value = { ...errors.value, [txid.toLowerCase()]: caught };
    }
  }

  async function loadHistory(limit = 100): Promise<void> {
    try {
      history.value = await api.tx.history({ limit });
      historyError.value = null;
    } catch (caught) {
      historyError.value = caught;
    }
  }

  function follow(): void {
    if (stop) return;
    stop = api.on('tx:status', (status) => {
      lastStatus.value = status;
      if (views.value[status.txid]) void load(status.txid);
      if (history.value.length > 0 || historyError.value === null) void loadHistory();
    });
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  return { views, errors, history, historyError, lastStatus, load, loadHistory, follow, unfollow };
});
