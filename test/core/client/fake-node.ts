// A fake `fetch` that replays recorded java-tron answers per path and records every request.
import { expect } from 'vitest';
import type { FetchInitLike, FetchLike, FetchResponseLike } from '../../../src-core/client/fetch';
import type { NodeClientConfig } from '../../../src-core/client/transport';
import { TronNodeClient } from '../../../src-core/client/client';

export interface RecordedCall {
  url: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The body parsed with JSON.parse (numbers that do not fit a double would be visible in `body`). */
  json: unknown;
  signal: AbortSignal | undefined;
}

export interface Reply {
  status?: number;
  body: string;
}

export type Route = Reply | Error | ((call: RecordedCall) => Reply | Promise<Reply>);

/** java-tron prints the JSON followed by a newline (its servlets `println`). */
export function ok(value: unknown): Reply {
  return { status: 200, body: `${JSON.stringify(value)}\n` };
}

export function raw(body: string, status = 200): Reply {
  return { status, body };
}

export function hexOf(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

export interface FakeNode {
  fetch: FetchLike;
  calls: RecordedCall[];
  /** The only call made, asserting there was exactly one. */
  only(): RecordedCall;
}

/** Each path answers with its route; an array answers call by call. Unknown paths answer 404. */
export function fakeNode(routes: Record<string, Route | Route[]>): FakeNode {
  const calls: RecordedCall[] = [];
  const used = new Map<string, number>();
  const fetch: FetchLike = async (url: string, init: FetchInitLike): Promise<FetchResponseLike> => {
    const path = new URL(url).pathname;
    const call: RecordedCall = {
      url,
      path,
      method: init.method,
      headers: { ...init.headers },
      body: init.body,
      json: init.body === undefined ? undefined : JSON.parse(init.body),
      signal: init.signal,
    };
    calls.push(call);
    const entry = routes[path];
    let route: Route | undefined;
    if (Array.isArray(entry)) {
      const n = used.get(path) ?? 0;
      used.set(path, n + 1);
      route = entry[Math.min(n, entry.length - 1)];
    } else {
      route = entry;
    }
    if (route === undefined) return { status: 404, text: async () => '<html><body>Not Found</body></html>' };
    if (route instanceof Error) throw route;
    const reply = typeof route === 'function' ? await route(call) : route;
    return { status: reply.status ?? 200, text: async () => reply.body };
  };
  return {
    fetch,
    calls,
    only() {
      expect(calls).toHaveLength(1);
      return calls[0]!;
    },
  };
}

export const NODE_URL = 'http://127.0.0.1:8090';

export function clientFor(
  routes: Record<string, Route | Route[]>,
  config: Partial<NodeClientConfig> = {},
): { client: TronNodeClient; node: FakeNode } {
  const node = fakeNode(routes);
  const client = new TronNodeClient({ fullNodeUrl: NODE_URL, fetch: node.fetch, ...config });
  return { client, node };
}
