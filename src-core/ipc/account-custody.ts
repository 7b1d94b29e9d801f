/**
 * Where the key of a vault account lives, zod-free so the renderer can word it without loading
 * zod. `vault`: the vault holds it (a recovery phrase or private key). `ledger`: an account of a
 * Ledger, signed on the device at `ledger.path`. `offline`: a key on an offline machine, whose
 * signature arrives in an envelope like any co-signer's. `watch`: watched only, nobody's key here.
 */
export const ACCOUNT_CUSTODIES = ['vault', 'ledger', 'offline', 'watch'] as const;
export type AccountCustody = (typeof ACCOUNT_CUSTODIES)[number];

export const LEDGER_PATH_SCHEMES = ['ledger-live', 'legacy'] as const;
export type LedgerPathSchemeName = (typeof LEDGER_PATH_SCHEMES)[number];

export interface LedgerAccountFacts {
  /** `44'/195'/i'/0/0` (Ledger Live) or `44'/195'/0'/0/i` (legacy), without `m/`. */
  readonly path: string;
  readonly scheme: LedgerPathSchemeName;
  readonly model?: string | undefined;
}

export interface CustodyFacts {
  readonly kind: 'mnemonic' | 'privateKey' | 'watch';
  readonly canSign: boolean;
  readonly custody?: AccountCustody | undefined;
  readonly ledger?: LedgerAccountFacts | undefined;
}

/** The account's custody; a record from before custodies existed is the vault's when it holds a key. */
export function custodyOf(account: CustodyFacts): AccountCustody {
  return account.custody ?? (account.kind === 'watch' ? 'watch' : 'vault');
}

/** Whether this wallet can produce the account's signature itself: the vault's key or a Ledger's. */
export function signsHere(account: CustodyFacts): boolean {
  const custody = custodyOf(account);
  return custody === 'vault' ? account.canSign : custody === 'ledger';
}

/** The person's own key, wherever it lives (vault, Ledger, offline machine); not a watched address. */
export function ownsKey(account: CustodyFacts): boolean {
  return custodyOf(account) !== 'watch';
}

/** "Ledger (m/44'/195'/1'/0/0)", "offline signer", "vault key", "watch-only": what the key is, for people. */
export function custodyText(account: CustodyFacts): string {
  switch (custodyOf(account)) {
    case 'vault':
      return 'vault key';
    case 'ledger':
      return `Ledger (m/${account.ledger?.path ?? '?'})`;
    case 'offline':
      return 'offline signer';
    case 'watch':
      return 'watch-only';
  }
}
