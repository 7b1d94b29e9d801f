import type { networkChannels } from '../../../src-core/ipc/channels/network';
import type { ConsentedNode } from '../../wallet/consent/consented-node';
import type { NodeHost } from '../../wallet/node-host/node-host';
import type { HandlerMap } from '../registry';

/** A switch passes main's confirmation first (ConsentedNode). */
export type NetworkService = Pick<NodeHost, 'network'> & Pick<ConsentedNode, 'selectNetwork'>;

export function createNetworkHandlers(network: NetworkService): HandlerMap<typeof networkChannels> {
  return {
    'network:current': () => network.network(),
    'network:select': (choice) => network.selectNetwork(choice),
  };
}
