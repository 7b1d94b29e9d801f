import type { TxId } from '../../../src-core/brand';
import type { AlertWords } from '../alert-words';
import { RULES, type AlertDraft } from '../types';
import type { TokenKey, WatchedAccount } from '../watch-list';

/** "TRX" or a token key: what a floor is kept for. */
export type FloorAsset = 'TRX' | TokenKey;

export interface Balances {
  readonly trx: bigint;
  readonly tokens: ReadonlyMap<TokenKey, bigint>;
}

export interface FloorBreach {
  readonly asset: FloorAsset;
  readonly balance: bigint;
  readonly floor: bigint;
}

/** Every asset whose balance is below its floor. */
export function floorBreaches(account: WatchedAccount, balances: Balances): FloorBreach[] {
  const rule = account.rules.balanceFloor;
  if (!rule.enabled) return [];
  const out: FloorBreach[] = [];
  if (balances.trx < rule.trxSun) out.push({ asset: 'TRX', balance: balances.trx, floor: rule.trxSun });
  for (const [token, floor] of rule.tokens) {
    const balance = balances.tokens.get(token) ?? 0n;
    if (balance < floor) out.push({ asset: token, balance, floor });
  }
  return out;
}

/**
 * `anchor`: the last transaction seen touching the account before the balance was read, or the
 * block it was read at when none was (then the block is part of the id).
 */
export function balanceFloor(
  account: WatchedAccount,
  breach: FloorBreach,
  anchor: { readonly txid: TxId } | { readonly blockId: string },
  words: AlertWords,
): AlertDraft {
  const amount = (value: bigint): string => words.amount(breach.asset, value);
  return {
    rule: RULES.balanceFloor,
    account: account.address,
    ...('txid' in anchor
      ? { txid: anchor.txid, subject: breach.asset }
      : { subject: `${breach.asset}@${anchor.blockId}` }),
    title:
      `The ${words.asset(breach.asset)} balance of ${words.name(account.address)} is ` +
      `${amount(breach.balance)}, below the floor of ${amount(breach.floor)} set for it.`,
    details: { asset: breach.asset, balance: breach.balance.toString(), floor: breach.floor.toString() },
  };
}
