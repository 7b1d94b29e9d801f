import { join } from 'node:path';
import type { WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import { BundleRuns } from './bundle-run-store';
import { BundleRunsService, type BundleRunsServiceOptions } from './bundle-runs-service';

/** The payout runs of a network live beside its other stores: `<user data>/networks/<key>/payouts/`. */
export const PAYOUT_RUNS_FOLDER = 'payouts';

export interface PayoutRunsHostOptions {
  readonly chain: BundleRunsServiceOptions['chain'] & Pick<ChainAccess, 'stores' | 'onNetworkChange'>;
  readonly log: WalletLog;
  readonly pace?: BundleRunsServiceOptions['pace'];
}

interface Open {
  readonly dir: string;
  readonly runs: BundleRuns;
  readonly service: BundleRunsService;
}

/**
 * The payout runs of the network in use: opened from that network's folder, the open runs resumed
 * when it opens (the app just started, or the person switched back), and followed on its blocks.
 * A run of one chain is never sent to another: switching networks closes one set and opens the next.
 */
export class PayoutRunsHost {
  private current: Open | null = null;
  /** Opening, switching and closing one after another: two calls never open the same folder twice. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly stopListening: () => void;

  constructor(private readonly options: PayoutRunsHostOptions) {
    this.stopListening = options.chain.onNetworkChange(() => void this.start());
  }

  /** The runs of the network in use, opened on first use. */
  open(): Promise<Open> {
    return this.queued(() => this.openNow());
  }

  /** Opens the network's runs and continues every one with rows still to send; failures are logged, not thrown. */
  async start(): Promise<void> {
    try {
      await (await this.open()).service.resume();
    } catch (error) {
      this.options.log.warn('Resuming the payout runs failed; they continue when a run is asked for', {
        cause: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async close(): Promise<void> {
    this.stopListening();
    await this.queued(async () => {
      if (this.current) await this.release(this.current);
      this.current = null;
    });
  }

  private queued<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async openNow(): Promise<Open> {
    const dir = join(this.options.chain.stores().dir, PAYOUT_RUNS_FOLDER);
    if (this.current?.dir === dir) return this.current;
    if (this.current) await this.release(this.current);
    this.current = null;
    const runs = await BundleRuns.open(dir);
    const chain = this.options.chain;
    const service = new BundleRunsService({
      runs,
      // The service hands `client` on as a plain function, so each is bound to the host here.
      chain: { client: () => chain.client(), head: () => chain.head(), onBlock: (l) => chain.onBlock(l) },
      log: this.options.log,
      ...(this.options.pace ? { pace: this.options.pace } : {}),
    });
    this.current = { dir, runs, service };
    return this.current;
  }

  private async release(open: Open): Promise<void> {
    open.service.dispose();
    await open.runs.close();
  }
}
