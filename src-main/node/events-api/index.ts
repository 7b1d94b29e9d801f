import type { ApiRequest } from '../http/request';
import type { Route } from '../http/server';
import { jsonText, RawReply } from '../http/server';
import type { NodeReads } from '../jsonrpc/node-reads';
import type { NodeServices } from '../http/services';
import { accountTokenTransfers, accountTransactions } from './account-handlers';
import type { AccountContext } from './account-handlers';
import { ChainIndex } from './chain-index';
import { blockEvents, contractEvents, transactionEvents } from './event-handlers';
import { eventReads } from './reads';
import { TronGridError, errorReply } from './reply';
import { TokenInfoCache } from './token-info';

/**
 * TronGrid's v1 event and account-history API on the node's port, so TronWeb uses the node as its
 * event server (`new TronWeb({ fullHost: node.url })`, or `eventServer: node.url`). Its paths
 * carry parameters, so the HTTP server asks `resolve` for the paths its endpoint table lacks.
 */
type PathHandler = (ctx: AccountContext, request: ApiRequest, parameter: string) => Promise<RawReply>;

const PATHS: readonly (readonly [RegExp, PathHandler])[] = [
  [/^\/v1\/contracts\/([^/]+)\/events$/, contractEvents],
  [/^\/v1\/transactions\/([^/]+)\/events$/, transactionEvents],
  [/^\/v1\/blocks\/([^/]+)\/events$/, blockEvents],
  [/^\/v1\/accounts\/([^/]+)\/transactions$/, accountTransactions],
  [/^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/, accountTokenTransfers],
];

/** TronWeb's `event.setServer` health check (`GET <eventServer>/healthcheck`): any 2xx is healthy. */
export const HEALTHCHECK_PATH = '/healthcheck';

export class EventsApi {
  private readonly ctx: AccountContext;

  constructor(services: NodeServices, node: NodeReads) {
    const index = new ChainIndex(node);
    this.ctx = { reads: eventReads(services, node), index, tokens: new TokenInfoCache(node) };
  }

  /** The route of a `/v1/...` path (or the health check); undefined for any other path. */
  readonly resolve = (path: string): Route | undefined => {
    if (path === HEALTHCHECK_PATH) return { get: () => new RawReply(jsonText({ status: 'ok' })) };
    for (const [pattern, handler] of PATHS) {
      const match = pattern.exec(path);
      if (match) return { get: (request) => this.answer(handler, request, match[1]!) };
    }
    return undefined;
  };

  private async answer(handler: PathHandler, request: ApiRequest, parameter: string): Promise<RawReply> {
    try {
      return await handler(this.ctx, request, parameter);
    } catch (error) {
      if (error instanceof TronGridError) return errorReply(error);
      if (error instanceof URIError) return errorReply(new TronGridError('The path is not valid URL encoding.'));
      throw error;
    }
  }
}
