import { chainParametersFromNode } from '../../../src-core/chain/parameters';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import type { Envelope } from '../../../src-core/envelope';
import type { CostView, SimulationView } from '../../../src-core/ipc/channels/tx';
import type { DryRunner } from '../node-host/chain-access';
import { ChainReads } from '../transactions/chain-reads';
import { simulateEnvelope } from './simulate-envelope';

/**
 * "Simulate on a fork of <network>": the co-signer's simulation (simulate-envelope.ts) run on a
 * throw-away fork of the envelope's real network instead of on the embedded dev chain, so the
 * dry run sees the real accounts, permissions, stake and contract storage. The fork (src-main/node
 * with `fork`) starts at the network's head in a temporary data directory, reads only the state
 * the transaction touches, and is stopped afterwards; nothing reaches the network.
 */
export interface ForkNodeLike {
  readonly url: string;
  head(): { number: number; id: string; timestamp: number };
  dryRun(
    tx: object,
    options?: { skipSignatureCheck?: boolean; signers?: readonly string[]; state?: 'head' | 'pending' },
  ): Promise<unknown>;
  stop(): Promise<void>;
}

/** The shape of src-main/node's `createNode` as a fork needs it (structural, as create-embedded.ts). */
export type CreateForkNode = (input: {
  readonly port: 0;
  readonly blockTimeMs: 0;
  readonly signatureWorkers: 0;
  readonly fork: { readonly url: string; readonly apiKey?: string; readonly block: 'latest' };
  readonly log: (line: string) => void;
}) => Promise<ForkNodeLike>;

export interface ForkSimulationInput {
  readonly envelope: Envelope;
  /** The network's full node (java-tron HTTP API and /jsonrpc), e.g. TronGrid with its API key. */
  readonly upstream: { readonly url: string; readonly apiKey?: string };
  readonly createNode: CreateForkNode;
  readonly log?: (line: string) => void;
}

export interface ForkSimulation {
  readonly simulation: SimulationView;
  readonly cost: CostView;
  /** The upstream block the fork started at. */
  readonly forkPoint: { readonly number: number; readonly id: string };
}

export async function simulateEnvelopeOnFork(input: ForkSimulationInput): Promise<ForkSimulation> {
  const node = await input.createNode({
    port: 0,
    blockTimeMs: 0,
    signatureWorkers: 0,
    fork: {
      url: input.upstream.url,
      block: 'latest',
      ...(input.upstream.apiKey ? { apiKey: input.upstream.apiKey } : {}),
    },
    log: input.log ?? (() => {}),
  });
  try {
    const head = node.head();
    const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    const dryRun: DryRunner = (transaction, options) => node.dryRun(transaction, options);
    const { simulation, cost } = await simulateEnvelope({
      envelope: input.envelope,
      client,
      reads: new ChainReads(),
      parameters: chainParametersFromNode(await client.getChainParameters()),
      dryRun,
      headTime: head.timestamp,
    });
    return { simulation, cost, forkPoint: { number: head.number, id: head.id } };
  } finally {
    await node.stop();
  }
}
