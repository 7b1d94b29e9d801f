import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { parseConfigFile } from '../../../src-main/watchtower/config-file';
import { DEFAULT_TRX_FLOOR_SUN } from '../../../src-main/watchtower/watch-list';
import { testKey } from './fake-chain';

const treasury = testKey().hex;
const token = testKey().hex;
const cosigner = testKey().hex;
const parse = (value: unknown) => parseConfigFile(JSON.stringify(value), '/etc/watch/watch.json');

describe('the watch configuration file', () => {
  it('fills every rule with its default and resolves paths from the file’s folder', () => {
    const config = parse({ version: 1, accounts: [{ address: toBase58Address(treasury) }] });
    expect(config.stateDir).toBe('/etc/watch/watch-state');
    expect(config.pollMs).toBe(3000);
    expect(config.startAt).toBe('head');
    const [account] = config.watchList.accounts;
    expect(account!.address).toBe(treasury);
    expect(account!.rules.outgoingValue).toEqual({ enabled: true, trxSun: 0n, tokens: new Map(), otherTokens: 0n });
    expect(account!.rules.balanceFloor.trxSun).toBe(DEFAULT_TRX_FLOOR_SUN);
    expect(account!.rules.unexpectedSigner).toEqual({ enabled: true });
  });

  it('applies defaults, then each account’s own rules, amounts as exact integers', () => {
    const config = parse({
      version: 1,
      defaults: { outgoingValue: { trxSun: '1000000000' }, stakingChanged: { enabled: false } },
      accounts: [
        {
          address: treasury,
          label: 'Treasury',
          rules: {
            outgoingValue: { tokens: { [toBase58Address(token)]: '123456789012345678901234567890', '1000001': 5 } },
            unexpectedSigner: { permissionIds: [0, 2], signers: [toBase58Address(cosigner)] },
            balanceFloor: { trxSun: 0 },
          },
        },
      ],
      webhook: { url: 'https://hooks.example.org/tron', deadLetterFile: 'dead.jsonl' },
    });
    const rules = config.watchList.accounts[0]!.rules;
    expect(rules.outgoingValue.trxSun).toBe(1_000_000_000n);
    expect(rules.outgoingValue.tokens).toEqual(
      new Map([
        [token, 123456789012345678901234567890n],
        ['1000001', 5n],
      ]),
    );
    expect(rules.stakingChanged.enabled).toBe(false);
    expect(rules.unexpectedSigner).toEqual({ enabled: true, permissionIds: [0, 2], signers: [cosigner] });
    expect(rules.balanceFloor.trxSun).toBe(0n);
    expect(config.webhook).toEqual({
      url: 'https://hooks.example.org/tron',
      secretEnv: 'WATCH_WEBHOOK_SECRET',
      deadLetterFile: '/etc/watch/dead.jsonl',
    });
  });

  it.each([
    [{ version: 2, accounts: [] }, 'version'],
    [{ version: 1, accounts: [{ address: 'Tnot-an-address' }] }, 'accounts[0].address'],
    [{ version: 1, accounts: [{ address: treasury, rules: { outgoingValue: { trxSun: '1.5' } } }] }, 'trxSun'],
    [{ version: 1, accounts: [{ address: treasury }, { address: toBase58Address(treasury) }] }, 'listed twice'],
    [{ version: 1, accounts: [], extra: true }, 'the top level'],
  ])('refuses %j, naming %s', (value, named) => {
    expect(() => parse(value)).toThrow(
      expect.objectContaining({ code: 'WATCH_CONFIG_INVALID', message: expect.stringContaining(named) }),
    );
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseConfigFile('{', 'watch.json')).toThrow(expect.objectContaining({ code: 'WATCH_CONFIG_INVALID' }));
  });
});
