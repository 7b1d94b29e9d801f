import { z } from 'zod';
import { Collection, EntryStore, entriesDefinition } from './collection';
import { sunSchema, timeSchema } from './common';
import { JsonStore } from './json-store';

/**
 * `history.json`, per network: transactions this wallet built, signed or broadcast, with what
 * became of them. One entry per txid; fees are sun (bigint in memory, integer in the file).
 */
export const HISTORY_FILE = 'history.json';

export const HistoryStatus = {
  draft: 'draft',
  signed: 'signed',
  pending: 'pending',
  confirmed: 'confirmed',
  failed: 'failed',
  expired: 'expired',
} as const;
export type HistoryStatus = (typeof HistoryStatus)[keyof typeof HistoryStatus];

export const historyEntrySchema = z.strictObject({
  txid: z.string().regex(/^[0-9a-f]{64}$/, 'must be a transaction id of 64 lowercase hex characters'),
  /** Contract type, e.g. "TransferContract". */
  type: z.string().min(1).max(64),
  status: z.enum(['draft', 'signed', 'pending', 'confirmed', 'failed', 'expired']),
  /** Base58 owner address of the contract. */
  owner: z.string().max(64).nullable(),
  permissionId: z.number().int().nonnegative().nullable(),
  feeSun: sunSchema.nullable(),
  blockNumber: z.number().int().nonnegative().nullable(),
  /** Why it failed, in the node's words. */
  message: z.string().max(1000).nullable(),
  createdAt: timeSchema,
  updatedAt: timeSchema,
  broadcastAt: timeSchema.nullable(),
  confirmedAt: timeSchema.nullable(),
  /** Transaction expiration (ms), to mark it expired without asking the node. */
  expiresAt: timeSchema.nullable(),
  /**
   * `in`: a payment to one of this wallet's accounts that someone else made, found in a block
   * (history/incoming-transfers.ts). Absent for what this wallet built, signed or broadcast.
   */
  direction: z.literal('in').optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyDefinition = entriesDefinition('history', 'transaction history', historyEntrySchema);

export type HistoryRecord = Pick<HistoryEntry, 'txid' | 'type' | 'status'> &
  Partial<Omit<HistoryEntry, 'txid' | 'type' | 'status' | 'createdAt' | 'updatedAt'>>;

/** Newest first; txids in either case. */
export class History extends EntryStore<HistoryEntry, 'txid'> {
  private constructor(entries: Collection<HistoryEntry, 'txid'>) {
    super(entries, (a, b) => b.createdAt - a.createdAt);
  }

  static async open(file: string): Promise<History> {
    return new History(new Collection(await JsonStore.open(file, historyDefinition), 'txid', 'history entry'));
  }

  override get(txid: string): HistoryEntry | undefined {
    return super.get(txid.toLowerCase());
  }

  /** Adds the transaction or updates what is known about it; unspecified fields stay as they were. */
  async record(input: HistoryRecord, now = Date.now()): Promise<HistoryEntry> {
    const txid = input.txid.toLowerCase();
    const existing = this.entries.get(txid);
    const base: HistoryEntry = existing ?? {
      txid,
      type: input.type,
      status: input.status,
      owner: null,
      permissionId: null,
      feeSun: null,
      blockNumber: null,
      message: null,
      createdAt: now,
      updatedAt: now,
      broadcastAt: null,
      confirmedAt: null,
      expiresAt: null,
    };
    const defined = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    return this.entries.put({ ...base, ...defined, txid, updatedAt: now });
  }

  /**
   * Adds a payment to this wallet found in a block, dated by the block. A txid already known (built,
   * signed or broadcast here) keeps its entry: the list then shows it once, as this wallet's own.
   */
  async addIncoming(
    input: Pick<HistoryEntry, 'txid' | 'type' | 'owner' | 'blockNumber'> & { blockTime: number },
    now = Date.now(),
  ): Promise<boolean> {
    const txid = input.txid.toLowerCase();
    if (this.entries.get(txid)) return false;
    await this.entries.put({
      txid,
      type: input.type,
      status: 'confirmed',
      owner: input.owner,
      permissionId: null,
      feeSun: null,
      blockNumber: input.blockNumber,
      message: null,
      createdAt: input.blockTime,
      updatedAt: now,
      broadcastAt: null,
      confirmedAt: input.blockTime,
      expiresAt: null,
      direction: 'in',
    });
    return true;
  }

  override remove(txid: string): Promise<void> {
    return super.remove(txid.toLowerCase());
  }
}
