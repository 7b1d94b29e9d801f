import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpApi } from '../../../../src-main/node/http/server';
import type { ApiRequest } from '../../../../src-main/node/http/request';

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
      allowedHosts: [],
      allowedOrigins: [],
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
