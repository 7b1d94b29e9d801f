import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { NodeBlock, Representative } from '../../../src-core/ipc/channels/node';
import { toNodeBlock } from './connection';

const RECENT_CACHE = 50;

/**
 * The last blocks of the current network for the Node screen: every head the watcher saw, and
 * the ones it skipped read in one request (getblockbylimitnext). At most 50 are kept.
 */
export class RecentBlocks {
  private readonly byNumber = new Map<number, NodeBlock>();

  remember(block: NodeBlock): void {
    this.byNumber.set(block.number, block);
    if (this.byNumber.size > RECENT_CACHE) {
      const oldest = [...this.byNumber.keys()].sort((a, b) => a - b).slice(0, this.byNumber.size - RECENT_CACHE);
      for (const n of oldest) this.byNumber.delete(n);
    }
  }

  clear(): void {
    this.byNumber.clear();
  }

  /** The `count` blocks up to `head`, newest first. */
  async list(client: TronNodeClient, head: NodeBlock | null, count: number): Promise<NodeBlock[]> {
    if (!head) return [];
    const from = Math.max(0, head.number - count + 1);
    const missing: number[] = [];
    for (let n = from; n <= head.number; n++) if (!this.byNumber.has(n)) missing.push(n);
    if (missing.length > 0) {
      const blocks = await client.getBlockByLimitNext(missing[0]!, head.number + 1);
      for (const block of blocks) this.remember(toNodeBlock(block, undefined));
    }
    const out: NodeBlock[] = [];
    for (let n = head.number; n >= from; n--) {
      const block = this.byNumber.get(n);
      if (block) out.push(block);
    }
    return out;
  }
}

/** The representatives by votes (then address), as the Node screen lists them. */
export async function representativesOf(client: TronNodeClient): Promise<Representative[]> {
  const witnesses = await client.listWitnesses();
  return witnesses
    .map((w) => ({
      address: toBase58Address(w.address),
      url: w.url,
      voteCount: w.voteCount,
      totalProduced: w.totalProduced,
      totalMissed: w.totalMissed,
      latestBlockNum: w.latestBlockNum,
      isJobs: w.isJobs,
    }))
    .sort((a, b) =>
      a.voteCount === b.voteCount ? a.address.localeCompare(b.address) : a.voteCount > b.voteCount ? -1 : 1,
    );
}
