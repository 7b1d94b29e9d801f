import { describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import {
  BroadcastError,
  NetworkError,
  NodeApiError,
  ValidationError,
  deserializeError,
  serializeError,
} from '../../../src-core/errors';
import { NODE_URL, clientFor, fakeNode, ok, raw } from './fake-node';
import { NILE_NODE_INFO, NILE_OWNER } from '../../fixtures/java-tron/nile-responses';

const API_KEY = '6c1b0e7a-3f8e-4c55-9a57-2f4d1c9e8b21';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

function manualTimers() {
  let pending: Array<{ callback: () => void; ms: number }> = [];
  return {
    timers: {
      setTimeout(callback: () => void, ms: number) {
        const handle = { callback, ms };
        pending.push(handle);
        return handle;
      },
      clearTimeout(handle: unknown) {
        pending = pending.filter((p) => p !== handle);
      },
    },
    pending: () => pending,
    fire() {
      const due = pending;
      pending = [];
      due.forEach((p) => p.callback());
    },
  };
}

describe('requests', () => {
  it('POSTs JSON to <fullNodeUrl>/wallet/<endpoint> with JSON content type and no API key by default', async () => {
    const { client, node } = clientFor({ '/wallet/getnodeinfo': ok(NILE_NODE_INFO) });
    await client.getNodeInfo();
    const call = node.only();
    expect(call.url).toBe(`${NODE_URL}/wallet/getnodeinfo`);
    expect(call.method).toBe('POST');
    expect(call.headers['Content-Type']).toBe('application/json');
    expect(call.headers.Accept).toBe('application/json');
    expect(call.headers['TRON-PRO-API-KEY']).toBeUndefined();
    expect(call.body).toBe('{}');
  });

  it('sends TRON-PRO-API-KEY and extra headers when configured', async () => {
    const { client, node } = clientFor(
      { '/wallet/getnodeinfo': ok(NILE_NODE_INFO) },
      { apiKey: API_KEY, headers: { 'X-Team': 'treasury-ops' } },
    );
    await client.getNodeInfo();
    expect(node.only().headers).toMatchObject({
      'TRON-PRO-API-KEY': API_KEY,
      'X-Team': 'treasury-ops',
      'Content-Type': 'application/json',
    });
  });

  it('drops trailing slashes from the base URL and keeps a path prefix', async () => {
    const node = fakeNode({ '/tron/wallet/getnodeinfo': ok(NILE_NODE_INFO) });
    const client = new TronNodeClient({ fullNodeUrl: 'https://proxy.example/tron//', fetch: node.fetch });
    await client.getNodeInfo();
    expect(node.only().url).toBe('https://proxy.example/tron/wallet/getnodeinfo');
  });

  it('sends /walletsolidity reads to the full node origin unless a solidity URL is given', async () => {
    const routes = { '/walletsolidity/getnowblock': ok({}) };
    const same = clientFor(routes);
    await caught(same.client.getNowBlock({ solidity: true }));
    expect(same.node.only().url).toBe(`${NODE_URL}/walletsolidity/getnowblock`);

    const split = clientFor(routes, { solidityNodeUrl: 'http://127.0.0.1:8091' });
    await caught(split.client.getNowBlock({ solidity: true }));
    expect(split.node.only().url).toBe('http://127.0.0.1:8091/walletsolidity/getnowblock');
  });

  it('accepts the global fetch type of the host', () => {
    const hostFetch: FetchLike = globalThis.fetch;
    expect(() => new TronNodeClient({ fullNodeUrl: 'https://nile.trongrid.io', fetch: hostFetch })).not.toThrow();
  });
});

describe('java-tron error bodies', () => {
  it('turns {"Error":"class X : msg"} into NodeApiError NODE_ERROR with the Java class and the message tail', async () => {
    const body = {
      Error:
        'class org.tron.core.exception.ContractValidateException : Validate TransferContract error, balance is not sufficient.',
    };
    const { client } = clientFor({ '/wallet/createtransaction': ok(body) });
    const error = (await caught(
      client.createTransaction({ owner_address: NILE_OWNER, to_address: NILE_OWNER.replace('dd', 'de'), amount: 1n }),
    )) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.code).toBe('NODE_ERROR');
    expect(error.javaClass).toBe('org.tron.core.exception.ContractValidateException');
    expect(error.nodeMessage).toBe('Validate TransferContract error, balance is not sufficient.');
    expect(error.message).toBe(
      'The node refused /wallet/createtransaction: Validate TransferContract error, balance is not sufficient.',
    );
  });

  it('reads an Error without a class prefix (getblock argument errors)', async () => {
    const { client } = clientFor({ '/wallet/getblock': ok({ Error: 'id must be legal block hash.' }) });
    const error = (await caught(client.getBlock({ id_or_num: 'ab'.repeat(32) }))) as NodeApiError;
    expect(error.code).toBe('NODE_ERROR');
    expect(error.javaClass).toBeUndefined();
    expect(error.nodeMessage).toBe('id must be legal block hash.');
  });

  it.each([
    [
      'rate limiter',
      'class java.lang.IllegalAccessException : lack of computing resources',
      'java.lang.IllegalAccessException',
    ],
    ['body limit', 'class java.lang.Exception : body size is too big, the limit is 4194304', 'java.lang.Exception'],
    [
      'bad hex',
      'class org.tron.core.services.http.JsonFormat$ParseException : INVALID hex String',
      'org.tron.core.services.http.JsonFormat$ParseException',
    ],
  ])('reads the %s error', async (_what, text, javaClass) => {
    const { client } = clientFor({ '/wallet/getnodeinfo': ok({ Error: text }) });
    const error = (await caught(client.getNodeInfo())) as NodeApiError;
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.javaClass).toBe(javaClass);
  });
});

