import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ForkProgress, ForkStatus } from '../../src-core/ipc/channels/fork';
import { api } from '../api/bridge';

/**
 * Fork mode as main reports it: whether the embedded node is a fork (its disclosure and the
 * impersonated accounts, for the banner on every page), which network a rehearsal would fork, and
 * the last step of a rehearsal in progress. Follows `fork:changed` and `fork:progress`.
 */
export const useForkStore = defineStore('fork', () => {
  const status = ref<ForkStatus | null>(null);
  const progress = ref<ForkProgress | null>(null);
  let stop: (() => void) | null = null;

  const impersonated = computed(() => status.value?.report?.impersonated ?? []);

  function follow(): void {
    if (stop) return;
    const offStatus = api.on('fork:changed', (payload) => {
      status.value = payload;
    });
    const offProgress = api.on('fork:progress', (payload) => {
      progress.value = payload;
    });
    stop = () => {
      offStatus();
      offProgress();
    };
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  /** Asks main again (the fetched counts change without an event while the fork reads upstream). */
  async function load(): Promise<void> {
    status.value = await api.fork.status();
  }

  return { status, progress, impersonated, follow, unfollow, load };
});
