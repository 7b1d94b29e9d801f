import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ForkUpstreamError } from '../../node/errors';
import type { DryRunOptionsLike, ForkControlLike } from './embedded-node';
import { forkFailure } from './fork-errors';
import type { ForkUpstream } from './fork-targets';

/** What a throw-away fork is used through: src-main/node's `TronNode`, structurally. */
export interface ForkNodeLike {
  readonly url: string;
  head(): { number: number; id: string; timestamp: number };
  mine(blocks?: number): Promise<unknown>;
  dryRun(tx: object, options?: DryRunOptionsLike): Promise<unknown>;
  readonly fork: ForkControlLike | null;
  stop(): Promise<void>;
}

/** src-main/node's `createNode` as a throw-away fork calls it. */
export type CreateForkNode = (input: {
  readonly port: 0;
  readonly host: '127.0.0.1';
  readonly datadir: string;
  readonly blockTimeMs: 0;
  readonly signatureWorkers: 0;
  readonly fork: { readonly url: string; readonly apiKey?: string; readonly block: 'latest' };
  readonly log: (line: string) => void;
}) => Promise<ForkNodeLike>;

export interface ThrowawayOptions {
  readonly createNode: CreateForkNode;
  /** Where the temporary data folder is made (the OS temp folder by default). */
  readonly tempRoot?: string;
  readonly log?: (line: string) => void;
}

/**
 * Starts a fork of `upstream` for one task — loopback, any free port, no block timer, its own
 * temporary data folder — runs `task` on it, then stops it and deletes the folder whatever
 * happened. Failures of the upstream come back as ForkError naming the item and the URL.
 */
export async function withThrowawayFork<T>(
  upstream: Pick<ForkUpstream, 'name' | 'url' | 'apiKey'>,
  options: ThrowawayOptions,
  task: (node: ForkNodeLike) => Promise<T>,
): Promise<T> {
  const datadir = await mkdtemp(join(options.tempRoot ?? tmpdir(), 'wallet-fork-'));
  try {
    let node: ForkNodeLike;
    try {
      node = await options.createNode({
        port: 0,
        host: '127.0.0.1',
        datadir,
        blockTimeMs: 0,
        signatureWorkers: 0,
        fork: { url: upstream.url, block: 'latest', ...(upstream.apiKey ? { apiKey: upstream.apiKey } : {}) },
        log: options.log ?? (() => {}),
      });
    } catch (error) {
      throw forkFailure(error, upstream.name, upstream.url, upstream.apiKey !== undefined);
    }
    try {
      return await task(node);
    } catch (error) {
      throw error instanceof ForkUpstreamError
        ? forkFailure(error, upstream.name, upstream.url, upstream.apiKey !== undefined)
        : error;
    } finally {
      await node.stop();
    }
  } finally {
    await rm(datadir, { recursive: true, force: true });
  }
}
