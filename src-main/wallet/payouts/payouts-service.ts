import type { HexAddress } from '../../../src-core/brand';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { PayoutFile } from '../../../src-core/payouts/format';
import { readPayoutCsv } from '../../../src-core/payouts/read';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { ChainAccess } from '../node-host/chain-access';
import { chainPayoutLookups } from './payout-lookups';
import { planAndBuild, type BuiltPlan } from './plan';
import type { SequenceRunner } from './plan-dry-run';
import type { PayoutPlan, PlanProgressListener } from './plan-types';

export type PayoutsChain = Pick<ChainAccess, 'requireClient' | 'chainParameters' | 'stores' | 'chainMsPerWallMs'> & {
  /** The embedded node's sequence dry run while it is the network in use (NodeHost provides it). */
  sequenceDryRunner(): SequenceRunner | null;
};

export interface PayoutsServiceOptions {
  readonly chain: PayoutsChain;
  readonly reads: ChainReads;
  /** The vault accounts that hold a key: who is expected to sign decides the fees. */
  readonly signingAccounts: () => readonly VaultAccount[];
}

/** A file read and, when it is good, planned. A bad file has no plan: nothing is asked of the node for it. */
export interface PayoutPlanResult {
  readonly file: PayoutFile;
  readonly plan: PayoutPlan | null;
}

/**
 * Payout runs on the current network: the file read with this network's address book and watched
 * tokens, then planned on its node. Nothing is signed or sent here; the plan is what a person
 * checks before the run becomes a bundle.
 */
export class PayoutsService {
  constructor(private readonly options: PayoutsServiceOptions) {}

  /** Every row checked, every problem with its line. */
  async read(input: { csv: string; owner: string }): Promise<PayoutFile> {
    const stores = this.options.chain.stores();
    const lookups = chainPayoutLookups({
      client: this.options.chain.requireClient(),
      reads: this.options.reads,
      book: stores.addressBook.list(),
      watched: stores.tokens.list(),
    });
    return readPayoutCsv(input.csv, { owner: input.owner, lookups });
  }

  /** The file read, then planned when no row has a problem; `onProgress` follows the phases for a progress bar. */
  async plan(input: { csv: string; owner: string }, onProgress?: PlanProgressListener): Promise<PayoutPlanResult> {
    const { file, built } = await this.build(input, onProgress);
    return { file, plan: built?.plan ?? null };
  }

  /** As `plan`, with the transactions the plan priced and dry-ran: what a proposal puts in its bundle. */
  async build(
    input: { csv: string; owner: string },
    onProgress?: PlanProgressListener,
  ): Promise<{ file: PayoutFile; built: BuiltPlan | null }> {
    const file = await this.read(input);
    if (file.issues.length > 0) return { file, built: null };
    const chain = this.options.chain;
    const built = await planAndBuild(
      input.owner,
      file.rows,
      {
        client: chain.requireClient(),
        parameters: await chain.chainParameters(),
        reads: this.options.reads,
        sequence: chain.sequenceDryRunner(),
        held: this.options.signingAccounts().map((a) => a.addressHex as HexAddress),
        chainMsPerWallMs: chain.chainMsPerWallMs(),
      },
      onProgress,
    );
    return { file, built };
  }
}
