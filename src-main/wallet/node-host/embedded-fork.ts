import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredNetwork } from '../stores/settings';
import { forkFailure } from './fork-errors';
import type { ForkUpstream } from './fork-targets';
import { networkKey, networkName } from './networks';

/** A fork's upstream and the temporary data folder its node starts in. */
export interface StagedFork {
  readonly upstream: ForkUpstream;
  readonly datadir: string;
}

/** What the connection starts the embedded node with: the upstream's URL, name and key. */
export function forkConnectionTarget(upstream: ForkUpstream): {
  readonly url: string;
  readonly name: string;
  readonly apiKey?: string;
} {
  return { url: upstream.url, name: upstream.name, ...(upstream.apiKey ? { apiKey: upstream.apiKey } : {}) };
}

/** Deletes a fork's temporary folder once its node stopped. */
export async function discardFork(staged: StagedFork | null): Promise<void> {
  if (staged) await rm(staged.datadir, { recursive: true, force: true });
}

/**
 * The embedded node as a fork of a real network: the upstream it reads and the temporary data
 * folder it starts in, so the fork begins at upstream's head and leaves nothing behind. A fork is
 * staged (its folder made) and started beside what runs, and adopted once it answered. While it
 * forks, the embedded network has its own name and its own stores (`networks/fork-<key>`).
 */
export class EmbeddedFork {
  private current: StagedFork | null = null;

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

  /** A fresh temporary folder for a fork of `upstream`; nothing changes until it is adopted. */
  async stage(upstream: ForkUpstream): Promise<StagedFork> {
    return { upstream, datadir: await mkdtemp(join(tmpdir(), 'wallet-embedded-fork-')) };
  }

  /** Makes `staged` the running fork; answers the fork it replaced (its folder goes once its node stopped). */
  adopt(staged: StagedFork): StagedFork | null {
    const previous = this.current;
    this.current = staged;
    return previous;
  }

  /** Deletes the fork's temporary folder (the node is already stopped) and returns to the dev chain. */
  async drop(): Promise<void> {
    const forking = this.current;
    this.current = null;
    await discardFork(forking);
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
    return this.current ? forkConnectionTarget(this.current.upstream) : null;
  }

  /** The sentence for a fork that did not start (the upstream and its URL); null on the dev chain. */
  failure(error: unknown): string | null {
    const forking = this.current;
    return forking
      ? forkFailure(error, forking.upstream.name, forking.upstream.url, forking.upstream.apiKey !== undefined).message
      : null;
  }
}
