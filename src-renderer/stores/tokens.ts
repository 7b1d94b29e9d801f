import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { TokenBalances } from '../../src-core/ipc/channels/tokens';
import { api } from '../api/bridge';

/** Watched TRC20 tokens of the current network and their balances for the vault's accounts. */
export const useTokensStore = defineStore('tokens', () => {
  const balances = ref<TokenBalances>({ tokens: [], balances: [] });
  const error = ref<unknown>(null);

  async function load(): Promise<void> {
    try {
      balances.value = await api.tokens.balances();
      error.value = null;
    } catch (caught) {
      error.value = caught;
    }
  }

  async function watch(address: string): Promise<void> {
    await api.tokens.watch({ address });
    await load();
  }

  async function unwatch(address: string): Promise<void> {
    await api.tokens.unwatch({ address });
    await load();
  }

  return { balances, error, load, watch, unwatch };
});
