import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpApi, type ServerOptions } from '@main/node/http/server';
import type { ApiRequest } from '@main/node/http/request';

/** The node's HTTP server in front of its routes: Host check, Origin policy (one route stands in for all). */
interface Answer {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
}

function send(port: number, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/wallet/getnowblock', method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTP server', () => {
  let api: HttpApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  async function start(options: Partial<ServerOptions> = {}): Promise<number> {
    api = new HttpApi({
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: 1024,
      requestTimeoutMs: 10_000,
      allowedHosts: [],
      allowedOrigins: [],
      refuseBrowserRequests: false,
      routes: new Map([['/wallet/getnowblock', { get: () => ({ blockID: 'head' }) }]]),
      ...options,
    });
    return (await api.listen()).port;
  }

  it('refuses a Host header that is not uri-host [":" port] naming loopback', async () => {
    const port = await start();
    for (const host of ['127.0.0.1:80@evil.com', `localhost:abc`, '[::1', 'evil.com']) {
      const answer = await send(port, { Host: host });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        Error: 'class java.lang.IllegalAccessException : Host header not allowed',
      });
    }
    for (const host of [`127.0.0.1:${port}`, 'localhost', `[::1]:${port}`])
      expect((await send(port, { Host: host })).status).toBe(200);
  });

  it('by default answers pages on loopback origins with CORS and refuses other origins', async () => {
    const port = await start();
    const page = await send(port, { Host: `127.0.0.1:${port}`, Origin: 'http://localhost:5173' });
    expect(page.status).toBe(200);
    expect(page.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const evil = await send(port, { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example' });
    expect([evil.status, JSON.parse(evil.body)]).toEqual([
      403,
      { Error: 'class java.lang.IllegalAccessException : Origin not allowed' },
    ]);
  });

  it('with refuseBrowserRequests refuses every request carrying an Origin, preflights included, and says why', async () => {
    const port = await start({ refuseBrowserRequests: true, allowedOrigins: ['http://localhost:5173'] });
    const expected = {
      Error:
        'class java.lang.IllegalAccessException : Origin header refused: this node does not answer requests from web pages (browser access is turned off)',
    };
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const answer = await send(port, { Host: `127.0.0.1:${port}`, Origin: 'http://localhost:5173' }, method);
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.parse(answer.body)).toEqual(expected);
    }
    expect((await send(port, { Host: `127.0.0.1:${port}`, Origin: 'null' })).status).toBe(403);
    const tool = await send(port, { Host: `127.0.0.1:${port}` });
    expect([tool.status, JSON.parse(tool.body)]).toEqual([200, { blockID: 'head' }]);
  });

  /** Writes `text` on a raw connection and never more; everything the server sends until it closes. */
  function stall(port: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
  }

  const TIMED_OUT = {
    Error: 'class java.util.concurrent.TimeoutException : Idle timeout expired: 300/300 ms',
  };

  it('answers a body that stops arriving with 408 and closes the connection after requestTimeoutMs', async () => {
    const port = await start({
      requestTimeoutMs: 300,
      routes: new Map([['/wallet/broadcasttransaction', { post: () => ({ reached: 'handler' }) }]]),
    });
    const answer = await stall(
      port,
      `POST /wallet/broadcasttransaction HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100\r\n\r\n{"raw_data":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('Connection: close');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(TIMED_OUT);
  }, 5_000);

  it('answers headers that stop arriving with the same 408', async () => {
    const port = await start({ requestTimeoutMs: 300 });
    const answer = await stall(port, `GET /wallet/getnowblock HTTP/1.1\r\nHost: 127.0.0.1`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(TIMED_OUT);
  }, 5_000);
});

/** The server's lookup: the endpoint table first, then `resolve` for paths with parameters; `origin` as the client addressed it. */
describe('HttpApi routing', () => {
  let api: HttpApi;
  let port: number;
  const resolved: string[] = [];

  beforeAll(async () => {
    api = new HttpApi({
      host: '127.0.0.1',
      port: 0,
      maxBodyBytes: 1024,
      requestTimeoutMs: 10_000,
      allowedHosts: [],
      allowedOrigins: [],
      refuseBrowserRequests: false,
      routes: new Map([['/v1/fixed', { get: () => ({ from: 'table' }) }]]),
      resolve: (path) => {
        resolved.push(path);
        if (!path.startsWith('/v1/')) return undefined;
        return { get: (request: ApiRequest) => ({ from: 'resolve', path: request.path, origin: request.origin }) };
      },
    });
    port = (await api.listen()).port;
  });
  afterAll(async () => api.close());

  it('serves a path of the table without asking resolve', async () => {
    resolved.length = 0;
    const body = await (await fetch(`http://127.0.0.1:${port}/v1/fixed`)).json();
    expect(body).toEqual({ from: 'table' });
    expect(resolved).toEqual([]);
  });

  it('asks resolve for other paths, trailing slashes removed, and tells the handler the origin the client used', async () => {
    const body = await (await fetch(`http://localhost:${port}/v1/contracts/T1/events/?limit=1`)).json();
    expect(body).toEqual({ from: 'resolve', path: '/v1/contracts/T1/events/', origin: `http://localhost:${port}` });
    expect(resolved).toContain('/v1/contracts/T1/events');
  });

  it('answers 404 when neither the table nor resolve knows the path', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/elsewhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      Error: 'class java.lang.Exception : /elsewhere is not an API of this node',
    });
  });
});
