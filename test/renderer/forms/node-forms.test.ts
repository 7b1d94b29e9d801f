import { describe, expect, it } from 'vitest';
import { checkNetwork, checkNodeSettings, settingsToForm } from '../../../src-renderer/forms/node-forms';

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

describe('node settings form', () => {
  it('round-trips saved settings and turns an empty folder into the default', () => {
    const form = settingsToForm(settings);
    expect(form).toMatchObject({ port: '8090', blockTimeMs: '3000', dataDir: '' });
    expect(checkNodeSettings(form)).toEqual({ ok: true, settings });
  });

  it("shows main's rules next to the fields", () => {
    const check = checkNodeSettings({
      ...settingsToForm(settings),
      port: '99999',
      blockTimeMs: 'fast',
      dataDir: 'here',
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        port: 'Must be 0 to 65535.',
        blockTimeMs: 'Must be a number.',
        dataDir: 'Must be an absolute folder path.',
      },
    });
  });
});

describe('network form', () => {
  const base = { target: 'embedded', fullNodeUrl: '', solidityNodeUrl: '', apiKey: '', clearApiKey: false };

  it('builds each kind of choice', () => {
    expect(checkNetwork(base)).toEqual({ ok: true, choice: { kind: 'embedded' } });
    expect(checkNetwork({ ...base, target: 'nile' })).toEqual({
      ok: true,
      choice: { kind: 'preset', network: 'nile' },
    });
    expect(checkNetwork({ ...base, target: 'mainnet', apiKey: ' key ' })).toEqual({
      ok: true,
      choice: { kind: 'preset', network: 'mainnet', apiKey: 'key' },
    });
    expect(
      checkNetwork({ ...base, target: 'custom', fullNodeUrl: 'http://127.0.0.1:9000', clearApiKey: true }),
    ).toEqual({
      ok: true,
      choice: { kind: 'custom', fullNodeUrl: 'http://127.0.0.1:9000', apiKey: null },
    });
  });

  it('puts URL problems on the URL field', () => {
    expect(checkNetwork({ ...base, target: 'custom', fullNodeUrl: 'node.example' })).toEqual({
      ok: false,
      errors: { fullNodeUrl: 'Must be an http:// or https:// address without user name, query or fragment.' },
    });
  });
});
