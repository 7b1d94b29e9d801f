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

describe('node config: the profile', () => {
  it('runs the realistic chain by default: 27 representatives, 1,000,000 TRX per funded account', () => {
    const config = resolveConfig();
    expect(config.profile).toBe('realistic');
    expect(config.witnessCount).toBe(27);
    expect(config.accountBalanceSun).toBe(1_000_000_000_000n);
  });

  it('runs TRE’s chain with one representative and 10,000 TRX per account for the tre profile', () => {
    const config = resolveConfig({ profile: 'tre' });
    expect(config.witnessCount).toBe(1);
    expect(config.accountBalanceSun).toBe(10_000_000_000n);
    expect(resolveConfig({ profile: 'tre', accountBalanceSun: 5n }).accountBalanceSun).toBe(5n);
  });

  it('takes the private net’s chain parameters on the tre profile (prices, daily maintenance), unless told otherwise', () => {
    const params = resolveConfig({ profile: 'tre' }).chainParameters;
    expect([params.getEnergyFee, params.getTransactionFee, params.getFreeNetLimit]).toEqual([100n, 10n, 5000n]);
    expect([params.getMaintenanceTimeInterval, params.getUnfreezeDelayDays]).toEqual([86_400_000n, 1n]);
    expect(resolveConfig().chainParameters.getEnergyFee).toBe(210n);
    const chosen = resolveConfig({ profile: 'tre', chainParameters: { getEnergyFee: 420n } }).chainParameters;
    expect(chosen.getEnergyFee).toBe(420n);
  });

  it('refuses an unknown profile, and representatives or a genesis time the tre profile fixes', () => {
    expect(() => resolveConfig({ profile: 'ganache' as never })).toThrow(
      'Unknown profile "ganache": use realistic or tre.',
    );
    expect(() => resolveConfig({ profile: 'tre', witnessCount: 27 })).toThrow(/one super representative/);
    expect(() => resolveConfig({ profile: 'tre', genesisTimestamp: 3000 })).toThrow(/timestamp is 0/);
  });
});
