import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { bundleFingerprint, serializeBundle, type EnvelopeBundle } from '../../../src-core/envelope';
import { StoreError } from '../../../src-core/errors';
import { ensurePrivateDir, writeFileAtomic } from '../../vault/atomic-file';
import { sunSchema } from '../stores/common';
import { JsonStore, StoreErrorCode, type StoreDefinition } from '../stores/json-store';
import { readBundleInTurns } from './bundle-files';
import { PAYOUT_ROW_STATUSES, type PayoutRowStatus } from '../../../src-core/payouts/row-status';

/**
 * Where a bundle's broadcast stands, on disk, so a reopened app resumes where it stopped: each
 * row's status with its times, block, fee and reason. A row is marked `sending` before it goes to
 * the node, so after a crash the rows that may have left are looked up on the node before anything
 * is sent again. The signed bundle itself is written once beside it (`bundle-<id>.json`) and read
 * back through the bundle's checks, so a changed file is refused like any received bundle.
 */
export const BUNDLE_RUNS_FILE = 'bundle-runs.json';

export type RowStatus = PayoutRowStatus;

const rowStateSchema = z.strictObject({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  status: z.enum(PAYOUT_ROW_STATUSES),
  /** Times the node was asked to take it (busy answers included). */
  attempts: z.number().int().nonnegative(),
  broadcastAt: z.number().int().nullable(),
  /** When this desk saw it solidified. */
  confirmedAt: z.number().int().nullable(),
  blockNumber: z.number().int().nullable(),
  blockTime: z.number().int().nullable(),
  /** TransactionInfo.fee: every sun the chain charged (bandwidth, energy, account creation). */
  feeSun: sunSchema.nullable(),
  /** The node's code (SIGERROR, REVERT…) and its words, for a failed or held row. */
  nodeCode: z.string().nullable(),
  reason: z.string().nullable(),
  /** The node answered DUP_TRANSACTION_ERROR: it already held this row. */
  duplicate: z.boolean(),
});
export type RowState = z.output<typeof rowStateSchema>;

const runSchema = z.strictObject({
  /** The bundle fingerprint's full digest. */
  id: z.string().regex(/^[0-9a-f]{64}$/),
  owner: z.string(),
  proposedAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  rows: z.array(rowStateSchema),
});
export type BundleRun = z.output<typeof runSchema>;

const runsSchema = z.strictObject({ runs: z.array(runSchema) });
export type BundleRunsData = z.output<typeof runsSchema>;

export const bundleRunsDefinition: StoreDefinition<BundleRunsData> = {
  format: 'tron-wallet-bundle-runs',
  version: 1,
  what: 'payout broadcasts',
  schema: runsSchema,
  empty: () => ({ runs: [] }),
};

export class BundleRuns {
  private constructor(
    private readonly folder: string,
    readonly store: JsonStore<BundleRunsData>,
  ) {}

  static async open(folder: string): Promise<BundleRuns> {
    await ensurePrivateDir(folder);
    return new BundleRuns(folder, await JsonStore.open(join(folder, BUNDLE_RUNS_FILE), bundleRunsDefinition));
  }

  /**
   * The run of a fully signed bundle, created once: the bundle is written beside the states and
   * every row starts `waiting` (or `unsigned` when `ready` says it is short of its threshold).
   * Asking again for the same bundle returns the run as it stands, never a fresh one, except that
   * rows now at their threshold join it (the bundle with their signatures replaces the saved one).
   */
  async start(bundle: EnvelopeBundle, ready: readonly boolean[], now: number): Promise<BundleRun> {
    const id = bundleFingerprint(bundle).digest;
    const existing = this.get(id);
    if (existing) {
      // Rows that reached their threshold since (more signatures came in) join the run; the rest stand.
      const joined = existing.rows.flatMap((row, i) => (row.status === 'unsigned' && ready[i] ? [i] : []));
      if (joined.length === 0) return existing;
      await writeFileAtomic(this.bundleFile(id), serializeBundle(bundle));
      return this.updateRows(
        id,
        joined.map((i) => [i, { status: 'waiting', reason: null }]),
      );
    }
    await writeFileAtomic(this.bundleFile(id), serializeBundle(bundle));
    const run: BundleRun = {
      id,
      owner: bundle.rows[0]!.summary.owner,
      proposedAt: bundle.createdAt,
      startedAt: now,
      rows: bundle.rows.map((row, i) => ({
        txid: row.transaction.txID.toLowerCase(),
        status: ready[i] ? 'waiting' : 'unsigned',
        attempts: 0,
        broadcastAt: null,
        confirmedAt: null,
        blockNumber: null,
        blockTime: null,
        feeSun: null,
        nodeCode: null,
        reason: ready[i] ? null : 'Short of its threshold when the broadcast started; it was not sent.',
        duplicate: false,
      })),
    };
    await this.store.update((data) => ({ runs: [...data.runs, run] }));
    return run;
  }

  get(id: string): BundleRun | undefined {
    return this.store.read().runs.find((r) => r.id === id);
  }

  list(): readonly BundleRun[] {
    return this.store.read().runs;
  }

  /** The signed bundle of a run, read back and verified. */
  async bundle(id: string): Promise<EnvelopeBundle> {
    const bundle = await readBundleInTurns(await readFile(this.bundleFile(id), 'utf8'));
    if (bundleFingerprint(bundle).digest !== id)
      throw new StoreError(
        StoreErrorCode.invalid,
        'The saved payout bundle is not the one its broadcast was started with; it was changed on disk.',
        { id },
      );
    return bundle;
  }

  /** Applies `change` to the rows at `indices` of run `id`, in one atomic write. */
  async updateRows(
    id: string,
    changes: ReadonlyMap<number, Partial<RowState>> | readonly [number, Partial<RowState>][],
  ): Promise<BundleRun> {
    const byIndex = changes instanceof Map ? changes : new Map(changes as [number, Partial<RowState>][]);
    const data = await this.store.update((current) => ({
      runs: current.runs.map((run) =>
        run.id !== id ? run : { ...run, rows: run.rows.map((row, i) => ({ ...row, ...(byIndex.get(i) ?? {}) })) },
      ),
    }));
    const run = data.runs.find((r) => r.id === id);
    if (!run) throw new StoreError(StoreErrorCode.notFound, 'No broadcast of this bundle was started here.', { id });
    return run;
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private bundleFile(id: string): string {
    return join(this.folder, `bundle-${id}.json`);
  }
}
