import type { FetchLike } from '../../../src-core/client/fetch';
import { NodeHostError } from '../../../src-core/errors';
import type { CreateForkNode } from './throwaway-fork';
import type { EmbeddedNodeFactory } from './embedded-node';

export const OFFLINE_MODE_CODE = 'NODE_OFFLINE_MODE';

/** Whether the offline signer is on, and, when it was turned on by doubt rather than by the person, why. */
export interface OfflineModeState {
  readonly offline: boolean;
  readonly reason: string | null;
}

/** Where the mode is kept across launches (offline/offline-mode-file.ts). */
export interface OfflineModeRecord {
  save(offline: boolean): Promise<void>;
}

/**
 * The offline signer's promise, kept in main: while it is on, every way out of the process that
 * the wallet's services are given — the embedded node's factory, the throw-away fork's factory
 * and `fetch` — refuses, so no caller (a service, a timer, a hostile window asking to start the
 * node or rehearse on a fork) can open a socket, whatever it tries.
 */
export class OfflineGuard {
  private state: OfflineModeState;

  /** Without a record the mode lives in memory only (a host built on its own, in tests). */
  constructor(
    initial: OfflineModeState | boolean,
    private readonly record: OfflineModeRecord | null = null,
  ) {
    this.state = typeof initial === 'boolean' ? { offline: initial, reason: null } : initial;
  }

  get offline(): boolean {
    return this.state.offline;
  }

  /** Why the mode is on though nobody chose it (a damaged or missing record); null otherwise. */
  get reason(): string | null {
    return this.state.reason;
  }

  set(offline: boolean): void {
    this.state = { offline, reason: null };
  }

  /** Saves the mode first, so a crash right after still starts in the mode asked for. */
  async switchTo(offline: boolean): Promise<void> {
    await this.record?.save(offline);
    this.set(offline);
  }

  /** Throws the one "offline signer" error while the mode is on. */
  refuse(what: string): void {
    if (!this.state.offline) return;
    throw new NodeHostError(
      OFFLINE_MODE_CODE,
      `This computer is an offline signer, so it does not ${what}. Leave the offline signer to use a node.`,
    );
  }

  fetch(inner: FetchLike): FetchLike {
    return async (url, init) => {
      this.refuse('connect to any network');
      return inner(url, init);
    };
  }

  factory(inner: EmbeddedNodeFactory): EmbeddedNodeFactory {
    return async (config) => {
      this.refuse('start the embedded node');
      return inner(config);
    };
  }

  /** A throw-away fork reads its upstream over the network, so it is refused like any connection. */
  forkFactory(inner: CreateForkNode): CreateForkNode {
    return async (input) => {
      this.refuse('start a fork of a network');
      return inner(input);
    };
  }
}
