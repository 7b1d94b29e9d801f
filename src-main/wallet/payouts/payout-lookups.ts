import type { TronNodeClient } from '../../../src-core/client/client';
import { WalletError } from '../../../src-core/errors';
import { namesFrom, symbolsFrom, type PayoutLookups } from '../../../src-core/payouts/lookups';
import type { ChainReads } from '../chain-knowledge/chain-reads';

/**
 * The payout file's lookups for this wallet: names from an address book, symbols from the watched
 * tokens, and token facts read from the node (a TRC-20 contract's decimals() and symbol(), a TRC-10
 * token's precision). A contract that does not answer like a token is an unknown token, not an error.
 */
export function chainPayoutLookups(input: {
  client: TronNodeClient;
  reads: ChainReads;
  book: readonly { readonly name: string; readonly address: string }[];
  watched: readonly { readonly address: string; readonly symbol: string; readonly decimals: number }[];
}): PayoutLookups {
  return {
    addressesNamed: namesFrom(input.book),
    watchedWithSymbol: symbolsFrom(input.watched),
    async trc20(contract) {
      try {
        const token = await input.reads.trc20(input.client, contract);
        return { symbol: token.symbol, decimals: token.decimals };
      } catch (error) {
        if (error instanceof WalletError) return null;
        throw error;
      }
    },
    async trc10(tokenId) {
      const asset = await input.client.getAssetIssueById(tokenId).catch((error: unknown) => {
        if (error instanceof WalletError) return null;
        throw error;
      });
      return asset ? { abbr: asset.abbr || asset.name, precision: asset.precision } : null;
    },
  };
}
