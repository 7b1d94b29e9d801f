import type { EmbeddedNodeFactory } from './embedded-node';
import { hasNodeInternals, throwawayDryRun } from './throwaway-dry-run';

/**
 * The shape of `createNode` from src-main/node (its library form), as far as the host uses it.
 * Structural, so tests can wrap `createNode` (e.g. to keep the nodes they started).
 */
export interface TronNodeLike {
  readonly url: string;
  readonly port: number;
  readonly config: { readonly mnemonic: string; readonly dev: boolean };
  readonly accounts: readonly unknown[];
  head(): { number: number; id: string; timestamp: number; solidified: number };
  stop(): Promise<void>;
}

export interface CreateNodeInputLike {
  port: number;
  host: string;
  datadir: string;
  blockTimeMs: number;
  saveInternalTx: boolean;
  dev: boolean;
  log: (line: string) => void;
}

export type CreateNodeLike = (input: CreateNodeInputLike) => Promise<TronNodeLike>;

/**
 * Adapts the node's `createNode` to the host: loopback only, dev mode (funded accounts) on.
 * `estimateEnergy` is not passed on: this node version has no /wallet/estimateenergy switch (it
 * serves no estimate endpoint yet); the setting is saved for when it does.
 */
export function embeddedNodeFactory(createNode: CreateNodeLike): EmbeddedNodeFactory {
  return async (config) => {
    const node = await createNode({
      port: config.port,
      host: '127.0.0.1',
      datadir: config.datadir,
      blockTimeMs: config.blockTimeMs,
      saveInternalTx: config.saveInternalTx,
      dev: true,
      log: config.log,
    });
    return {
      url: node.url,
      port: node.port,
      devMnemonic: node.config.dev ? node.config.mnemonic : null,
      devAccountCount: node.config.dev ? node.accounts.length : 0,
      head: () => node.head(),
      // Update-then-follow-up on one throwaway copy (permission editor). node.dryRun (feat/node3)
      // runs one transaction per copy; this stays until the node can chain steps on one copy.
      ...(hasNodeInternals(node) ? { dryRunSequence: async (steps) => throwawayDryRun(node, steps) } : {}),
      stop: () => node.stop(),
    };
  };
}
