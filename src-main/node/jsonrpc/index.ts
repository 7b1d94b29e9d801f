import { HttpApi, RawReply } from '../http/server';
import type { Route, ServerOptions } from '../http/server';
import type { ApiRequest } from '../http/request';
import { FilterRegistry } from './filters';
import { methodTable } from './methods';
import type { NodeReads } from './node-reads';
import { JsonRpcProtocol } from './protocol';

/**
 * java-tron's Ethereum-style JSON-RPC (FullNodeJsonRpcHttpService: POST /jsonrpc) over `NodeReads`:
 * a route for the node's own HTTP server, and optionally a server of its own (java-tron serves it
 * on port 8545), with the same Host / Origin rules and body limit. Every reply is HTTP 200.
 */
export const JSON_RPC_PATH = '/jsonrpc';

export interface JsonRpcOptions {
  /** Clock of filter expiry (tests move it). */
  readonly now?: () => number;
}

/** The node's server settings (host, Host/Origin rules, body limit) with the JSON-RPC port. */
export type JsonRpcListenOptions = Omit<ServerOptions, 'routes'>;

export class JsonRpcService {
  readonly route: Route;
  private readonly protocol: JsonRpcProtocol;
  private readonly filters: FilterRegistry;

  constructor(reads: NodeReads, options: JsonRpcOptions = {}) {
    this.filters = new FilterRegistry(reads, options.now);
    this.protocol = new JsonRpcProtocol(methodTable(), { reads, filters: this.filters });
    // java-tron's servlet has doPost only: GET is HTTP 405.
    this.route = { post: (request: ApiRequest) => this.reply(request.bodyText) };
  }

  /** The reply to one request body ('' for none, as the servlet writes nothing). */
  async reply(body: string): Promise<RawReply> {
    await this.filters.catchUp();
    return new RawReply(await this.protocol.handle(body));
  }

  /** Serves /jsonrpc on a port of its own; resolves with the bound port and a close function. */
  async listen(options: JsonRpcListenOptions): Promise<{ readonly port: number; close(): Promise<void> }> {
    const server = new HttpApi({ ...options, routes: new Map([[JSON_RPC_PATH, this.route]]) });
    const bound = await server.listen();
    return { port: bound.port, close: () => server.close() };
  }
}

export { nodeReads } from './node-reads';
