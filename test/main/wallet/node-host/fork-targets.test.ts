import { describe, expect, it } from 'vitest';
import { ForkError } from '../../../../src-core/errors';
import { forkTargets, resolveForkTarget, targetOfNetwork } from '../../../../src-main/wallet/node-host/fork-targets';
import { defaultSettings, type WalletSettings } from '../../../../src-main/wallet/stores/settings';

const withCustom: WalletSettings = {
  ...defaultSettings(),
  customNode: { fullNodeUrl: 'http://10.1.2.3:8090', solidityNodeUrl: null },
  apiKeys: { mainnet: 'main-key' },
};

describe('fork targets', () => {
  it("resolve the presets to TronGrid with the network's saved API key, and custom to the saved node", () => {
    expect(resolveForkTarget(withCustom, 'mainnet')).toEqual({
      target: 'mainnet',
      name: 'TRON Mainnet',
      url: 'https://api.trongrid.io',
      key: 'mainnet',
      apiKey: 'main-key',
    });
    expect(resolveForkTarget(withCustom, 'nile')).toMatchObject({ url: 'https://nile.trongrid.io', key: 'nile' });
    expect(resolveForkTarget(withCustom, 'nile')).not.toHaveProperty('apiKey');
    expect(resolveForkTarget(withCustom, 'custom')).toMatchObject({
      url: 'http://10.1.2.3:8090',
      name: 'Custom node (10.1.2.3:8090)',
      key: expect.stringMatching(/^custom-[0-9a-f]{12}$/),
    });
  });

  it('refuse custom while no custom node is saved, saying where to save one', () => {
    const failure = (() => {
      try {
        return resolveForkTarget(defaultSettings(), 'custom');
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ForkError);
    expect(failure).toMatchObject({ code: 'FORK_NO_CUSTOM_NODE', message: expect.stringContaining('Node screen') });
  });

  it('list the four targets with whether a key is saved, never the key', () => {
    const listed = forkTargets(withCustom);
    expect(listed.map((t) => [t.target, t.url, t.hasApiKey])).toEqual([
      ['mainnet', 'https://api.trongrid.io', true],
      ['nile', 'https://nile.trongrid.io', false],
      ['shasta', 'https://api.shasta.trongrid.io', false],
      ['custom', 'http://10.1.2.3:8090', false],
    ]);
    expect(JSON.stringify(listed)).not.toContain('main-key');
    expect(forkTargets(defaultSettings()).at(-1)).toMatchObject({ target: 'custom', url: null });
  });

  it('name the target of a real network and none for the dev chain', () => {
    expect(targetOfNetwork({ kind: 'embedded' })).toBeNull();
    expect(targetOfNetwork({ kind: 'preset', network: 'shasta' })).toBe('shasta');
    expect(targetOfNetwork({ kind: 'custom', fullNodeUrl: 'http://x:1', solidityNodeUrl: null })).toBe('custom');
  });
});
