import type { protocol } from '../../../src-core/proto/runtime';
import { transactionInfosOf } from './block-result';
import { tooManyResults } from './errors';
import type { LogCriteria, LogQuery } from './log-filter';
import { OPEN_END } from './log-filter';
import { logEntry } from './log-entry';
import type { LogEntryJson } from './log-entry';
import type { BlockRecord, NodeReads } from './node-reads';

/**
 * eth_getLogs / eth_getFilterLogs: java-tron's LogBlockQuery (candidate blocks of the range, at
 * most MAX_RESULT of them) and LogMatch (the logs of each candidate, in block order, at most
 * MAX_RESULT). java-tron picks candidates with its section bloom store; this node matches every
 * block of the range exactly, which gives the same logs (a bloom only adds false candidates).
 */
export const MAX_RESULT = 10_000;
const TOO_MANY = `query returned more than ${MAX_RESULT} results`;

/** LogMatch.matchBlock: the matching logs of one block, logIndex counted over all its logs. */
export function matchBlock(
  criteria: LogCriteria,
  block: BlockRecord,
  infos: readonly protocol.TransactionInfo[],
): LogEntryJson[] {
  const out: LogEntryJson[] = [];
  let logIndex = 0;
  infos.forEach((info, transactionIndex) => {
    for (const log of info.log) {
      if (criteria.matches(log))
        out.push(
          logEntry(log, {
            blockHash: block.id,
            blockNumber: block.number,
            transactionId: info.id,
            transactionIndex,
            logIndex,
          }),
        );
      logIndex++;
    }
  });
  return out;
}

export async function queryLogs(reads: NodeReads, query: LogQuery, head: bigint): Promise<LogEntryJson[]> {
  const first = query.fromBlock === OPEN_END ? head : query.fromBlock;
  const last = query.toBlock === OPEN_END || query.toBlock > head ? head : query.toBlock;
  if (first > head) return [];
  const start = first < 0n ? 0n : first;
  // Without conditions java-tron's bloom query returns every block of the range as a candidate.
  if (query.criteria.unconditional && last - start + 1n >= BigInt(MAX_RESULT)) throw tooManyResults(TOO_MANY);
  const perBlock: LogEntryJson[][] = [];
  for (let n = start; n <= last; n++) {
    const block = await reads.block(Number(n));
    if (!block || block.transactions.length === 0) continue;
    const matched = matchBlock(query.criteria, block, await transactionInfosOf(reads, block));
    if (matched.length > 0) perBlock.push(matched);
  }
  if (!query.criteria.unconditional && perBlock.length >= MAX_RESULT) throw tooManyResults(TOO_MANY);
  const logs: LogEntryJson[] = [];
  for (const matched of perBlock) {
    logs.push(...matched);
    if (logs.length > MAX_RESULT) throw tooManyResults(TOO_MANY);
  }
  return logs;
}
