import type { TronNodeClient } from '../../../src-core/client/client';
import { NetworkError, NodeClientErrorCode } from '../../../src-core/errors';
import { nodeChainSource, type ChainSource } from '../../watchtower/chain-source';

/**
 * The scanner's view of whatever node the host has connected: the client is looked up on every
 * read, so a restarted or reconnected node is picked up, and no node at all reads as a node that
 * went away (a watch gap), not as an error of the watchtower.
 */
export function hostChainSource(client: () => TronNodeClient | null): ChainSource {
  const current = (): ChainSource => {
    const c = client();
    if (!c)
      throw new NetworkError(
        NodeClientErrorCode.NETWORK_UNREACHABLE,
        'No node answers on this network: the embedded node is off or the remote node is unreachable.',
      );
    return nodeChainSource(c);
  };
  return {
    genesisId: () => current().genesisId(),
    head: () => current().head(),
    solidNumber: () => current().solidNumber(),
    blocks: (from, to) => current().blocks(from, to),
    infos: (number) => current().infos(number),
    account: (address) => current().account(address),
    trc20Balance: (token, owner) => current().trc20Balance(token, owner),
    isOnChain: (txid) => current().isOnChain(txid),
  };
}
