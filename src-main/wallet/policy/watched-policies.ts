import { toBase58Address } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import { readSignedPolicy } from '../../../src-core/policy';
import type { PolicyProvider, WatchedPolicy } from '../../watchtower/policies';
import type { ChainAccess } from '../node-host/chain-access';
import { policyContacts } from './contacts';
import type { PolicyStore } from './policy-store';

/**
 * The adopted policies as the watchtower asks for them: once per outflow, from memory. A policy
 * is adopted per chain, so the answer needs the genesis id of the network in use; it is read
 * ahead (`refresh`, and again on each question, from the host's cache) instead of awaited per
 * outflow. Only verified policies are ever adopted, so none is checked again here; a damaged
 * store answers none, and the desk's own signing is what refuses in that case.
 */
export class WatchedPolicies implements PolicyProvider {
  private genesisId: string | null = null;

  constructor(private readonly options: { store: PolicyStore; chain: Pick<ChainAccess, 'genesisId' | 'stores'> }) {}

  async refresh(): Promise<void> {
    this.genesisId = await this.options.chain.genesisId().catch(() => this.genesisId);
  }

  policyFor(account: HexAddress): WatchedPolicy | undefined {
    void this.refresh();
    if (this.genesisId === null || this.options.store.problem) return undefined;
    const adopted = this.options.store.adopted(this.genesisId, toBase58Address(account));
    if (!adopted) return undefined;
    return { policy: readSignedPolicy(adopted.signed).policy, addressBook: policyContacts(this.options.chain) };
  }
}
