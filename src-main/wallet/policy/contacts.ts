import type { PolicyContact } from '../../../src-core/policy';
import type { ChainAccess } from '../node-host/chain-access';

/** The address book of the network in use as the policy's recipient rules read it: tags and the date added. */
export function policyContacts(chain: Pick<ChainAccess, 'stores'>): PolicyContact[] {
  return chain
    .stores()
    .addressBook.list()
    .map((c) => ({ address: c.address, tags: c.tags, addedAt: c.createdAt }));
}
