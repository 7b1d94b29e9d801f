import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { DEFAULT_DEV_MNEMONIC } from '../../../src-main/node/config';
import { deriveKeys, FUNDED_PATH } from '../../../src-main/node/genesis';
import { parseConfigFile } from '../../../src-main/watchtower/config-file';
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
    // No floor unless one is set; the expected signers follow the account's permissions on chain.
    expect(account!.rules.balanceFloor).toEqual({ enabled: true, trxSun: 0n, tokens: new Map() });
    expect(account!.rules.unexpectedSigner).toEqual({ enabled: true, fromChain: true });
    expect(config.watchList.names).toEqual(new Map());
    expect(config.watchList.tokens).toEqual(new Map());
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
    // A list written without fromChain keeps its meaning: it replaces the expected signers.
    expect(rules.unexpectedSigner).toEqual({
      enabled: true,
      fromChain: false,
      permissionIds: [0, 2],
      signers: [cosigner],
    });
    expect(rules.balanceFloor.trxSun).toBe(0n);
    expect(config.webhook).toEqual({
      url: 'https://hooks.example.org/tron',
      secretEnv: 'WATCH_WEBHOOK_SECRET',
      deadLetterFile: '/etc/watch/dead.jsonl',
    });
  });

  it('reads names, token facts and signers added to the chain’s, for alerts in names and units', () => {
    const config = parse({
      version: 1,
      names: { [toBase58Address(cosigner)]: 'Bob' },
      tokens: { [toBase58Address(token)]: { symbol: 'USDT', decimals: 6 } },
      accounts: [
        {
          address: treasury,
          label: 'Treasury',
          rules: { unexpectedSigner: { fromChain: true, signers: [cosigner] } },
        },
      ],
    });
    expect(config.watchList.names).toEqual(new Map([[cosigner, 'Bob']]));
    expect(config.watchList.tokens).toEqual(new Map([[token, { symbol: 'USDT', decimals: 6 }]]));
    expect(config.watchList.accounts[0]!.rules.unexpectedSigner).toEqual({
      enabled: true,
      fromChain: true,
      signers: [cosigner],
    });
  });

  it.each([
    [{ version: 1, accounts: [], tokens: { '1000001': { symbol: 'X', decimals: 256 } } }, 'tokens.1000001.decimals'],
    [{ version: 1, accounts: [], names: { 'Tnot-an-address': 'Bob' } }, 'is not a TRON address'],
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

  it('reports every problem at once, each with its field, not only the first', () => {
    let error: unknown;
    try {
      parse({
        version: 2,
        pollMs: 'fast',
        knownAddresses: ['TKeyOfTreasurer1…'],
        accounts: [
          { address: treasury, rules: { outgoingValue: { trxSun: '1.5', tokens: { USDT: '1' } } } },
          { address: toBase58Address(treasury) },
        ],
        envelopes: [{ txid: '64 hex digits', owner: treasury, expiration: 1 }],
      });
    } catch (caught) {
      error = caught;
    }
    const { message, details } = error as { message: string; details: { problems: string[] } };
    expect(message).toMatch(
      /^The watch configuration \/etc\/watch\/watch\.json is not usable; fix these 7 problems:\n/,
    );
    expect(details.problems).toHaveLength(7);
    expect(details.problems).toEqual([
      expect.stringMatching(/^version /),
      expect.stringMatching(/^pollMs /),
      'knownAddresses[0] "TKeyOfTreasurer1…" is not a TRON address',
      expect.stringMatching(/^accounts\[0\]\.rules\.outgoingValue\.trxSun /),
      expect.stringMatching(
        /^accounts\[0\]\.rules\.outgoingValue\.tokens\.USDT "USDT" is neither a TRC-10 id nor a TRC-20 address/,
      ),
      'envelopes[0].txid must be 64 hex digits',
      'accounts[1].address is listed twice',
    ]);
    for (const problem of details.problems) expect(message).toContain(`  - ${problem}`);
  });
});

describe('the sample watch.json', () => {
  const samplePath = fileURLToPath(new URL('../../../watch.sample.json', import.meta.url));
  const sampleText = readFileSync(samplePath, 'utf8');

  it('validates, and watches the dev node on its default port', () => {
    const config = parseConfigFile(sampleText, samplePath);
    expect(config.nodeUrl).toBe('http://127.0.0.1:8090');
    expect(config.watchList.accounts.length).toBeGreaterThan(0);
  });

  it("watches the dev node's funded accounts, so it runs against `npm run node` as it stands", () => {
    const funded = new Set(deriveKeys(DEFAULT_DEV_MNEMONIC, FUNDED_PATH, 10).map((key) => key.hex));
    const config = parseConfigFile(sampleText, samplePath);
    for (const account of config.watchList.accounts) expect(funded).toContain(account.address);
    for (const known of config.watchList.knownAddresses) expect(funded).toContain(known);
  });

  it('is the one the README shows', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`\`\`\`json\n${sampleText}\`\`\``);
  });
});
