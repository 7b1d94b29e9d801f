import { toBase58Address } from '../../../src-core/address/address';
import type { PermissionAnswer, PermissionAt, PermissionQuery } from '../../../src-core/audit';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import { parseJsonLossless } from '../../../src-core/json/lossless';
import {
  accountPermissionsFromAccountJson,
  accountPermissionsFromUpdate,
  effectivePermissions,
  permissionFor,
  weightOf,
  type AccountPermissions,
  type Permission,
} from '../../../src-core/permission/model';

/** Pages of the account's own transactions read to find its permission updates (200 rows each). */
export const UPDATE_PAGES_LIMIT = 50;
const PAGE_ROWS = 200;

/** One AccountPermissionUpdateContract of the account, in chain order: the structure it set, from its block on. */
export interface PermissionUpdate {
  readonly block: bigint;
  readonly after: AccountPermissions;
}

/** What the node let us know of the account's permission history, and what it could not. */
export interface PermissionHistory {
  readonly current: AccountPermissions | null;
  /** Null when the node could not list them (a plain java-tron node, or more than the page limit). */
  readonly updates: readonly PermissionUpdate[] | null;
  readonly note: string | null;
}

/**
 * The structure in force when a transaction in `block` was checked: java-tron keeps only an
 * account's current state (`getaccount` has no block argument), so the past is rebuilt from the
 * account's own AccountPermissionUpdateContract transactions. With none at or after `block`, the current
 * structure was already in force; otherwise the one the last update before `block` set, and with
 * no update before it, java-tron's defaults (the account's own key, threshold 1). Without the list
 * (`updates` null) only the current structure is known, and the answer says so.
 */
export function permissionsAt(history: PermissionHistory, block: bigint | null): AccountPermissions | null {
  if (block === null || history.updates === null) return history.current;
  const later = history.updates.some((u) => u.block >= block);
  if (!later) return history.current;
  const before = history.updates.filter((u) => u.block < block).at(-1);
  return before ? before.after : null;
}

/** The signer's weight in the permission the transaction named (`permissionId`), or in any of the account's. */
export function signerWeight(
  account: AccountPermissions | null,
  owner: string,
  signer: string,
  permissionId: number | null,
): PermissionAnswer {
  const candidates: Permission[] =
    permissionId === null
      ? effectivePermissions(account, { ownerAddress: owner })
      : [permissionFor(account, permissionId, { ownerAddress: owner })].filter((p): p is Permission => !!p);
  const weight = candidates.reduce((best, p) => {
    const w = weightOf(p, signer);
    return w > best ? w : best;
  }, 0n);
  return { allowed: weight > 0n, weight };
}

/**
 * A `PermissionAt` hook that asks a node: the transaction's permission id (`gettransactionbyid`),
 * the account now (`getaccount`) and its permission updates (`/v1/accounts/{address}/transactions`
 * with `only_from`, served by TronGrid and by this app's node, not by a plain java-tron node).
 * `notes` collects, once each, what the node could not answer.
 */
export function nodePermissionAt(options: { nodeUrl: string; fetch: FetchLike; notes: Set<string> }): PermissionAt {
  const client = new TronNodeClient({ fullNodeUrl: options.nodeUrl, fetch: options.fetch });
  const histories = new Map<string, Promise<PermissionHistory>>();
  return async (query: PermissionQuery) => {
    let history = histories.get(query.account);
    if (!history) {
      history = readHistory(client, options, query.account);
      histories.set(query.account, history);
    }
    const known = await history;
    if (known.note) options.notes.add(known.note);
    const tx = await client.getTransactionById(query.txId).catch(() => null);
    const permissionId = tx ? (tx.raw_data.contract[0]?.Permission_id ?? 0) : null;
    if (!tx) {
      options.notes.add(
        `Transaction ${query.txId} is not on this node, so its signers were checked against every permission of ` +
          'the account rather than the one it used.',
      );
    }
    if (query.block === null) {
      options.notes.add(
        `Transaction ${query.txId} has no confirmation in the bundle, so its signers were checked at the latest block.`,
      );
    }
    return signerWeight(permissionsAt(known, query.block), query.account, query.signer, permissionId);
  };
}

async function readHistory(
  client: TronNodeClient,
  options: { nodeUrl: string; fetch: FetchLike },
  account: string,
): Promise<PermissionHistory> {
  const json = await client.getAccount(account);
  const current = json ? accountPermissionsFromAccountJson(json) : null;
  try {
    const updates = await listUpdates(options, account);
    if (updates === null) {
      return {
        current,
        updates: null,
        note:
          `The account has more than ${UPDATE_PAGES_LIMIT * PAGE_ROWS} transactions of its own, more than this ` +
          'check reads; signers were checked against its permission now.',
      };
    }
    return { current, updates, note: null };
  } catch {
    return {
      current,
      updates: null,
      note:
        'This node cannot list the account’s past permission updates (a java-tron node keeps only the current ' +
        'account state; the /v1/accounts API of TronGrid or this app’s node is needed), so signers were checked ' +
        'against the permission now, not at each block.',
    };
  }
}

/** The account's AccountPermissionUpdateContract transactions, oldest first; null past the page limit. */
async function listUpdates(
  options: { nodeUrl: string; fetch: FetchLike },
  account: string,
): Promise<PermissionUpdate[] | null> {
  const base = options.nodeUrl.replace(/\/+$/, '');
  const updates: PermissionUpdate[] = [];
  let fingerprint: string | undefined;
  for (let page = 0; page < UPDATE_PAGES_LIMIT; page++) {
    const query = new URLSearchParams({
      only_from: 'true',
      limit: String(PAGE_ROWS),
      order_by: 'block_timestamp,asc',
      ...(fingerprint ? { fingerprint } : {}),
    });
    const url = `${base}/v1/accounts/${toBase58Address(account)}/transactions?${query.toString()}`;
    const response = await options.fetch(url, { method: 'GET', headers: { accept: 'application/json' } });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    const body = parseJsonLossless(await response.text()) as {
      success?: boolean;
      data?: unknown[];
      meta?: { fingerprint?: string };
    };
    if (body.success === false || !Array.isArray(body.data)) throw new Error('not a transaction list');
    for (const row of body.data as { raw_data?: { contract?: unknown[] }; blockNumber?: unknown }[]) {
      const contract = row.raw_data?.contract?.[0] as { type?: string; parameter?: { value?: unknown } } | undefined;
      if (contract?.type !== 'AccountPermissionUpdateContract') continue;
      updates.push({
        block: BigInt(String(row.blockNumber)),
        after: accountPermissionsFromUpdate(contract.parameter?.value),
      });
    }
    fingerprint = body.meta?.fingerprint;
    if (!fingerprint) return updates.sort((a, b) => (a.block < b.block ? -1 : a.block > b.block ? 1 : 0));
  }
  return null;
}
