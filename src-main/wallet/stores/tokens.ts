import { z } from 'zod';
import { Collection } from './collection';
import { base58AddressSchema, timeSchema } from './common';
import { JsonStore, type StoreDefinition } from './json-store';

/**
 * `tokens.json`, per network: the TRC20 tokens the person watches, with the name, symbol and
 * decimals read from each contract when it was added. One entry per contract address (Base58).
 */
export const TOKENS_FILE = 'tokens.json';

export const watchedTokenSchema = z.strictObject({
  address: base58AddressSchema,
  name: z.string().max(200),
  symbol: z.string().max(64),
  decimals: z.number().int().min(0).max(255),
  addedAt: timeSchema,
});
export type WatchedToken = z.infer<typeof watchedTokenSchema>;

export const tokensDefinition: StoreDefinition<{ entries: readonly WatchedToken[] }> = {
  format: 'tron-wallet-tokens',
  version: 1,
  what: 'watched tokens',
  schema: z.strictObject({ entries: z.array(watchedTokenSchema) }),
  empty: () => ({ entries: [] }),
};

export class WatchedTokens {
  private constructor(private readonly entries: Collection<WatchedToken, 'address'>) {}

  static async open(file: string): Promise<WatchedTokens> {
    return new WatchedTokens(new Collection(await JsonStore.open(file, tokensDefinition), 'address', 'watched token'));
  }

  get store(): JsonStore<{ entries: readonly WatchedToken[] }> {
    return this.entries.store;
  }

  /** In the order they were added. */
  list(): WatchedToken[] {
    return this.entries.list().sort((a, b) => a.addedAt - b.addedAt);
  }

  get(address: string): WatchedToken | undefined {
    return this.entries.get(address);
  }

  put(token: WatchedToken): Promise<WatchedToken> {
    return this.entries.put(token);
  }

  remove(address: string): Promise<void> {
    return this.entries.remove(address);
  }
}
