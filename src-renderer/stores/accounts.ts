import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AccountsSnapshot } from '../../src-core/ipc/channels/accounts';
import { api } from '../api/bridge';

/** Accounts with balances; updated by `accounts:updated` as main reads new blocks. */
export const useAccountsStore = defineStore('accounts', () => {
  const snapshot = ref<AccountsSnapshot | null>(null);
  const error = ref<unknown>(null);
  let stop: (() => void) | null = null;

  async function load(): Promise<void> {
    try {
      snapshot.value = await api.accounts.list();
      error.value = null;
    } catch (caught) {
      error.value = caught;
    }
  }

  async function refresh(): Promise<void> {
    snapshot.value = await api.accounts.refresh();
  }

  function follow(): void {
    if (stop) return;
    stop = api.on('accounts:updated', (payload) => {
      snapshot.value = payload;
    });
  }

  function unfollow(): void {
    stop?.();
    stop = null;
  }

  return { snapshot, error, load, refresh, follow, unfollow };
});
