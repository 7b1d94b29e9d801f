import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Upstream } from '@main/node/fork/upstream';
import { ForkUpstreamError } from '@main/node/errors';

/**
 * The synchronous upstream client against a scripted HTTP server. The server runs on a worker
 * thread: the client blocks this thread while it waits, as it blocks the node's.
 *
 * Script (by path): /flaky answers 429, then 503, then 200; /down always 500; /slow waits 150 ms;
 * every answer echoes the API-key header and counts requests in flight.
 */
const SERVER = String.raw`
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const hits = {};
let inFlight = 0;
let maxInFlight = 0;
const server = http.createServer((req, res) => {
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  hits[req.url] = (hits[req.url] || 0) + 1;
  const answer = (status, body) => {
    inFlight--;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const key = req.headers['tron-pro-api-key'] || null;
  if (req.url === '/stats') return answer(200, { hits, maxInFlight });
  if (req.url === '/flaky') {
    const n = hits[req.url];
    if (n === 1) return answer(429, { Error: 'rate limited' });
    if (n === 2) return answer(503, {});
    return answer(200, { ok: true, key, tries: n });
  }
  if (req.url === '/down') return answer(500, { Error: 'boom' });
  if (req.url === '/slow') return setTimeout(() => answer(200, { key }), 150);
  if (req.url === '/java-error') return answer(200, { Error: 'class java.lang.IllegalArgumentException : bad' });
  answer(404, {});
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

describe('Upstream (synchronous requests through its worker)', () => {
  let server: Worker;
  let url: string;
  const clients: Upstream[] = [];
  const client = (options: Partial<ConstructorParameters<typeof Upstream>[0]> = {}): Upstream => {
    const c = new Upstream({ url, attempts: 3, backoffMs: 20, ...options });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = new Worker(SERVER, { eval: true });
    const port = await new Promise<number>((resolve) => server.once('message', resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close();
  });
  afterAll(async () => {
    await server.terminate();
  });

  it('retries 429 and 5xx with backoff, sends the API key, and logs one request', () => {
    const upstream = client({ apiKey: 'secret-key' });
    const [answer] = upstream.callSync([{ item: 'flaky thing', path: '/flaky', body: {} }]);
    expect(answer).toEqual({ ok: true, key: 'secret-key', tries: 3 });
    expect(upstream.requests()).toEqual({
      total: 1,
      log: [{ item: 'flaky thing', path: '/flaky', ok: true, attempts: 3 }],
    });
  });

  it('names the item when every try fails, and when the answer is a java-tron error', () => {
    const upstream = client();
    expect(() => upstream.callSync([{ item: 'account 41ab', path: '/down', body: {} }])).toThrow(ForkUpstreamError);
    expect(() => upstream.callSync([{ item: 'account 41ab', path: '/down', body: {} }])).toThrow(
      /could not read account 41ab from the upstream node \(\/down at http:\/\/127\.0\.0\.1:\d+: HTTP 500/,
    );
    expect(() => upstream.callSync([{ item: 'token 1000001', path: '/java-error', body: {} }])).toThrow(
      /token 1000001.*IllegalArgumentException : bad/,
    );
    expect(upstream.requests().log.map((r) => r.ok)).toEqual([false, false, false]);
  });

  it('keeps at most `concurrency` requests in flight', () => {
    const upstream = client({ concurrency: 2 });
    const answers = upstream.callSync(
      Array.from({ length: 6 }, (_, i) => ({ item: `slow ${i}`, path: '/slow', body: {} })),
    );
    expect(answers).toHaveLength(6);
    const [stats] = upstream.callSync([{ item: 'stats', path: '/stats', body: {} }]) as [{ maxInFlight: number }];
    expect(stats.maxInFlight).toBe(2);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => new Upstream({ url: 'ftp://example.com' })).toThrow(/--fork-url must be an http\(s\) URL/);
  });
});
