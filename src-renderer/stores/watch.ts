import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { WatchedAccountView, WatchInbox, WatchRules, WatchStatus } from '../../src-core/ipc/channels/watch';
import { api } from '../api/bridge';

/**
 * The watchtower as the renderer sees it: the alert inbox (and its unread count for the nav
 * badge), the scanner's status and the watched accounts. Follows `watch:alert` and `watch:progress`
 * from the layout, so the badge moves on every page.
 */
export const useWatchStore = defineStore('watch', () => {
  const inbox = ref<WatchInbox | null>(null);
  const status = ref<WatchStatus | null>(null);
  const watched = ref<WatchedAccountView[]>([]);
  const error = ref<unknown>(null);
  const unread = computed(() => inbox.value?.unread ?? 0);
  let stop: (() => void) | null = null;

  async function loadInbox(): Promise<void> {
    try {
      inbox.value = await api.watch.inbox();
      error.value = null;
    } catch (caught) {
      error.value = caught;
    }
  }

  async function loadStatus(): Promise<void> {
    status.value = await api.watch.status();
  }

  async function loadWatched(): Promise<void> {
    watched.value = await api.watch.watched();
  }

  /** Without ids: every alert in the inbox now, named one by one (main marks only named alerts). */
  async function markRead(ids?: string[]): Promise<void> {
    const named = ids ?? (inbox.value?.items ?? []).filter((a) => a.readAt === null).map((a) => a.id);
    if (named.length === 0) return;
    await api.watch.markRead({ ids: named.slice(0, 1000) });
    await loadInbox();
  }

  async function add(address: string, label: string): Promise<void> {
    await api.watch.add({ address, label });
    await loadWatched();
  }

  async function remove(address: string): Promise<void> {
    await api.watch.remove({ address });
    await loadWatched();
  }

  async function setRules(address: string, rules: WatchRules): Promise<void> {
    await api.watch.setRules({ address, rules });
    await loadWatched();
  }

  function follow(): void {
    if (stop) return;
    const offAlert = api.on('watch:alert', () => void loadInbox());
    const offStatus = api.on('watch:progress', (next) => {
      status.value = next;
    });
    stop = () => {
      offAlert();
      offStatus();
    };
    void loadInbox();
    void loadStatus().catch(() => undefined);
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  return {
    inbox,
    status,
    watched,
    error,
    unread,
    loadInbox,
    loadStatus,
    loadWatched,
    markRead,
    add,
    remove,
    setRules,
    follow,
    unfollow,
  };
});
