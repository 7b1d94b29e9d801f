import { z } from 'zod';
import { Collection, EntryStore, entriesDefinition } from './collection';
import { base58AddressSchema, timeSchema } from './common';
import { JsonStore } from './json-store';

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

export const tokensDefinition = entriesDefinition('tokens', 'watched tokens', watchedTokenSchema);

/** In the order they were added. */
export class WatchedTokens extends EntryStore<WatchedToken, 'address'> {
  private constructor(entries: Collection<WatchedToken, 'address'>) {
    super(entries, (a, b) => a.addedAt - b.addedAt);
  }

  static async open(file: string): Promise<WatchedTokens> {
    return new WatchedTokens(new Collection(await JsonStore.open(file, tokensDefinition), 'address', 'watched token'));
  }

  put(token: WatchedToken): Promise<WatchedToken> {
    return this.entries.put(token);
  }
}
