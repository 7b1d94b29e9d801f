import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OfflineStatus } from '../../src-core/ipc/channels/offline';
import { api } from '../api/bridge';

/**
 * Whether this computer is the offline signer, as main reports it. The router keeps the screens
 * that need a node away while it is (router.ts `offlineRedirect`); main refuses their calls anyway.
 */
export const useOfflineStore = defineStore('offline', () => {
  const offline = ref<boolean | null>(null);
  /** Main's sentence when the mode is on though nobody chose it (its record is damaged or missing). */
  const reason = ref<string | null>(null);

  function show(status: OfflineStatus): boolean {
    offline.value = status.offline;
    reason.value = status.reason;
    return status.offline;
  }

  async function load(): Promise<boolean> {
    try {
      return show(await api.offline.status());
    } catch {
      offline.value = false;
      return false;
    }
  }

  async function ensureLoaded(): Promise<boolean> {
    return offline.value ?? (await load());
  }

  async function enter(): Promise<void> {
    show(await api.offline.enter());
  }

  async function leave(): Promise<void> {
    show(await api.offline.leave());
  }

  return { offline, reason, load, ensureLoaded, enter, leave };
});
