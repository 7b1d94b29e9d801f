import { expiryStatus, type Envelope } from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import type { NodeBlock } from '../../../src-core/ipc/channels/node';
import type { EmitEvent, WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { CosignTracker } from './tracker';

export interface ExpiryWatchOptions {
  readonly chain: Pick<ChainAccess, 'stores' | 'onBlock' | 'onNetworkChange'> & Partial<Pick<ChainAccess, 'client'>>;
  readonly tracker: Pick<CosignTracker, 'record' | 'historyEntry'>;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
}

/**
 * On each block, marks envelopes that expired unbroadcast, once each: expired in the history
 * (when it still says signed or draft) and announced with `cosign:changed`. One the node holds in
 * a block is left to `EnvelopeFollower`, which records what became of it.
 */
export class ExpiryWatch {
  /** Expiries already announced, so each is recorded once. */
  private readonly seen = new Set<string>();
  private checking = false;
  private readonly stops: (() => void)[];

  constructor(private readonly options: ExpiryWatchOptions) {
    this.stops = [
      options.chain.onBlock((block) => void this.check(block)),
      options.chain.onNetworkChange(() => this.seen.clear()),
    ];
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private async inBlock(txid: string): Promise<boolean> {
    const client = this.options.chain.client?.();
    if (!client) return false;
    try {
      return ((await client.getTransactionInfoById(txid))?.blockNumber ?? 0) > 0;
    } catch (error) {
      if (error instanceof WalletError) return false;
      throw error;
    }
  }

  private async check(block: NodeBlock): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const envelopes = this.options.chain.stores().envelopes;
      if (envelopes.store.problem) return;
      for (const entry of envelopes.list()) {
        if (entry.broadcastAt !== null || entry.replacedBy || this.seen.has(entry.txid)) continue;
        let envelope: Envelope;
        try {
          envelope = envelopes.envelopeOf(entry);
        } catch {
          continue;
        }
        if (expiryStatus(envelope, block.timestamp).state !== 'expired') continue;
        this.seen.add(entry.txid);
        // Another desk may have broadcast it in time: then it is the follower's to record, not an expiry.
        if (await this.inBlock(entry.txid)) continue;
        const known = this.options.tracker.historyEntry(entry.txid);
        if (known && (known.status === 'signed' || known.status === 'draft')) {
          await this.options.tracker.record({
            txid: entry.txid,
            type: known.type,
            status: 'expired',
            message: 'It expired before enough signatures were collected; re-propose it.',
          });
        }
        this.options.emit('cosign:changed', { id: entry.id, txid: entry.txid, stage: 'expired' });
      }
    } catch (error) {
      this.options.log.warn('Checking envelope expiry failed', {
        error: error instanceof Error ? error.name : typeof error,
      });
    } finally {
      this.checking = false;
    }
  }
}
