import { defineStore } from 'pinia';
import type { AccountsSnapshot } from '../../src-core/ipc/channels/accounts';
import { api } from '../api/bridge';
import { pacedByMain } from '../api/paced-by-main';
import { useLoaded } from '../composables/use-loaded';

/**
 * Accounts with balances; updated by `accounts:updated` as main reads new blocks. Renames and
 * removes them, and asks main to check a recovery phrase.
 */
export const useAccountsStore = defineStore('accounts', () => {
  const { value: snapshot, error, load } = useLoaded<AccountsSnapshot | null>(null, () => api.accounts.list());
  let stop: (() => void) | null = null;

  async function refresh(): Promise<void> {
    snapshot.value = await api.accounts.refresh();
  }

  /** Renames in the vault (main trims and checks the label), then reads the list again. */
  async function rename(accountId: string, label: string): Promise<void> {
    await api.vault.renameAccount({ accountId, label });
    await load();
  }

  /**
   * Removes from the vault. Main asks for the password when the account holds a key (its key is
   * deleted with it) and refuses with `VAULT_PASSWORD_REQUIRED` without one; a watch-only
   * account needs none. An empty password is left out so main answers with its sentence.
   */
  async function remove(accountId: string, password?: string): Promise<void> {
    await pacedByMain(() => api.vault.removeAccount({ accountId, ...(password ? { password } : {}) }));
    await load();
  }

  /**
   * Main asks for three words of the phrase on its own window and compares them there; the page
   * only names the account and reads the list again to see the phrase checked.
   */
  async function checkPhrase(accountId: string): Promise<void> {
    await api.vault.checkRecoveryPhrase({ accountId });
    await load();
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

  return { snapshot, error, load, refresh, rename, remove, checkPhrase, follow, unfollow };
});
