import { decodeRevertData } from '../../../src-core/abi/revert';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { TransactionInfo } from '../../../src-core/client/types';
import type { EnvelopeBundle } from '../../../src-core/envelope';
import { judgeSuccess } from '../transactions/tracking';
import type { BundleRun, BundleRuns, RowState, RowStatus } from './bundle-run-store';
import { mapLimited } from './limited';

/** Node lookups one pass may make, so a run of hundreds of rows never floods the node on one block. */
export const FOLLOW_LOOKUPS_PER_PASS = 50;
/**
 * Rows asked about at once within a pass: one after another, 50 rows of two requests each outlast
 * a block on a busy machine, and the rows of a large run then wait several blocks to be seen.
 */
export const FOLLOW_LOOKUPS_AT_ONCE = 4;

/** Statuses after which the chain has nothing more to say about a row. */
export const SETTLED: ReadonlySet<RowStatus> = new Set(['confirmed', 'failed', 'expired', 'unsigned']);

export interface BundleFollowerOptions {
  readonly runs: BundleRuns;
  readonly client: () => Pick<TronNodeClient, 'getTransactionInfoById'> | null;
  readonly now?: () => number;
  readonly lookupsPerPass?: number;
  readonly lookupsAtOnce?: number;
  readonly onRow?: (index: number, row: RowState) => void;
}

/**
 * Follows the rows a run sent until each is confirmed (solidified) or failed, with the block, the
 * fee the chain charged and, for a failure, the chain's own reason (REVERT and the contract's
 * message). A row past its expiration at the head block's time and in no block is expired. Each
 * pass looks up at most `lookupsPerPass` rows, the oldest sent first; call it on every block.
 */
export class BundleFollower {
  private readonly now: () => number;

  constructor(private readonly options: BundleFollowerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** One pass; `headTime` is the head block's time, for expiry (null: not judged this pass). */
  async follow(id: string, bundle: EnvelopeBundle, headTime: number | null): Promise<BundleRun> {
    const runs = this.options.runs;
    const client = this.options.client();
    const run = runs.get(id);
    if (!run || !client) return run!;
    const due = run.rows
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => row.status === 'sent' || row.status === 'packed' || row.status === 'sending')
      .sort((a, b) => (a.row.broadcastAt ?? 0) - (b.row.broadcastAt ?? 0))
      .slice(0, this.options.lookupsPerPass ?? FOLLOW_LOOKUPS_PER_PASS);
    const changes: [number, Partial<RowState>][] = [];
    const answers = await mapLimited(due, this.options.lookupsAtOnce ?? FOLLOW_LOOKUPS_AT_ONCE, async ({ row }) => {
      const solid = await client.getTransactionInfoById(row.txid, { solidity: true }).catch(() => null);
      const info = solid ?? (await client.getTransactionInfoById(row.txid).catch(() => null));
      return { solid, info };
    });
    for (const [i, { row, index }] of due.entries()) {
      const { solid, info } = answers[i]!;
      if (info && info.blockNumber > 0) {
        changes.push([index, this.settled(info, solid !== null)]);
        continue;
      }
      const expiresAt = Number(bundle.rows[index]!.transaction.raw_data.expiration ?? 0);
      // The node drops an expired transaction from its pool; one block past it, nothing can pack it.
      if (row.status !== 'sending' && headTime !== null && headTime > expiresAt + PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS)
        changes.push([
          index,
          { status: 'expired', reason: 'It expired before it reached a block; re-propose it to pay this row.' },
        ]);
    }
    if (changes.length === 0) return run;
    const updated = await runs.updateRows(id, changes);
    for (const [index] of changes) this.options.onRow?.(index, updated.rows[index]!);
    return updated;
  }

  private settled(info: TransactionInfo, solid: boolean): Partial<RowState> {
    const judged = judgeSuccess(info, undefined);
    const facts = { blockNumber: info.blockNumber, blockTime: info.blockTimeStamp, feeSun: info.fee };
    if (!judged.success)
      return {
        ...facts,
        status: 'failed',
        nodeCode: judged.result,
        reason: `In block ${info.blockNumber}, failed with ${judged.result}: ${failureText(info)} The fee was charged.`,
        ...(solid ? { confirmedAt: this.now() } : {}),
      };
    return solid ? { ...facts, status: 'confirmed', confirmedAt: this.now() } : { ...facts, status: 'packed' };
  }
}

/** The contract's own reason (`Error(string)`, a panic) when its revert data says one, else the node's words. */
function failureText(info: TransactionInfo): string {
  const data = info.contractResult[0] ?? '';
  if (data !== '') {
    try {
      return decodeRevertData(data).message;
    } catch {
      // Not hex: the node's message below.
    }
  }
  const said = info.resMessage.trim().replace(/[.\s]+$/, '');
  return said ? `${said}.` : 'the node gave no reason.';
}
