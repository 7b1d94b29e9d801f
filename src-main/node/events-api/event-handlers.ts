import type { Abi } from '../../../src-core/abi';
import { isValidAddress, toHexAddress } from '../../../src-core/address/address';
import type { ApiRequest } from '../http/request';
import type { RawReply } from '../http/server';
import type { ChainIndex, LogRow } from './chain-index';
import { decodeRow, eventJson } from './event-json';
import type { DecodedRow } from './event-json';
import { pageMeta, paginate } from './paging';
import { confirmationAllows, listParams, param, wholeParam } from './query';
import type { Confirmation } from './query';
import type { EventReads } from './reads';
import { TronGridError, pageReply } from './reply';

/**
 * TronGrid's event lists: `/v1/contracts/{address}/events` (filters event_name, block_number,
 * min_block_timestamp, max_block_timestamp), `/v1/transactions/{id}/events` (every event of the
 * transaction) and `/v1/blocks/{number|latest}/events`; all take only_confirmed /
 * only_unconfirmed, the lists limit, order_by and fingerprint.
 */
export interface EventContext {
  readonly reads: EventReads;
  readonly index: ChainIndex;
}

/** Decodes each row once per request, with its contract's ABI as it is now (read once per request). */
function decoder(reads: EventReads): (row: LogRow) => DecodedRow | undefined {
  const decoded = new Map<LogRow, DecodedRow | undefined>();
  const abis = new Map<string, Abi | undefined>();
  const abiOf = (contract: string): Abi | undefined => {
    if (!abis.has(contract)) abis.set(contract, reads.abi(contract));
    return abis.get(contract);
  };
  return (row) => {
    if (!decoded.has(row)) decoded.set(row, decodeRow(row, abiOf(row.contract)));
    return decoded.get(row);
  };
}

export function addressParam(text: string, what: 'contract' | 'account'): string {
  const value = decodeURIComponent(text);
  if (!isValidAddress(value)) throw new TronGridError(`A valid ${what} address is required.`);
  return toHexAddress(value);
}

export async function contractEvents(ctx: EventContext, request: ApiRequest, address: string): Promise<RawReply> {
  const contract = addressParam(address, 'contract');
  const params = listParams(request.query);
  const eventName = param(request.query, 'event_name');
  const blockNumber = wholeParam(request.query, 'block_number');
  const since = wholeParam(request.query, 'min_block_timestamp');
  const until = wholeParam(request.query, 'max_block_timestamp');
  await ctx.index.catchUp();
  const solid = ctx.reads.node.solidNumber();
  const decode = decoder(ctx.reads);
  const page = paginate(ctx.index.contractLogs(contract), params, (row) => {
    if (!confirmationAllows(params.confirmation, row.position.block, solid)) return false;
    if (blockNumber !== undefined && row.position.block !== blockNumber) return false;
    if (since !== undefined && row.timestamp < since) return false;
    if (until !== undefined && row.timestamp > until) return false;
    const decoded = decode(row);
    return decoded !== undefined && (eventName === undefined || decoded.fragment.name === eventName);
  });
  const data = page.rows.map((row) => eventJson(decode(row)!, solid));
  return pageReply(data, pageMeta(request, data.length, page.next));
}

export async function transactionEvents(ctx: EventContext, request: ApiRequest, id: string): Promise<RawReply> {
  if (!/^[0-9a-fA-F]{64}$/.test(id)) throw new TronGridError('A valid transaction id is required.');
  const confirmation = listParams(request.query).confirmation;
  await ctx.index.catchUp();
  const data = decodedEvents(ctx, ctx.index.transactionLogs(id.toLowerCase()), confirmation);
  return pageReply(data, { at: Date.now(), page_size: data.length });
}

export async function blockEvents(ctx: EventContext, request: ApiRequest, number: string): Promise<RawReply> {
  if (number !== 'latest' && !/^\d{1,15}$/.test(number)) throw new TronGridError('A valid block number is required.');
  const params = listParams(request.query);
  await ctx.index.catchUp();
  const block = number === 'latest' ? ctx.reads.node.headNumber() : Number(number);
  const solid = ctx.reads.node.solidNumber();
  const decode = decoder(ctx.reads);
  const page = paginate(
    ctx.index.blockLogs(block),
    params,
    (row) => confirmationAllows(params.confirmation, row.position.block, solid) && decode(row) !== undefined,
  );
  const data = page.rows.map((row) => eventJson(decode(row)!, solid));
  return pageReply(data, pageMeta(request, data.length, page.next));
}

function decodedEvents(ctx: EventContext, rows: readonly LogRow[], confirmation: Confirmation): unknown[] {
  const solid = ctx.reads.node.solidNumber();
  const decode = decoder(ctx.reads);
  return rows
    .filter((row) => confirmationAllows(confirmation, row.position.block, solid))
    .map(decode)
    .filter((decoded): decoded is DecodedRow => decoded !== undefined)
    .map((decoded) => eventJson(decoded, solid));
}
