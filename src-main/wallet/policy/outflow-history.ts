import { toBase58Address } from '../../../src-core/address/address';
import type { FetchLike } from '../../../src-core/client/fetch';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { bytesToUtf8 } from '../../../src-core/bytes/utf8';
import { parseJsonLossless } from '../../../src-core/json/lossless';
import { DAY_MS, PolicyError, trc10Asset, trc20Asset, trxAsset, type OutflowRecord } from '../../../src-core/policy';
import { jsonObject, wholeNumber, type Json } from './node-json';

/**
 * The account's outflows in the 24 hours before `now`, from the node's account-history API
 * (TronGrid's `/v1/accounts/{address}/transactions` and `/transactions/trc20`, which TronGrid and
 * the embedded node serve, src-main/node/README.md "Event API"). Two listings filtered by the node
 * (`only_from`, `min_timestamp`) cost a few requests per signature, where a scan of a day of blocks
 * would cost 28,800 block reads on mainnet. The TRC-20 listing holds every Transfer log whose
 * `from` is the account, so a spender's transferFrom counts too.
 *
 * Limits: a stock java-tron without that API answers 404, and a day with more than
 * `MAX_PAGES` × 200 outflows of one kind cannot be counted; both refuse with a sentence rather
 * than count less than was sent. Freezing and delegating move no value to anyone and are not listed.
 */
export interface HistoryEndpoint {
  /** The node's base URL (no trailing slash needed). */
  readonly url: string;
  readonly apiKey?: string | undefined;
  readonly fetch: FetchLike;
}

const PAGE = 200;
export const MAX_PAGES = 10;

export async function outflowsInLastDay(
  endpoint: HistoryEndpoint,
  account: string,
  now: number,
): Promise<OutflowRecord[]> {
  const address = toBase58Address(account);
  const since = now - DAY_MS;
  const [transactions, tokens] = await Promise.all([
    listAll(endpoint, `/v1/accounts/${address}/transactions`, since),
    listAll(endpoint, `/v1/accounts/${address}/transactions/trc20`, since),
  ]);
  return [
    ...transactions.flatMap((row) => transactionOutflows(row, address)),
    ...tokens.flatMap((row) => tokenOutflows(row, address)),
  ];
}

async function listAll(endpoint: HistoryEndpoint, path: string, since: number): Promise<Json[]> {
  const rows: Json[] = [];
  let fingerprint: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ only_from: 'true', min_timestamp: String(since), limit: String(PAGE) });
    if (fingerprint) query.set('fingerprint', fingerprint);
    const answer = jsonObject(await getJson(endpoint, `${path}?${query.toString()}`));
    if (answer.success === false || !Array.isArray(answer.data)) {
      throw historyUnavailable(endpoint, `it answered ${String(answer.error ?? 'without a data list')}`);
    }
    rows.push(...answer.data.map(jsonObject));
    const next = jsonObject(answer.meta).fingerprint;
    // The node's own fingerprint pages on; its `links.next` URL is not followed, so a node can only
    // page within the path asked.
    if (typeof next !== 'string' || next === '' || answer.data.length === 0) return rows;
    fingerprint = next;
  }
  throw new PolicyError(
    'POLICY_HISTORY_TOO_LONG',
    `The account sent more than ${MAX_PAGES * PAGE} transactions of one kind in the last 24 hours, more than ` +
      'this desk reads to count the daily caps, so it does not sign under the policy now.',
  );
}

async function getJson(endpoint: HistoryEndpoint, pathAndQuery: string): Promise<unknown> {
  const url = `${endpoint.url.replace(/\/+$/, '')}${pathAndQuery}`;
  let response;
  try {
    response = await endpoint.fetch(url, {
      method: 'GET',
      headers: endpoint.apiKey ? { 'TRON-PRO-API-KEY': endpoint.apiKey } : {},
    });
  } catch (cause) {
    throw historyUnavailable(endpoint, `the request failed (${cause instanceof Error ? cause.message : 'no answer'})`);
  }
  const text = await response.text();
  if (response.status !== 200) throw historyUnavailable(endpoint, `it answered HTTP ${response.status}`);
  try {
    return parseJsonLossless(text);
  } catch {
    throw historyUnavailable(endpoint, 'its answer was not JSON');
  }
}

function historyUnavailable(endpoint: HistoryEndpoint, why: string): PolicyError {
  const host = endpoint.url.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/, '');
  return new PolicyError(
    'POLICY_HISTORY_UNAVAILABLE',
    `The account's outflows of the last 24 hours could not be read from the node at ${host}: ${why}. The daily ` +
      'caps cannot be counted, so nothing is signed under the policy; use TronGrid or the embedded node, which ' +
      'serve the account history.',
    { host },
  );
}

/** The TRX or TRC-10 a successful transaction of the account sent: a transfer, or a call's value. */
function transactionOutflows(row: Json, account: string): OutflowRecord[] {
  const success = (Array.isArray(row.ret) ? row.ret : []).every((r) => {
    const result = jsonObject(r).contractRet;
    return result === undefined || result === 'SUCCESS';
  });
  const raw = jsonObject(row.raw_data);
  const contract = jsonObject(Array.isArray(raw.contract) ? raw.contract[0] : undefined);
  const value = jsonObject(jsonObject(contract.parameter).value);
  const owner = typeof value.owner_address === 'string' ? safeBase58(value.owner_address) : undefined;
  const time = Number(row.block_timestamp);
  if (!success || owner !== account || !Number.isFinite(time)) return [];
  const out: OutflowRecord[] = [];
  switch (contract.type) {
    case 'TransferContract':
      out.push({ time, asset: trxAsset(), amount: wholeNumber(value.amount) });
      break;
    case 'TransferAssetContract':
      out.push({ time, asset: trc10Asset(tokenIdOf(value.asset_name)), amount: wholeNumber(value.amount) });
      break;
    case 'TriggerSmartContract':
      out.push({ time, asset: trxAsset(), amount: wholeNumber(value.call_value) });
      if (value.token_id !== undefined) {
        out.push({
          time,
          asset: trc10Asset(String(wholeNumber(value.token_id))),
          amount: wholeNumber(value.call_token_value),
        });
      }
      break;
    default:
      break;
  }
  return out.filter((o) => o.amount > 0n);
}

function tokenOutflows(row: Json, account: string): OutflowRecord[] {
  const time = Number(row.block_timestamp);
  const token = jsonObject(row.token_info).address;
  if (row.type !== 'Transfer' || typeof token !== 'string' || !Number.isFinite(time)) return [];
  if (typeof row.from !== 'string' || safeBase58(row.from) !== account) return [];
  const amount = wholeNumber(row.value);
  return amount > 0n ? [{ time, asset: trc20Asset(token), amount }] : [];
}

/** java-tron prints a TRC-10 `asset_name` as the hex of the id's digits. */
function tokenIdOf(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (/^([0-9a-fA-F]{2})+$/.test(text)) {
    const decoded = bytesToUtf8(hexToBytes(text));
    if (/^\d+$/.test(decoded)) return decoded;
  }
  return text;
}

function safeBase58(address: string): string | undefined {
  try {
    return toBase58Address(address);
  } catch {
    return undefined;
  }
}
