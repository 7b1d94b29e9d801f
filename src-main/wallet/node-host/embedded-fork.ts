import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredNetwork } from '../stores/settings';
import { forkFailure } from './fork-errors';
import type { ForkUpstream } from './fork-targets';
import { networkKey, networkName } from './networks';

/**
 * The embedded node as a fork of a real network: the upstream it reads and the temporary data
 * folder it starts in, so the fork begins at upstream's head and leaves nothing behind. While it
 * forks, the embedded network has its own name and its own stores (`networks/fork-<key>`).
 */
export class EmbeddedFork {
  private current: { readonly upstream: ForkUpstream; readonly datadir: string } | null = null;

  /** Whether the embedded node runs (or is about to run) as a fork. */
  get active(): boolean {
    return this.current !== null;
  }

  /** The upstream the embedded node forks; null on the dev chain. */
  get upstream(): ForkUpstream | null {
    return this.current?.upstream ?? null;
  }

  /** The fork's temporary data folder; null on the dev chain. */
  get datadir(): string | null {
    return this.current?.datadir ?? null;
  }

  /** Chooses `upstream` for the next embedded start, in a fresh temporary folder. */
  async begin(upstream: ForkUpstream): Promise<void> {
    this.current = { upstream, datadir: await mkdtemp(join(tmpdir(), 'wallet-embedded-fork-')) };
  }

  /** Deletes the fork's temporary folder (the node is already stopped) and returns to the dev chain. */
  async drop(): Promise<void> {
    const forking = this.current;
    this.current = null;
    if (forking) await rm(forking.datadir, { recursive: true, force: true });
  }

  /** The embedded network is "Fork of <network>" while it forks one. */
  nameOf(network: StoredNetwork): string {
    return network.kind === 'embedded' && this.current ? `Fork of ${this.current.upstream.name}` : networkName(network);
  }

  /** A fork keeps its drafts, envelopes and history apart from the dev chain's and the real network's. */
  keyOf(network: StoredNetwork): string {
    return network.kind === 'embedded' && this.current ? `fork-${this.current.upstream.key}` : networkKey(network);
  }

  /** What the connection starts the embedded node with: the upstream's URL, name and key. */
  connectionTarget(): { readonly url: string; readonly name: string; readonly apiKey?: string } | null {
    const forking = this.current;
    return forking
      ? {
          url: forking.upstream.url,
          name: forking.upstream.name,
          ...(forking.upstream.apiKey ? { apiKey: forking.upstream.apiKey } : {}),
        }
      : null;
  }

  /** The sentence for a fork that did not start (the upstream and its URL); null on the dev chain. */
  failure(error: unknown): string | null {
    return this.current ? forkFailure(error, this.current.upstream.name, this.current.upstream.url).message : null;
  }
}