describe('transport failures become NetworkError with the URL', () => {
  it('reports a non-2xx status with the java-tron message of a disabled API', async () => {
    const { client } = clientFor({
      '/wallet/getnodeinfo': raw('{"Error": "this API is unavailable due to config"}\n', 404),
    });
    const error = (await caught(client.getNodeInfo())) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('NETWORK_HTTP_STATUS');
    expect(error.details).toMatchObject({
      url: `${NODE_URL}/wallet/getnodeinfo`,
      status: 404,
      nodeMessage: 'this API is unavailable due to config',
    });
  });

  it.each([
    [403, 'check the API key'],
    [429, 'configure an API key'],
    [405, 'does not offer this endpoint'],
    [502, 'try again later'],
  ])('gives advice for HTTP %i', async (status, advice) => {
    const { client } = clientFor({ '/wallet/getnodeinfo': raw('<html>error</html>', status) });
    const error = (await caught(client.getNodeInfo())) as NetworkError;
    expect(error.code).toBe('NETWORK_HTTP_STATUS');
    expect(error.message).toContain(`HTTP status ${status}`);
    expect(error.message).toContain(advice);
  });

  it.each([
    ['an empty body (GET-only servlets, bad JSON to validateaddress)', '', 'empty body'],
    ['an HTML page', '<!DOCTYPE html><html><body>Welcome to nginx</body></html>', 'did not answer with JSON'],
    ['truncated JSON', '{"blockID":"00', 'did not answer with JSON'],
  ])('refuses %s with NETWORK_NOT_JSON', async (_what, body, wording) => {
    const { client } = clientFor({ '/wallet/getnodeinfo': raw(body) });
    const error = (await caught(client.getNodeInfo())) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('NETWORK_NOT_JSON');
    expect(error.message).toContain(wording);
    expect(error.details?.url).toBe(`${NODE_URL}/wallet/getnodeinfo`);
  });

  it('reports a connection failure as NETWORK_UNREACHABLE with the reason', async () => {
    const { client } = clientFor({ '/wallet/getnodeinfo': new TypeError('fetch failed') });
    const error = (await caught(client.getNodeInfo())) as NetworkError;
    expect(error.code).toBe('NETWORK_UNREACHABLE');
    expect(error.details).toMatchObject({ url: `${NODE_URL}/wallet/getnodeinfo`, reason: 'fetch failed' });
  });

  it('gives up after timeoutMs, aborts the request and reports NETWORK_TIMEOUT', async () => {
    const clock = manualTimers();
    let signal: AbortSignal | undefined;
    const fetch: FetchLike = (_url, init) => {
      signal = init.signal;
      return new Promise(() => undefined);
    };
    const client = new TronNodeClient({ fullNodeUrl: NODE_URL, fetch, timeoutMs: 5000, timers: clock.timers });
    const pending = caught(client.getNodeInfo());
    await Promise.resolve();
    expect(clock.pending().map((p) => p.ms)).toEqual([5000]);
    clock.fire();
    const error = (await pending) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('NETWORK_TIMEOUT');
    expect(error.details).toMatchObject({ url: `${NODE_URL}/wallet/getnodeinfo`, timeoutMs: 5000 });
    expect(signal?.aborted).toBe(true);
  });

  it('applies the deadline to reading the body too', async () => {
    const clock = manualTimers();
    const fetch: FetchLike = async () => ({ status: 200, text: () => new Promise<string>(() => undefined) });
    const client = new TronNodeClient({ fullNodeUrl: NODE_URL, fetch, timeoutMs: 1000, timers: clock.timers });
    const pending = caught(client.getNodeInfo());
    await new Promise((resolve) => setImmediate(resolve));
    clock.fire();
    expect(((await pending) as NetworkError).code).toBe('NETWORK_TIMEOUT');
  });

  it('times out with the host timers by default', async () => {
    const client = new TronNodeClient({
      fullNodeUrl: NODE_URL,
      fetch: () => new Promise(() => undefined),
      timeoutMs: 20,
    });
    expect(((await caught(client.getNodeInfo())) as NetworkError).code).toBe('NETWORK_TIMEOUT');
  });

  it('clears its timer once the answer is in, and sets none with timeoutMs 0', async () => {
    const clock = manualTimers();
    const node = fakeNode({ '/wallet/getnodeinfo': ok(NILE_NODE_INFO) });
    await new TronNodeClient({ fullNodeUrl: NODE_URL, fetch: node.fetch, timers: clock.timers }).getNodeInfo();
    expect(clock.pending()).toEqual([]);
    await new TronNodeClient({
      fullNodeUrl: NODE_URL,
      fetch: node.fetch,
      timers: clock.timers,
      timeoutMs: 0,
    }).getNodeInfo();
    expect(node.calls[1]!.signal).toBeUndefined();
    expect(clock.pending()).toEqual([]);
  });
});

