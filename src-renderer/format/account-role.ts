import type { AccountView } from '../../src-core/ipc/channels/accounts';
import { custodyOf, custodyText } from '../../src-core/ipc/account-custody';

/**
 * What this profile is to an account: the kind of key it holds, or — for an address it only
 * watches — "Co-signer (1 of 3 keys)" when its keys sit in one of the account's permissions.
 */

const KIND: Record<AccountView['kind'], string> = {
  mnemonic: 'Recovery phrase',
  privateKey: 'Private key',
  watch: 'Watch-only',
};

/** `held`: Base58 addresses of the vault's signing accounts. */
export function accountRole(account: AccountView, held: ReadonlySet<string>): string {
  const custody = custodyOf(account);
  // A Ledger's or an offline machine's key: say where it is, the first thing a person needs to sign.
  if (custody === 'ledger' || custody === 'offline') return custodyText(account).replace(/^o/, 'O');
  if (account.kind !== 'watch' || !account.chain) return KIND[account.kind];
  const chain = account.chain;
  let best: { held: number; keys: number } | null = null;
  for (const permission of [chain.owner, ...(chain.witness ? [chain.witness] : []), ...chain.actives]) {
    const count = permission.keys.filter((k) => held.has(k.address)).length;
    if (count > 0 && (!best || count > best.held)) best = { held: count, keys: permission.keys.length };
  }
  return best ? `Co-signer (${best.held} of ${best.keys} keys)` : KIND.watch;
}
