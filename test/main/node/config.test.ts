import { describe, expect, it } from 'vitest';
import { isLoopbackHost, resolveConfig } from '../../../src-main/node/config';

describe('node config: where the node may listen', () => {
  it('binds to 127.0.0.1 by default', () => {
    expect(resolveConfig().host).toBe('127.0.0.1');
  });

  it.each(['0.0.0.0', '192.168.1.10', '::', 'example.org'])(
    'refuses %s while the dev endpoints (which print keys) are on',
    (host) => {
      expect(() => resolveConfig({ host })).toThrow(
        /would serve \/admin\/accounts, which prints private keys, beyond this computer/,
      );
    },
  );

  it('serves another interface once the dev endpoints are off', () => {
    expect(resolveConfig({ host: '0.0.0.0', dev: false }).host).toBe('0.0.0.0');
  });

  it('treats 127.0.0.0/8, ::1 and localhost as loopback and nothing else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '128.0.0.1', '127.0.0.1.example.org', '::ffff:10.0.0.1', ''])
      expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('node config: the JSON-RPC port', () => {
  it('serves JSON-RPC only on the HTTP port unless a port of its own is given', () => {
    expect(resolveConfig().jsonRpcPort).toBeUndefined();
    expect(resolveConfig({ jsonRpcPort: 8545 }).jsonRpcPort).toBe(8545);
    expect(resolveConfig({ port: 0, jsonRpcPort: 0 }).jsonRpcPort).toBe(0);
  });

  it('refuses a JSON-RPC port that is not a TCP port or is the HTTP port', () => {
    expect(() => resolveConfig({ jsonRpcPort: 70_000 })).toThrow('JSON-RPC port 70000 is not a TCP port (0..65535).');
    expect(() => resolveConfig({ port: 8090, jsonRpcPort: 8090 })).toThrow(
      'The JSON-RPC port must differ from the HTTP port 8090.',
    );
  });
});

describe('node config: browser requests, dev endpoints and the constant-call limit', () => {
  it('answers browsers and serves /admin/* in dev mode unless told otherwise', () => {
    expect(resolveConfig()).toMatchObject({ refuseBrowserRequests: false, dev: true, adminApi: true });
    expect(resolveConfig({ dev: false }).adminApi).toBe(false);
    expect(resolveConfig({ adminApi: false })).toMatchObject({ dev: true, adminApi: false });
  });

  it('refuses /admin/* without a dev chain, and lets a dev chain without them bind elsewhere', () => {
    expect(() => resolveConfig({ dev: false, adminApi: true })).toThrow(
      'The /admin endpoints exist only on a dev chain: adminApi needs dev.',
    );
    expect(resolveConfig({ host: '0.0.0.0', adminApi: false }).host).toBe('0.0.0.0');
  });

  it('takes a constant-call limit from 0 (none) to 60 s in whole milliseconds', () => {
    expect(resolveConfig({ maxConstantCallMs: 0 }).maxConstantCallMs).toBe(0);
    for (const bad of [-1, 1.5, 60_001])
      expect(() => resolveConfig({ maxConstantCallMs: bad })).toThrow(
        'maxConstantCallMs must be a whole number of milliseconds from 0 (no limit) to 60000.',
      );
  });
});

describe('node config: the state cache', () => {
  it('bounds the cache of decoded state at 64 MiB unless told otherwise', () => {
    expect(resolveConfig().stateCacheBytes).toBe(64 * 1024 * 1024);
    expect(resolveConfig({ stateCacheBytes: 8 * 1024 * 1024 }).stateCacheBytes).toBe(8 * 1024 * 1024);
  });

  it('refuses a cache below 1 MiB or a fractional size', () => {
    expect(() => resolveConfig({ stateCacheBytes: 1000 })).toThrow(/at least 1 MiB/);
    expect(() => resolveConfig({ stateCacheBytes: 2 * 1024 * 1024 + 0.5 })).toThrow(/whole number of bytes/);
  });
});
