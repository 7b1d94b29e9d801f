/**
 * What reading a payout file needs to know, injected so this module stays pure: the address
 * book, the watched TRC-20 tokens, and token facts the host reads from the chain. The reader asks
 * each distinct name, symbol, contract and token id once.
 */
export interface PayoutLookups {
  /** Base58 addresses saved under this name (compared without case); empty when none. */
  addressesNamed(name: string): readonly string[];
  /** Watched TRC-20 tokens whose symbol is this one (compared without case). */
  watchedWithSymbol(
    symbol: string,
  ): readonly { readonly address: string; readonly symbol: string; readonly decimals: number }[];
  /** A TRC-20 contract's symbol and decimals; null when no token answers there. */
  trc20(contract: string): Promise<{ readonly symbol: string; readonly decimals: number } | null>;
  /** A TRC-10 token's abbreviation and precision; null when the chain has no such token. */
  trc10(tokenId: string): Promise<{ readonly abbr: string; readonly precision: number } | null>;
}

/** An address book given as name → addresses pairs, for hosts that hold it as a list. */
export function namesFrom(
  entries: readonly { readonly name: string; readonly address: string }[],
): PayoutLookups['addressesNamed'] {
  const byName = new Map<string, string[]>();
  for (const entry of entries) {
    const key = entry.name.trim().toLowerCase();
    const list = byName.get(key) ?? [];
    if (!list.includes(entry.address)) list.push(entry.address);
    byName.set(key, list);
  }
  return (name) => byName.get(name.trim().toLowerCase()) ?? [];
}

/** Watched tokens given as a list, looked up by symbol. */
export function symbolsFrom(
  tokens: readonly { readonly address: string; readonly symbol: string; readonly decimals: number }[],
): PayoutLookups['watchedWithSymbol'] {
  return (symbol) => tokens.filter((t) => t.symbol.toLowerCase() === symbol.trim().toLowerCase());
}
