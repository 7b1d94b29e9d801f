import type { HexAddress } from '../../../src-core/brand';
import { toBase58Address } from '../../../src-core/address/address';
import type { AccountPermissions } from '../../../src-core/permission/model';
import type { WatchedAccount } from '../watch-list';

/** What the account looked like when watching began: the default allowlist of the signer rule. */
export interface Baseline {
  readonly permissionIds: readonly number[];
  readonly signers: readonly HexAddress[];
}

/** What a rule knows about the watched account besides the transaction. */
export interface RuleContext {
  readonly account: WatchedAccount;
  /** The account's permissions before the transaction, as the scanner has followed them. */
  readonly permissions: AccountPermissions;
  readonly baseline: Baseline;
  readonly knownAddresses: readonly HexAddress[];
}

/** "Treasury (TXyz…)" or the address alone. */
export function accountName(account: Pick<WatchedAccount, 'address' | 'label'>): string {
  const base58 = toBase58Address(account.address);
  return account.label ? `${account.label} (${base58})` : base58;
}

export function base58List(addresses: readonly string[]): string {
  return addresses.map((a) => toBase58Address(a)).join(', ');
}
