import type { HexAddress } from '../../src-core/brand';
import { toBase58Address, toHexAddress } from '../../src-core/address/address';
import { formatTrx, formatUnits } from '../../src-core/units';
import type { TokenKey, WatchList } from './watch-list';

/**
 * How alerts speak: an address by its name, else in full (a shortened address is easy to match
 * with a look-alike); an amount in its asset's unit with its symbol (TRX, not sun; a TRC-20 by
 * the decimals and symbol the person's token list gives, never ones a contract claims for itself).
 */
export interface AlertWords {
  /** "Treasury", or the full Base58 address. */
  name(address: string): string;
  /** "1,234.5 TRX", "250,000 USDT", or the base units and the token when its decimals are unknown. */
  amount(asset: 'TRX' | TokenKey, amount: bigint): string;
  /** "USDT", "TRC-10 token 1000001", or the token contract's name or address. */
  asset(asset: 'TRX' | TokenKey): string;
}

function hexOf(address: string): HexAddress | undefined {
  try {
    return toHexAddress(address);
  } catch {
    return undefined;
  }
}

const isTrc10 = (key: string): boolean => /^\d+$/.test(key);

/** Watched accounts' labels first, then the list's other names. */
export function alertWords(list: Pick<WatchList, 'accounts' | 'names' | 'tokens'>): AlertWords {
  const names = new Map<string, string>();
  for (const [address, name] of list.names ?? []) if (name) names.set(address, name);
  for (const account of list.accounts) if (account.label) names.set(account.address, account.label);
  const tokens = list.tokens ?? new Map();
  const name = (address: string): string => {
    const hex = hexOf(address);
    if (!hex) return address;
    return names.get(hex) ?? toBase58Address(hex);
  };
  const asset = (key: 'TRX' | TokenKey): string => {
    if (key === 'TRX') return 'TRX';
    const facts = tokens.get(key);
    if (facts) return facts.symbol;
    return isTrc10(key) ? `TRC-10 token ${key}` : `token ${name(key)}`;
  };
  return {
    name,
    asset,
    amount(key, amount) {
      if (key === 'TRX') return formatTrx(amount, { group: true, withUnit: true });
      const facts = tokens.get(key);
      if (facts) return formatUnits(amount, facts.decimals, { group: true, unit: facts.symbol });
      return `${amount.toString()} base units (decimals unknown) of ${asset(key)}`;
    },
  };
}
