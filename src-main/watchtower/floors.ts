import type { HexAddress, TxId } from '../../src-core/brand';
import { alertWords } from './alert-words';
import type { ChainSource } from './chain-source';
import { balanceFloor, floorBreaches, type Balances } from './rules/balance-floor';
import type { ScanState } from './state';
import type { AlertDraft, BlockPoint } from './types';
import { hasFloor, type WatchedAccount, type WatchList } from './watch-list';

async function balancesOf(account: WatchedAccount, source: ChainSource): Promise<Balances> {
  const onChain = await source.account(account.address);
  const tokens = new Map<string, bigint>();
  for (const entry of onChain?.assetV2 ?? []) tokens.set(entry.key, entry.value);
  for (const token of account.rules.balanceFloor.tokens.keys()) {
    if (/^\d+$/.test(token)) continue;
    tokens.set(token, await source.trc20Balance(token as HexAddress, account.address));
  }
  return { trx: onChain?.balance ?? 0n, tokens };
}

/**
 * Balances are read from the node's current state, so floors are checked once the scanner is at
 * the head: for each account never checked, or touched by a transaction since its last check. An
 * asset already reported below its floor is reported again only after it has been above it.
 * Each finding is anchored to the transaction that last touched the account (or, with none, the
 * block the scanner stands on).
 */
export async function checkFloors(
  scan: ScanState,
  list: WatchList,
  source: ChainSource,
): Promise<{ draft: AlertDraft; at: BlockPoint }[]> {
  const cursor = scan.cursor!;
  const words = alertWords(list);
  const out: { draft: AlertDraft; at: BlockPoint }[] = [];
  for (const account of list.accounts) {
    const track = scan.accounts[account.address];
    if (!track) continue;
    if (!hasFloor(account.rules.balanceFloor)) {
      // Without a floor nothing is read; one set later is checked at once, from a clean slate.
      track.below = {};
      delete track.floorCheckedAt;
      continue;
    }
    const touch = track.lastTouch;
    if (track.floorCheckedAt !== undefined && (!touch || touch.block <= track.floorCheckedAt)) continue;
    const breaches = floorBreaches(account, await balancesOf(account, source));
    const breached = new Set(breaches.map((b) => b.asset));
    for (const asset of Object.keys(track.below)) if (!breached.has(asset)) delete track.below[asset];
    const at: BlockPoint = touch ? { number: touch.block, id: touch.blockId, timestamp: touch.timestamp } : cursor;
    for (const breach of breaches) {
      if (track.below[breach.asset]) continue;
      const anchor = touch ? { txid: touch.txid as TxId } : { blockId: cursor.id };
      const draft = balanceFloor(account, breach, anchor, words);
      out.push({ draft, at });
      track.below[breach.asset] = { block: at.number };
    }
    track.floorCheckedAt = cursor.number;
  }
  return out;
}