describe('the API key never appears in errors', () => {
  const routes = {
    '/wallet/getnodeinfo': raw(`<html>bad key ${API_KEY}</html>`, 401),
    '/wallet/getchainparameters': raw(`not json, key=${API_KEY}`),
    '/wallet/listwitnesses': new TypeError(`request to ${NODE_URL} failed, headers TRON-PRO-API-KEY: ${API_KEY}`),
    '/wallet/getenergyprices': ok({ Error: `class java.lang.Exception : unknown key ${API_KEY}` }),
  };

  function expectNoKey(error: unknown): void {
    const text = JSON.stringify(serializeError(error)) + String((error as Error).stack);
    expect(text).not.toContain(API_KEY);
  }

  it.each([
    ['an HTTP status error', (c: TronNodeClient) => c.getNodeInfo()],
    ['a non-JSON body', (c: TronNodeClient) => c.getChainParameters()],
    ['a connection failure', (c: TronNodeClient) => c.listWitnesses()],
  ])('in %s', async (_what, run) => {
    const { client } = clientFor(routes, { apiKey: API_KEY });
    const error = await caught(run(client));
    expect(error).toBeInstanceOf(NetworkError);
    expect(String((error as NetworkError).details?.url)).toMatch(/^http:\/\/127\.0\.0\.1:8090\/wallet\/\w+$/);
    expectNoKey(error);
  });

  it('in a timeout', async () => {
    const client = new TronNodeClient({
      fullNodeUrl: NODE_URL,
      apiKey: API_KEY,
      fetch: () => new Promise(() => undefined),
      timeoutMs: 5,
    });
    const error = await caught(client.getNodeInfo());
    expect((error as NetworkError).code).toBe('NETWORK_TIMEOUT');
    expectNoKey(error);
  });

  it('in a node error that echoes it', async () => {
    const { client } = clientFor(routes, { apiKey: API_KEY });
    const error = await caught(client.getEnergyPrices());
    expect(error).toBeInstanceOf(NodeApiError);
    expect((error as NodeApiError).message).toContain('unknown key [redacted]');
    expectNoKey(error);
  });
});

