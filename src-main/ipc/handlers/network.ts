import type { networkChannels } from '../../../src-core/ipc/channels/network';
import type { NodeHost } from '../../wallet/node-host/node-host';
import type { HandlerMap } from '../registry';

export type NetworkService = Pick<NodeHost, 'network' | 'selectNetwork'>;

export function createNetworkHandlers(network: NetworkService): HandlerMap<typeof networkChannels> {
  return {
    'network:current': () => network.network(),
    'network:select': (choice) => network.selectNetwork(choice),
  };
}
