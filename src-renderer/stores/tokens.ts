import { defineStore } from 'pinia';
import type { TokenBalances } from '../../src-core/ipc/channels/tokens';
import { api } from '../api/bridge';
import { useLoaded } from '../composables/use-loaded';

/** Watched TRC20 tokens of the current network and their balances for the vault's accounts. */
export const useTokensStore = defineStore('tokens', () => {
  const {
    value: balances,
    error,
    load,
  } = useLoaded<TokenBalances>({ tokens: [], balances: [] }, () => api.tokens.balances());

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