describe('configuration', () => {
  const fetch: FetchLike = async () => ({ status: 200, text: async () => '{}' });

  it.each([
    ['a missing fetch', { fullNodeUrl: NODE_URL }],
    ['a URL without scheme', { fullNodeUrl: 'api.trongrid.io', fetch }],
    ['a non-http scheme', { fullNodeUrl: 'ftp://api.trongrid.io', fetch }],
    ['a URL with a query', { fullNodeUrl: 'https://api.trongrid.io/?apikey=abc', fetch }],
    ['a URL with credentials', { fullNodeUrl: 'https://user:secret-password@node.example', fetch }],
    ['a bad solidity URL', { fullNodeUrl: NODE_URL, solidityNodeUrl: 'nope', fetch }],
    ['a negative timeout', { fullNodeUrl: NODE_URL, fetch, timeoutMs: -1 }],
    ['a fractional timeout', { fullNodeUrl: NODE_URL, fetch, timeoutMs: 1.5 }],
    ['an API key with a line break', { fullNodeUrl: NODE_URL, fetch, apiKey: 'abc\r\nX-Evil: 1' }],
    ['an empty API key', { fullNodeUrl: NODE_URL, fetch, apiKey: '  ' }],
  ])('refuses %s with CLIENT_BAD_CONFIG', (_what, config) => {
    let error: unknown;
    try {
      new TronNodeClient(config as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe('CLIENT_BAD_CONFIG');
    expect((error as ValidationError).message).not.toContain('secret-password');
  });
});

describe('typed errors cross IPC', () => {
  it('rebuilds a BroadcastError with its node code, message and txid', () => {
    const original = new BroadcastError('BROADCAST_FAILED', 'The node rejected the transaction.', {
      nodeCode: 'SIGERROR',
      nodeMessage: 'Validate signature error: sig error',
      txid: 'ab'.repeat(32),
    });
    const copy = deserializeError(JSON.parse(JSON.stringify(serializeError(original))));
    expect(copy).toBeInstanceOf(BroadcastError);
    expect(copy).toBeInstanceOf(NodeApiError);
    expect((copy as BroadcastError).nodeCode).toBe('SIGERROR');
    expect((copy as BroadcastError).nodeMessage).toBe('Validate signature error: sig error');
    expect((copy as BroadcastError).txid).toBe('ab'.repeat(32));
  });
});

describe('answers that are not java-tron JSON', () => {
  it('refuses absurdly nested JSON as NETWORK_NOT_JSON instead of crashing', async () => {
    const deep = `{"balance":12345678901234567890,"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const { client } = clientFor({ '/wallet/getnodeinfo': raw(deep) });
    const error = await caught(client.getNodeInfo());
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe('NETWORK_NOT_JSON');
  });

  it('refuses a request that cannot be written as JSON before sending', async () => {
    const loop: Record<string, unknown> = { txID: 'ab'.repeat(32) };
    loop.self = loop;
    const { client, node } = clientFor({});
    const error = await caught(client.broadcastTransaction(loop as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe('CLIENT_BAD_ARGUMENT');
    expect(node.calls).toHaveLength(0);
  });
});
