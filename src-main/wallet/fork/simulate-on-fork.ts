import { chainParametersFromNode } from '../../../src-core/chain/parameters';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import type { Envelope } from '../../../src-core/envelope';
import type { ForkReport } from '../../../src-core/ipc/channels/fork';
import type { CostView, SimulationView } from '../../../src-core/ipc/channels/tx';
import type { DryRunner } from '../node-host/chain-access';
import { ChainReads } from '../chain-knowledge/chain-reads';
import { forkReportView } from '../node-host/fork-report';
import type { ForkUpstream } from '../node-host/fork-targets';
import { withThrowawayFork, type CreateForkNode, type ForkNodeLike } from '../node-host/throwaway-fork';
import { simulateEnvelope } from '../cosign/simulate-envelope';

/**
 * "Simulate on a fork of <network>": the co-signer's simulation (simulate-envelope.ts) run on a
 * throw-away fork of the envelope's real network instead of on the embedded dev chain, so the
 * dry run sees the real accounts, permissions, stake and contract storage. The fork (src-main/node
 * with `fork`) starts at the network's head in a temporary data directory, reads only the state
 * the transaction touches, and is stopped afterwards; nothing reaches the network.
 */
export interface ForkSimulationInput {
  readonly envelope: Envelope;
  /** The network's full node (java-tron HTTP API and /jsonrpc), e.g. TronGrid with its API key. */
  readonly upstream: { readonly url: string; readonly apiKey?: string; readonly name?: string };
  readonly createNode: CreateForkNode;
  readonly log?: (line: string) => void;
}

export interface EnvelopeForkSimulation {
  readonly simulation: SimulationView;
  readonly cost: CostView;
  /** The upstream block the fork started at. */
  readonly forkPoint: { readonly number: number; readonly id: string };
  /** What the fork read from upstream for it. */
  readonly report: ForkReport;
}

/** A dry-run client and runner over a running fork (or any node this process started). */
export function forkAccess(node: ForkNodeLike): { client: TronNodeClient; dryRun: DryRunner } {
  return {
    client: new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike }),
    dryRun: (transaction, options) => node.dryRun(transaction, options),
  };
}

/** The envelope's simulation on `node`, with the fork's report once it ran. */
export async function simulateEnvelopeOnNode(node: ForkNodeLike, envelope: Envelope): Promise<EnvelopeForkSimulation> {
  const head = node.head();
  const { client, dryRun } = forkAccess(node);
  const { simulation, cost } = await simulateEnvelope({
    envelope,
    client,
    reads: new ChainReads(),
    parameters: chainParametersFromNode(await client.getChainParameters()),
    dryRun,
    headTime: head.timestamp,
  });
  const report = forkReportView(node.fork?.report() ?? {});
  return { simulation, cost, forkPoint: { number: report.forkPoint.number, id: report.forkPoint.id }, report };
}

export function simulateEnvelopeOnFork(input: ForkSimulationInput): Promise<EnvelopeForkSimulation> {
  const upstream: Pick<ForkUpstream, 'name' | 'url' | 'apiKey'> = {
    name: input.upstream.name ?? input.upstream.url,
    url: input.upstream.url,
    ...(input.upstream.apiKey ? { apiKey: input.upstream.apiKey } : {}),
  };
  return withThrowawayFork(
    upstream,
    { createNode: input.createNode, ...(input.log ? { log: input.log } : {}) },
    (node) => simulateEnvelopeOnNode(node, input.envelope),
  );
}
