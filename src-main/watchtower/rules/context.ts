import type { HexAddress } from '../../../src-core/brand';
import type { AccountPermissions } from '../../../src-core/permission/model';
import type { AlertWords } from '../alert-words';
import type { WatchedAccount } from '../watch-list';

/** What the account looked like when watching began: the signer rule's fallback with `fromChain` off. */
export interface Baseline {
  readonly permissionIds: readonly number[];
  readonly signers: readonly HexAddress[];
}

/** What a rule knows about the watched account besides the transaction. */
export interface RuleContext {
  readonly account: WatchedAccount;
  /** The account's permissions before the transaction, as the scanner has followed them on chain. */
  readonly permissions: AccountPermissions;
  readonly baseline: Baseline;
  readonly knownAddresses: readonly HexAddress[];
  /** Names and amounts for the alert's text. */
  readonly words: AlertWords;
}

/** The watched account's name (its label, or its full address). */
export function accountName(ctx: Pick<RuleContext, 'account' | 'words'>): string {
  return ctx.words.name(ctx.account.address);
}

export function nameList(ctx: Pick<RuleContext, 'words'>, addresses: readonly string[]): string {
  return addresses.map((a) => ctx.words.name(a)).join(', ');
}
