import type { TxId } from '../../../src-core/brand';
import { toBase58Address } from '../../../src-core/address/address';
import { formatTrx } from '../../../src-core/units/amount';
import { RULES, type AlertDraft } from '../types';
import type { TokenKey, WatchedAccount } from '../watch-list';
import { accountName } from './context';

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

function assetName(asset: FloorAsset): string {
  if (asset === 'TRX') return 'TRX';
  return /^\d+$/.test(asset) ? `TRC-10 token ${asset}` : `TRC-20 token ${toBase58Address(asset)}`;
}

function amountText(asset: FloorAsset, amount: bigint): string {
  return asset === 'TRX' ? `${formatTrx(amount)} TRX` : `${amount} units`;
}

/**
 * `anchor`: the last transaction seen touching the account before the balance was read, or the
 * block it was read at when none was (then the block is part of the id).
 */
export function balanceFloor(
  account: WatchedAccount,
  breach: FloorBreach,
  anchor: { readonly txid: TxId } | { readonly blockId: string },
): AlertDraft {
  return {
    rule: RULES.balanceFloor,
    account: account.address,
    ...('txid' in anchor
      ? { txid: anchor.txid, subject: breach.asset }
      : { subject: `${breach.asset}@${anchor.blockId}` }),
    title: `The ${assetName(breach.asset)} balance of ${accountName(account)} is ${amountText(breach.asset, breach.balance)}, below its floor of ${amountText(breach.asset, breach.floor)}.`,
    details: { asset: breach.asset, balance: breach.balance.toString(), floor: breach.floor.toString() },
  };
}
