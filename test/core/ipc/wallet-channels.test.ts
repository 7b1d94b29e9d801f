import { describe, expect, it } from 'vitest';
import { AccountsSnapshotSchema } from '../../../src-core/ipc/channels/accounts';
import { NetworkChoiceSchema } from '../../../src-core/ipc/channels/network';
import {
  EmbeddedNodeSettingsSchema,
  NodeBlockSchema,
  NodeStatusSchema,
  nodeChannels,
} from '../../../src-core/ipc/channels/node';
import {
  ACCOUNT_LABEL_MAX,
  accountLabelProblem,
  vaultChannels,
  VaultStatusSchema,
} from '../../../src-core/ipc/channels/vault';
import { vectors } from '../../fixtures/vectors';

const address = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!;
const settings = {
  port: 8090,
  blockTimeMs: 3000,
  saveInternalTx: false,
  estimateEnergy: true,
  dataDir: null,
  autoStart: true,
  allowBrowserAccess: false,
  adminEndpoints: false,
};

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): [string, string][] {
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('vault channel schemas', () => {
  it('never echo a refused password in the issue', () => {
    const result = vaultChannels['vault:unlock'].input.safeParse({ password: 'x'.repeat(2000) });
    expect(issues(result)).toEqual([['password', 'is too long']]);
  });

  it('accept account ids of the vault form only', () => {
    expect(vaultChannels['vault:removeAccount'].input.safeParse({ accountId: 'acc_0123456789abcdef' }).success).toBe(
      true,
    );
    expect(issues(vaultChannels['vault:removeAccount'].input.safeParse({ accountId: 'acc_x' }))).toEqual([
      ['accountId', 'must be an account id'],
    ]);
  });

  it('take removeAccount with or without a password (main decides when it is needed)', () => {
    const input = vaultChannels['vault:removeAccount'].input;
    expect(input.safeParse({ accountId: 'acc_0123456789abcdef', password: 'correct horse' }).success).toBe(true);
    expect(issues(input.safeParse({ accountId: 'acc_0123456789abcdef', password: '' }))).toEqual([
      ['password', 'must not be empty'],
    ]);
    expect(issues(input.safeParse({ accountId: 'acc_0123456789abcdef', password: 'x'.repeat(2000) }))).toEqual([
      ['password', 'is too long'],
    ]);
  });

  it("share the vault's label rule with the renderer", () => {
    expect(accountLabelProblem('  Payroll  ')).toBeNull();
    expect(accountLabelProblem(`  ${'x'.repeat(ACCOUNT_LABEL_MAX)}  `)).toBeNull();
    expect(accountLabelProblem('x'.repeat(ACCOUNT_LABEL_MAX + 1))).toBe(
      'An account label has at most 64 characters and no control characters.',
    );
    expect(accountLabelProblem('a\u0007b')).not.toBeNull();
  });

  it('answer showRecoveryPhrase with a word count only, refusing any field that could carry words', () => {
    const output = vaultChannels['vault:showRecoveryPhrase'].output;
    expect(output.parse({ shown: true, words: 24, hasPassphrase: false })).toEqual({
      shown: true,
      words: 24,
      hasPassphrase: false,
    });
    expect(
      output.safeParse({ shown: true, words: 12, hasPassphrase: false, phrase: 'abandon ability able' }).success,
    ).toBe(false);
    expect(output.safeParse({ shown: true, words: 13, hasPassphrase: false }).success).toBe(false);
    expect(
      issues(
        vaultChannels['vault:showRecoveryPhrase'].input.safeParse({ accountId: 'acc_0123456789abcdef', password: '' }),
      ),
    ).toEqual([['password', 'must not be empty']]);
  });

  it('drop the keychain backend detail from a status', () => {
    const status = {
      initialized: true,
      locked: true,
      accountCount: 0,
      autoLockMs: 1,
      failedAttempts: 0,
      retryAfterMs: 0,
      rememberedOnDevice: false,
      sessionEndsAt: null,
      signingPolicy: { passwordFor: 'every-signature' },
      readOnly: false,
      problems: [],
      removedKeystores: 0,
      keychain: { available: false, backend: 'keytar', reason: 'NO_SERVICE', message: 'm', detail: 'raw' },
    };
    expect(VaultStatusSchema.parse(status).keychain).toEqual({
      available: false,
      backend: 'keytar',
      reason: 'NO_SERVICE',
      message: 'm',
    });
  });
});

describe('node channel schemas', () => {
  it.each([
    [{ ...settings, port: -1 }, 'port', 'must be 0 to 65535'],
    [{ ...settings, blockTimeMs: 50 }, 'blockTimeMs', 'must be at least 100 ms'],
    [{ ...settings, dataDir: 'data' }, 'dataDir', 'must be an absolute folder path'],
    [{ ...settings, estimateEnergy: 'yes' }, 'estimateEnergy', 'must be true or false'],
  ])('refuse settings %j at %s', (input, path, message) => {
    expect(issues(EmbeddedNodeSettingsSchema.safeParse(input))).toContainEqual([path, message]);
  });

  it('accept absolute folders on Linux, macOS and Windows', () => {
    for (const dataDir of ['/var/lib/tron', 'C:\\Users\\me\\tron', '\\\\server\\share'])
      expect(EmbeddedNodeSettingsSchema.safeParse({ ...settings, dataDir }).success).toBe(true);
  });

  it('take an optional count for recent blocks, bounded', () => {
    const input = nodeChannels['node:recentBlocks'].input;
    expect(input.safeParse(undefined).success).toBe(true);
    expect(input.safeParse({ count: 50 }).success).toBe(true);
    expect(issues(input.safeParse({ count: 51 }))).toEqual([['count', 'must be 1 to 50']]);
  });

  it('describe startup progress and blocks with producer and solidified number', () => {
    expect(
      NodeStatusSchema.parse({
        state: 'starting',
        source: 'embedded',
        progress: { step: 'Opening', index: 2, total: 3 },
      }).progress?.index,
    ).toBe(2);
    expect(
      NodeBlockSchema.parse({
        number: 5,
        id: 'a'.repeat(64),
        timestamp: 1,
        transactionCount: 0,
        producer: address.base58,
        solidBlock: 3,
      }).solidBlock,
    ).toBe(3);
  });
});

describe('network choice schema', () => {
  it.each([
    [{ kind: 'custom', fullNodeUrl: 'ftp://node' }, 'fullNodeUrl'],
    [{ kind: 'custom', fullNodeUrl: 'https://user@node' }, 'fullNodeUrl'],
    [{ kind: 'custom', fullNodeUrl: 'https://node', apiKey: 'a\nb' }, 'apiKey'],
    [{ kind: 'preset', network: 'ropsten' }, 'network'],
    [{ kind: 'moon' }, 'kind'],
    [{ kind: 'embedded', apiKey: 'x' }, ''],
  ])('refuses %j at %s', (input, path) => {
    expect(issues(NetworkChoiceSchema.safeParse(input)).map(([p]) => p)).toContain(path);
  });

  it('trims URLs and keys, and accepts null to remove a key', () => {
    expect(
      NetworkChoiceSchema.parse({ kind: 'custom', fullNodeUrl: ' http://127.0.0.1:8090 ', apiKey: ' k ' }),
    ).toEqual({ kind: 'custom', fullNodeUrl: 'http://127.0.0.1:8090', apiKey: 'k' });
    expect(NetworkChoiceSchema.parse({ kind: 'preset', network: 'mainnet', apiKey: null })).toEqual({
      kind: 'preset',
      network: 'mainnet',
      apiKey: null,
    });
  });
});

describe('accounts snapshot schema', () => {
  it('carries balances as bigint sun and refuses numbers', () => {
    const account = {
      id: 'acc_0123456789abcdef',
      kind: 'watch',
      label: 'w',
      address: address.base58,
      addressHex: address.hex,
      canSign: false,
      createdAt: 1,
    };
    const chain = {
      exists: true,
      balanceSun: 2n ** 60n,
      bandwidth: { freeUsed: 0, freeLimit: 600, used: 0, limit: 0 },
      energy: { used: 0, limit: 0 },
      owner: {
        type: 'Owner',
        id: 0,
        name: 'owner',
        threshold: 1n,
        operations: '',
        keys: [{ address: address.base58, weight: 1n }],
      },
      witness: null,
      actives: [],
    };
    expect(
      AccountsSnapshotSchema.parse({ network: 'nile', updatedAt: 1, accounts: [{ ...account, chain }] }).accounts[0]!
        .chain!.balanceSun,
    ).toBe(2n ** 60n);
    expect(
      AccountsSnapshotSchema.safeParse({
        network: 'nile',
        updatedAt: 1,
        accounts: [{ ...account, chain: { ...chain, balanceSun: 1 } }],
      }).success,
    ).toBe(false);
  });
});
