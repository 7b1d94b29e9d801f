import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ContactView } from '../../src-core/ipc/channels/address-book';
import { api } from '../api/bridge';
import { useAccountsStore } from './accounts';

/**
 * Names for addresses wherever the window shows one: the vault's labels first (the person's own
 * keys and watched accounts), then the address book of the current network.
 */
export const useNamesStore = defineStore('names', () => {
  const accounts = useAccountsStore();
  const contacts = ref<readonly ContactView[]>([]);

  const byAddress = computed(() => {
    const map = new Map<string, string>();
    for (const contact of contacts.value) map.set(contact.address, contact.name);
    for (const account of accounts.snapshot?.accounts ?? []) map.set(account.address, account.label);
    return map;
  });

  /** Everyone with a name, for pickers: vault accounts first, then contacts. */
  const known = computed(() => [...byAddress.value].map(([address, name]) => ({ address, name })));

  function nameOf(address: string): string | null {
    return byAddress.value.get(address) ?? null;
  }

  /** Reads the accounts (unless already read) and the address book; a failed read leaves names out. */
  async function load(): Promise<void> {
    const book = (async () => {
      contacts.value = await api.addressBook.list();
    })();
    const own = accounts.snapshot ? Promise.resolve() : accounts.load();
    await Promise.allSettled([book, own]);
  }

  let first: Promise<void> | null = null;
  /** Loads once for the components that only show names; pages that edit contacts call `load`. */
  function ensure(): Promise<void> {
    first ??= load();
    return first;
  }

  return { contacts, known, nameOf, load, ensure };
});
