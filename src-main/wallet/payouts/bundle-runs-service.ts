import type { TronNodeClient } from '../../../src-core/client/client';
import type { EnvelopeBundle } from '../../../src-core/envelope';
import { PayoutError } from '../../../src-core/payouts/errors';
import type { NodeBlock } from '../../../src-core/ipc/channels/node';
import type { WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import { BundleBroadcaster, type BroadcastOutcome, type BundleBroadcasterOptions } from './bundle-broadcaster';
import { BundleFollower, SETTLED } from './bundle-follower';
import type { BundleRun, BundleRuns } from './bundle-run-store';
import { payoutReportCsv } from './report';

type Client = Pick<TronNodeClient, 'broadcastTransaction' | 'getTransactionById' | 'getTransactionInfoById'>;

export interface BundleRunsServiceOptions {
  readonly runs: BundleRuns;
  readonly chain: { client(): Client | null } & Pick<ChainAccess, 'head' | 'onBlock'>;
  readonly log: WalletLog;
  /** Pace and clock of the broadcaster (tests); the defaults are `BROADCAST_PACE`. */
  readonly pace?: Omit<BundleBroadcasterOptions, 'runs' | 'client'>;
}

/**
 * The payout runs of this desk over time: a signed bundle started once, the open runs resumed when
 * the app starts again (rows marked `sending` looked up first, so none goes out twice), every open
 * run followed on each block, and the report of any run. One broadcast at a time per run.
 */
export class BundleRunsService {
  private readonly broadcaster: BundleBroadcaster;
  private readonly follower: BundleFollower;
  private readonly bundles = new Map<string, EnvelopeBundle>();
  private readonly sending = new Map<string, Promise<BroadcastOutcome>>();
  private pass: Promise<void> | null = null;
  private readonly stop: () => void;

  constructor(private readonly options: BundleRunsServiceOptions) {
    this.broadcaster = new BundleBroadcaster({ ...options.pace, runs: options.runs, client: options.chain.client });
    this.follower = new BundleFollower({ runs: options.runs, client: options.chain.client });
    this.stop = options.chain.onBlock((block) => void this.follow(block));
  }

  dispose(): void {
    this.stop();
  }

  /** Starts the broadcast of a signed bundle, or continues the run already started for it. */
  broadcast(bundle: EnvelopeBundle): Promise<BroadcastOutcome> {
    const key = bundle.rows[0]!.transaction.txID;
    const running = this.sending.get(key);
    if (running) return running;
    const run = this.broadcaster.broadcast(bundle).then((outcome) => {
      this.bundles.set(outcome.run.id, bundle);
      return outcome;
    });
    this.sending.set(key, run);
    return run.finally(() => this.sending.delete(key));
  }

  /** Every run with rows still to send, continued (the app just started). */
  async resume(): Promise<BroadcastOutcome[]> {
    const outcomes: BroadcastOutcome[] = [];
    for (const run of this.options.runs.list()) {
      if (!run.rows.some((r) => r.status === 'waiting' || r.status === 'sending')) continue;
      outcomes.push(await this.broadcast(await this.bundleOf(run.id)));
    }
    return outcomes;
  }

  /** One follow pass over every open run (each bounded by the follower's lookups per pass); a pass running is joined. */
  follow(block: NodeBlock | null = this.options.chain.head()): Promise<void> {
    this.pass ??= this.followOnce(block).finally(() => {
      this.pass = null;
    });
    return this.pass;
  }

  private async followOnce(block: NodeBlock | null): Promise<void> {
    try {
      for (const run of this.options.runs.list()) {
        if (run.rows.every((r) => SETTLED.has(r.status) || r.status === 'waiting')) continue;
        await this.follower.follow(run.id, await this.bundleOf(run.id), block?.timestamp ?? null);
      }
    } catch (error) {
      this.options.log.warn('Following the payout runs failed; the next block tries again', {
        cause: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async report(id: string): Promise<{ csv: string; run: BundleRun }> {
    const run = this.options.runs.get(id);
    if (!run)
      throw new PayoutError('PAYOUT_UNKNOWN_RUN', 'This desk started no payout broadcast with that id.', { id });
    return { csv: payoutReportCsv(run, await this.bundleOf(id)), run };
  }

  /**
   * The signed bundle of a run, read from disk and verified once per app start: reading it back
   * recovers every row's signatures, seconds for hundreds of rows, so it is kept after the first read.
   */
  bundle(id: string): Promise<EnvelopeBundle> {
    return this.bundleOf(id);
  }

  private async bundleOf(id: string): Promise<EnvelopeBundle> {
    const known = this.bundles.get(id);
    if (known) return known;
    const bundle = await this.options.runs.bundle(id);
    this.bundles.set(id, bundle);
    return bundle;
  }
}
