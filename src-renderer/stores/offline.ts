import { defineStore } from 'pinia';
import { ref } from 'vue';
import { api } from '../api/bridge';

/**
 * Whether this computer is the offline signer, as main reports it. The router keeps the screens
 * that need a node away while it is (router.ts `offlineRedirect`); main refuses their calls anyway.
 */
export const useOfflineStore = defineStore('offline', () => {
  const offline = ref<boolean | null>(null);

  async function load(): Promise<boolean> {
    try {
      offline.value = (await api.offline.status()).offline;
    } catch {
      offline.value = false;
    }
    return offline.value;
  }

  async function ensureLoaded(): Promise<boolean> {
    return offline.value ?? (await load());
  }

  async function enter(): Promise<void> {
    offline.value = (await api.offline.enter()).offline;
  }

  async function leave(): Promise<void> {
    offline.value = (await api.offline.leave()).offline;
  }

  return { offline, load, ensureLoaded, enter, leave };
});
