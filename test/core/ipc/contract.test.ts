import { describe, expect, it } from 'vitest';
import { channelNames, channels, eventNames, events } from '../../../src-core/ipc/contract';
import { ExplorerLinkRequestSchema } from '../../../src-core/ipc/channels/app';
import { vectors } from '../../fixtures/vectors';

const address = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!;

describe('IPC contract', () => {
  it('names every channel and event domain:action in lower camel case', () => {
    for (const name of [...channelNames, ...eventNames]) expect(name).toMatch(/^[a-z][a-zA-Z0-9]*:[a-z][a-zA-Z0-9]*$/);
  });

  it('has the frame, vault, node, network, accounts, permissions, tx, contracts, tokens, cosign, addressBook, history, watch, fork, ledger, offline, payouts, control and policy channels and the thirteen main-to-renderer events', () => {
    expect(channelNames).toEqual(
      expect.arrayContaining([
        'app:info',
        'app:openExplorer',
        'vault:unlock',
        'vault:setSigningPolicy',
        'node:overview',
        'network:select',
        'accounts:list',
        'permissions:submit',
        'tx:build',
        'tx:track',
        'contracts:call',
        'tokens:watch',
        'cosign:import',
        'addressBook:importCsv',
        'history:exportCsv',
        'watch:inbox',
        'watch:setRules',
        'ledger:addAccounts',
        'offline:importQr',
        'offline:sign',
        'payouts:plan',
        'payouts:openFile',
        'policy:adopt',
        'policy:verdict',
      ]),
    );
    expect(new Set(channelNames.map((name) => name.split(':')[0]))).toEqual(
      new Set([
        'app',
        'vault',
        'node',
        'network',
        'accounts',
        'permissions',
        'tx',
        'contracts',
        'tokens',
        'cosign',
        'addressBook',
        'history',
        'watch',
        'fork',
        'ledger',
        'offline',
        'payouts',
        'control',
        'policy',
      ]),
    );
    expect([...eventNames].sort()).toEqual([
      'accounts:updated',
      'cosign:changed',
      'fork:changed',
      'fork:progress',
      'history:changed',
      'node:block',
      'node:status',
      'payouts:progress',
      'payouts:signing',
      'tx:status',
      'vault:locked',
      'watch:alert',
      'watch:progress',
    ]);
  });

  it('keeps channel and event names apart', () => {
    expect(channelNames.filter((name) => (eventNames as readonly string[]).includes(name))).toEqual([]);
  });

  it('gives every channel input and output schemas and every event a payload schema', () => {
    for (const spec of Object.values(channels)) {
      expect(typeof spec.input.safeParse).toBe('function');
      expect(typeof spec.output.safeParse).toBe('function');
      expect(spec.summary.length).toBeGreaterThan(0);
    }
    for (const spec of Object.values(events)) expect(typeof spec.payload.safeParse).toBe('function');
  });

  // A guard for "no channel ever returns key material": a result field named for a secret fails
  // here before review. Free-form parts (loose objects, JSON, plain strings) are not caught.
  it('has no channel result or event payload with a field named for key material', () => {
    // passwordFor names when a signature asks for the password (a policy), never the password.
    const allowed = new Set(['hasPassphrase', 'secretId', 'passwordFor']);
    const suspicious = /private|mnemonic|phrase|seed|entropy|passphrase|password|secret|wif/i;
    const found: string[] = [];
    for (const [name, spec] of [
      ...Object.entries(channels).map(([n, c]) => [n, c.output] as const),
      ...Object.entries(events).map(([n, e]) => [n, e.payload] as const),
    ]) {
      for (const field of fieldNames(spec))
        if (suspicious.test(field) && !allowed.has(field)) found.push(`${name}: ${field}`);
    }
    expect(found).toEqual([]);
    expect(channelNames).not.toContain('vault:exportMnemonic');
    // Signing a transaction is a wallet action behind main's confirmation, never a raw vault call.
    expect(channelNames).not.toContain('vault:sign');
  });
});

/** Every object key anywhere inside a zod schema (objects, arrays, unions, wrappers, lazy parts). */
function fieldNames(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  const out: string[] = [];
  if (def.shape)
    for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
      out.push(key, ...fieldNames(value, seen));
  for (const part of ['element', 'innerType', 'in', 'out', 'keyType', 'valueType', 'left', 'right', 'rest', 'catchall'])
    out.push(...fieldNames(def[part], seen));
  for (const part of ['options', 'items'])
    for (const option of (def[part] as unknown[] | undefined) ?? []) out.push(...fieldNames(option, seen));
  if (def.type === 'lazy' && typeof def.getter === 'function')
    out.push(...fieldNames((def.getter as () => unknown)(), seen));
  return out;
}

describe('explorer link requests', () => {
  it('accept a transaction id in either case, with or without 0x, and normalise it', () => {
    const txid = 'AB'.repeat(32);
    expect(ExplorerLinkRequestSchema.parse({ network: 'nile', kind: 'transaction', txid: `0x${txid}` })).toEqual({
      network: 'nile',
      kind: 'transaction',
      txid: txid.toLowerCase(),
    });
  });

  it('accept both address forms', () => {
    expect(
      ExplorerLinkRequestSchema.safeParse({ network: 'mainnet', kind: 'address', address: address.base58 }).success,
    ).toBe(true);
    expect(
      ExplorerLinkRequestSchema.safeParse({ network: 'mainnet', kind: 'address', address: address.hex }).success,
    ).toBe(true);
  });

  it.each([
    [{ network: 'moon', kind: 'block', number: 1 }, 'network', 'must be one of mainnet, nile or shasta'],
    [{ network: 'mainnet', kind: 'block', number: -1 }, 'number', 'must not be negative'],
    [{ network: 'mainnet', kind: 'block', number: 1.5 }, 'number', 'must be a whole number'],
    [{ network: 'mainnet', kind: 'block', number: '1' }, 'number', 'must be a number'],
    [{ network: 'mainnet', kind: 'transaction', txid: 'abc' }, 'txid', 'must be a transaction id of 64 hex characters'],
    [
      { network: 'mainnet', kind: 'address', address: `${address.base58.slice(0, -1)}x` },
      'address',
      'must be a TRON address (T… or 41…) with a valid checksum',
    ],
    [
      { network: 'mainnet', kind: 'url', url: 'https://evil.example' },
      'kind',
      'kind must be one of transaction, address or block',
    ],
  ])('refuse %j at %s', (input, path, message) => {
    const result = ExplorerLinkRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([path, message]);
  });

  it('refuse unknown fields', () => {
    const result = ExplorerLinkRequestSchema.safeParse({
      network: 'mainnet',
      kind: 'block',
      number: 1,
      url: 'https://evil.example',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.code).toBe('unrecognized_keys');
  });
});
