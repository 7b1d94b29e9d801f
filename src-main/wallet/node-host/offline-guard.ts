import type { FetchLike } from '../../../src-core/client/fetch';
import { NodeHostError } from '../../../src-core/errors';
import type { EmbeddedNodeFactory } from './embedded-node';

export const OFFLINE_MODE_CODE = 'NODE_OFFLINE_MODE';

/**
 * The offline signer's promise, kept in main: while it is on, the host's only ways out of the
 * process — the embedded node's factory and `fetch` — refuse, so no caller (a service, a timer, a
 * hostile window asking to start the node) can open a socket, whatever it tries.
 */
export class OfflineGuard {
  constructor(private active: boolean) {}

  get offline(): boolean {
    return this.active;
  }

  set(offline: boolean): void {
    this.active = offline;
  }

  /** Throws the one "offline signer" error while the mode is on. */
  refuse(what: string): void {
    if (!this.active) return;
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
}
