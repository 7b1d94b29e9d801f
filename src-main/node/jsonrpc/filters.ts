import { randomBytes } from 'node:crypto';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { transactionInfosOf } from './block-result';
import { isTag, TAG } from './block-params';
import { exceedLimit, invalidParams, itemNotFound } from './errors';
import { stripHexPrefix, toJsonHex } from './java-hex';
import type { LogEntryJson } from './log-entry';
import { logQueryOf } from './log-filter';
import type { FilterRequest, LogQuery } from './log-filter';
import { matchBlock, queryLogs } from './log-query';
import type { NodeReads } from './node-reads';

/**
 * eth_newFilter / eth_newBlockFilter and their polling (TronJsonRpcImpl's filter maps,
 * LogFilterAndResult, BlockFilterAndResult, FilterResult). A filter collects the blocks applied
 * after it was made (hashes, or the matching logs of blocks inside its range) until it is polled;
 * it expires EXPIRE_MS after it was made or last polled and is dropped when a block arrives after
 * that. java-tron hears of blocks from its block-processing thread; this registry reads the blocks
 * it has not seen yet when a request arrives (`catchUp`), before answering.
 */
export const EXPIRE_MS = 5 * 60 * 1000;
const FILTER_NOT_FOUND = 'filter not found';

/**
 * How many filters of each kind may live at once (java-tron's `node.jsonrpc.maxLogFilterNum` and
 * `maxBlockFilterNum`, with their JsonRpcExceedLimitException). java-tron's defaults are in the tens
 * of thousands for a public node; a wallet's local node serves a handful of clients, and every live
 * filter is visited for each new block.
 */
export const MAX_FILTERS = { log: 1_000, block: 1_000 } as const;

interface Polled<T> {
  readonly results: T[];
  expiresAt: number;
}

interface LogFilterEntry extends Polled<LogEntryJson> {
  readonly query: LogQuery;
}

export class FilterRegistry {
  private readonly logFilters = new Map<string, LogFilterEntry>();
  private readonly blockFilters = new Map<string, Polled<string>>();
  private lastSeen: number;
  private catching: Promise<void> = Promise.resolve();

  constructor(
    private readonly reads: NodeReads,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSeen = reads.headNumber();
  }

  /** Delivers the blocks applied since the last call to the filters (one call at a time). */
  catchUp(): Promise<void> {
    const run = this.catching.then(() => this.deliverNewBlocks());
    this.catching = run.catch(() => undefined);
    return run;
  }

  private async deliverNewBlocks(): Promise<void> {
    const head = this.reads.headNumber();
    if (this.logFilters.size === 0 && this.blockFilters.size === 0) {
      this.lastSeen = head;
      return;
    }
    while (this.lastSeen < head) {
      const number = this.lastSeen + 1;
      const block = await this.reads.block(number);
      this.lastSeen = number;
      if (!block) continue;
      const now = this.now();
      // TronJsonRpcImpl.handleBLockFilter: every block's hash.
      for (const [id, filter] of this.blockFilters) {
        if (filter.expiresAt < now) this.blockFilters.delete(id);
        else filter.results.push(toJsonHex(block.id));
      }
      // handleLogsFilter: only blocks with transactions are posted (Manager.postLogsFilter).
      if (block.transactions.length === 0) continue;
      const infos = await transactionInfosOf(this.reads, block);
      for (const [id, filter] of this.logFilters) {
        if (filter.expiresAt < now) {
          this.logFilters.delete(id);
          continue;
        }
        const n = BigInt(number);
        if (n < filter.query.fromBlock || n > filter.query.toBlock) continue;
        filter.results.push(...matchBlock(filter.query.criteria, block, infos));
      }
    }
  }

  /** eth_newFilter: the range is fixed now ("latest" = the current head); no range limit. */
  async newLogFilter(request: FilterRequest): Promise<string> {
    if (isTag(request.fromBlock, TAG.finalized) || isTag(request.toBlock, TAG.finalized))
      throw invalidParams('invalid block range params');
    this.makeRoom(this.logFilters, MAX_FILTERS.log, 'log');
    const query = await logQueryOf(this.reads, request, BigInt(this.reads.headNumber()), false);
    // The request was read meanwhile: another one may have taken the last place.
    this.makeRoom(this.logFilters, MAX_FILTERS.log, 'log');
    const id = newFilterId();
    this.logFilters.set(id, { query, results: [], expiresAt: this.now() + EXPIRE_MS });
    return `0x${id}`;
  }

  newBlockFilter(): string {
    this.makeRoom(this.blockFilters, MAX_FILTERS.block, 'block');
    const id = newFilterId();
    this.blockFilters.set(id, { results: [], expiresAt: this.now() + EXPIRE_MS });
    return `0x${id}`;
  }

  /** eth_getFilterChanges: what arrived since the last poll; the poll renews the filter. */
  changes(filterId: string | null): readonly (string | LogEntryJson)[] {
    const id = stripHexPrefix(filterId);
    const filter = this.blockFilters.get(id) ?? this.logFilters.get(id);
    if (!filter) throw itemNotFound(FILTER_NOT_FOUND);
    const results = filter.results.splice(0);
    filter.expiresAt = this.now() + EXPIRE_MS;
    return results;
  }

  /** eth_getFilterLogs: the log filter's whole range queried again (no block-range limit, no renewal). */
  async logs(filterId: string | null): Promise<LogEntryJson[]> {
    const filter = this.logFilters.get(stripHexPrefix(filterId));
    if (!filter) throw itemNotFound(FILTER_NOT_FOUND);
    return queryLogs(this.reads, filter.query, BigInt(this.reads.headNumber()));
  }

  /**
   * Refuses a new filter when `limit` filters of its kind live. Filters past their expiry are
   * dropped first: java-tron drops them when the next block arrives, and with no block since (a
   * node mined on request) they would keep every place taken.
   */
  private makeRoom(filters: Map<string, Polled<unknown>>, limit: number, kind: 'log' | 'block'): void {
    if (filters.size < limit) return;
    const now = this.now();
    for (const [id, filter] of filters) if (filter.expiresAt < now) filters.delete(id);
    if (filters.size >= limit) throw exceedLimit(`exceed max ${kind} filters: ${limit}, try again later`);
  }

  uninstall(filterId: string | null): boolean {
    const id = stripHexPrefix(filterId);
    if (!this.logFilters.delete(id) && !this.blockFilters.delete(id)) throw itemNotFound(FILTER_NOT_FOUND);
    return true;
  }
}

/** JsonRpcApiUtil.generateFilterId: 16 random bytes, hex. */
function newFilterId(): string {
  return bytesToHex(randomBytes(16));
}
