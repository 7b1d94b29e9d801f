import type { nodeChannels } from '../../../src-core/ipc/channels/node';
import type { ConsentedNode } from '../../wallet/consent/consented-node';
import type { NodeHost } from '../../wallet/node-host/node-host';
import type { HandlerMap } from '../registry';

/** The reset takes no word from the page: main asks for it in its own window (ConsentedNode). */
export type NodeService = Pick<
  NodeHost,
  | 'overview'
  | 'startEmbedded'
  | 'stopEmbedded'
  | 'restartEmbedded'
  | 'recentBlocks'
  | 'representatives'
  | 'logTail'
  | 'copyUrl'
> &
  Pick<ConsentedNode, 'saveSettings' | 'reset'>;

export function createNodeHandlers(node: NodeService): HandlerMap<typeof nodeChannels> {
  return {
    'node:overview': () => node.overview(),
    'node:start': () => node.startEmbedded(),
    'node:stop': () => node.stopEmbedded(),
    'node:restart': () => node.restartEmbedded(),
    'node:saveSettings': (settings) => node.saveSettings(settings),
    'node:reset': () => node.reset(),
    'node:recentBlocks': (args) => node.recentBlocks(args?.count ?? 10),
    'node:representatives': () => node.representatives(),
    'node:log': (args) => node.logTail(args?.limit ?? 200),
    'node:copyUrl': () => node.copyUrl(),
  };
}
