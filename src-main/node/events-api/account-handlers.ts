import { toBase58Address } from '../../../src-core/address/address';
import type { ApiRequest } from '../http/request';
import type { RawReply } from '../http/server';
import type { TokenRow, TransactionRow } from './chain-index';
import type { EventContext } from './event-handlers';
import { addressParam } from './event-handlers';
import { pageMeta, paginate } from './paging';
import { booleanParam, confirmationAllows, listParams, param, wholeParam } from './query';
import type { ListParams } from './query';
import { pageReply } from './reply';
import type { TokenInfoCache } from './token-info';

/**
 * TronGrid's account history: `/v1/accounts/{address}/transactions` (the transactions the account
 * sent or received, as java-tron prints them plus TronGrid's block and fee fields) and
 * `/v1/accounts/{address}/transactions/trc20` (its TRC-20 transfers and approvals). Both take the
 * list parameters, only_to, only_from, min_timestamp and max_timestamp; the TRC-20 list also
 * contract_address.
 */
export interface AccountContext extends EventContext {
  readonly tokens: TokenInfoCache;
}

interface DirectionFilter {
  readonly params: ListParams;
  readonly onlyTo: boolean;
  readonly onlyFrom: boolean;
  readonly since: number | undefined;
  readonly until: number | undefined;
}

function directionFilter(request: ApiRequest): DirectionFilter {
  return {
    params: listParams(request.query),
    onlyTo: booleanParam(request.query, 'only_to'),
    onlyFrom: booleanParam(request.query, 'only_from'),
    since: wholeParam(request.query, 'min_timestamp'),
    until: wholeParam(request.query, 'max_timestamp'),
  };
}

function accepts(
  filter: DirectionFilter,
  account: string,
  row: {
    readonly position: { readonly block: number };
    readonly timestamp: number;
    readonly from: string;
    readonly to?: string;
  },
  solid: number,
): boolean {
  if (!confirmationAllows(filter.params.confirmation, row.position.block, solid)) return false;
  if (filter.onlyTo && row.to !== account) return false;
  if (filter.onlyFrom && row.from !== account) return false;
  if (filter.since !== undefined && row.timestamp < filter.since) return false;
  return filter.until === undefined || row.timestamp <= filter.until;
}

export function accountTransactions(ctx: AccountContext, request: ApiRequest, address: string): Promise<RawReply> {
  return accountPage(ctx, request, address, (account) => ctx.index.accountTransactions(account), transactionRowJson);
}

export function accountTokenTransfers(ctx: AccountContext, request: ApiRequest, address: string): Promise<RawReply> {
  const tokenText = param(request.query, 'contract_address');
  const token = tokenText === undefined ? undefined : addressParam(tokenText, 'contract');
  return accountPage(
    ctx,
    request,
    address,
    (account) => ctx.index.accountTokenRows(account),
    tokenRowJson,
    (row) => token === undefined || row.token === token,
  );
}

/** One page of an account's rows that pass the direction, time and confirmation filters (and `only`). */
async function accountPage<T extends TransactionRow | TokenRow>(
  ctx: AccountContext,
  request: ApiRequest,
  address: string,
  rowsOf: (account: string) => readonly T[],
  toJson: (ctx: AccountContext, row: T) => Promise<Record<string, unknown>>,
  only: (row: T) => boolean = () => true,
): Promise<RawReply> {
  const account = addressParam(address, 'account');
  const filter = directionFilter(request);
  await ctx.index.catchUp();
  const solid = ctx.reads.node.solidNumber();
  const page = paginate(rowsOf(account), filter.params, (row) => only(row) && accepts(filter, account, row, solid));
  const data = await Promise.all(page.rows.map((row) => toJson(ctx, row)));
  return pageReply(data, pageMeta(request, data.length, page.next));
}

/** java-tron's transaction JSON with TronGrid's additions, in TronGrid's key order; `ret` carries the fee. */
async function transactionRowJson(ctx: AccountContext, row: TransactionRow): Promise<Record<string, unknown>> {
  const found = await ctx.reads.transactionJson(row.position.block, row.position.tx);
  if (!found) return { txID: row.txId };
  const { transaction, info } = found;
  const receipt = (info.receipt ?? {}) as Record<string, unknown>;
  const ret = ((transaction.ret as Record<string, unknown>[] | undefined) ?? [{}]).map((r) => ({
    ...r,
    fee: info.fee ?? 0,
  }));
  return {
    ret,
    signature: transaction.signature ?? [],
    txID: transaction.txID,
    net_usage: receipt.net_usage ?? 0,
    raw_data_hex: transaction.raw_data_hex,
    net_fee: receipt.net_fee ?? 0,
    energy_usage: receipt.energy_usage ?? 0,
    blockNumber: row.position.block,
    block_timestamp: row.timestamp,
    energy_fee: receipt.energy_fee ?? 0,
    energy_usage_total: receipt.energy_usage_total ?? 0,
    raw_data: transaction.raw_data,
    internal_transactions: info.internal_transactions ?? [],
  };
}

async function tokenRowJson(ctx: AccountContext, row: TokenRow): Promise<Record<string, unknown>> {
  return {
    transaction_id: row.txId,
    token_info: await ctx.tokens.of(row.token),
    block_timestamp: row.timestamp,
    from: toBase58Address(row.from),
    to: toBase58Address(row.to),
    type: row.type,
    value: row.value.toString(),
  };
}
