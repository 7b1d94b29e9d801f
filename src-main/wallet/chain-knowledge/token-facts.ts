import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { EnvelopeSummary } from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import type { ChainReads } from './chain-reads';
import { tokensMoved, trc10Key, type TokenFacts } from './describe';

/**
 * Symbol and decimals of every token the summaries move, read from this network's contracts
 * through `ChainReads` (which keeps TRC20 facts per network). A token the node cannot describe
 * is left out, and the words then say "unknown decimals" rather than guess.
 */
export async function readTokenFacts(
  client: TronNodeClient | null,
  reads: ChainReads,
  summaries: readonly EnvelopeSummary[],
): Promise<TokenFacts> {
  const facts = new Map<string, { symbol: string; decimals: number }>();
  if (!client) return facts;
  const trc20 = new Set<string>();
  const trc10 = new Set<string>();
  for (const summary of summaries) {
    const moved = tokensMoved(summary);
    moved.trc20.forEach((c) => trc20.add(c));
    moved.trc10.forEach((id) => trc10.add(id));
  }
  for (const contract of trc20) {
    try {
      const token = await reads.trc20(client, toBase58Address(contract));
      facts.set(contract, { symbol: token.symbol, decimals: token.decimals });
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
    }
  }
  const assets = trc10.size ? reads.planReads(client) : null;
  for (const id of trc10) {
    // Unknown here (another network, or a node without asset endpoints): the raw units are shown.
    const asset = await assets!.trc10(id).catch(() => null);
    if (asset) facts.set(trc10Key(id), { symbol: asset.abbr || `token ${id}`, decimals: asset.precision });
  }
  return facts;
}
