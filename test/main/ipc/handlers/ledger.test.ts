import { describe, expect, it } from 'vitest';
import type { Base58Address } from '../../../../src-core/brand';
import type { LedgerPath } from '../../../../src-main/ledger/paths';
import { channels } from '../../../../src-core/ipc/contract';
import { createHandlers } from '../../../../src-main/ipc/handlers';
import type { LedgerService } from '../../../../src-main/ipc/handlers/ledger';
import { createIpcRegistry } from '../../../../src-main/ipc/registry';
import { serviceDoubles } from '../../../fixtures/service-doubles';
import { quietLog } from '../../wallet/helpers';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

function registryWith(ledger: LedgerService) {
  const calls: unknown[] = [];
  const recording: LedgerService = {
    support: () => ledger.support(),
    listAddresses: (input) => (calls.push(['list', input]), ledger.listAddresses(input)),
    verifyAddress: (input) => (calls.push(['verify', input]), ledger.verifyAddress(input)),
    addAccounts: (input) => (calls.push(['add', input]), ledger.addAccounts(input)),
  };
  const registry = createIpcRegistry({
    channels,
    handlers: createHandlers({
      app: { info: () => ({}) as never, openExternal: async () => {}, writeClipboard: () => {} },
      ...serviceDoubles(),
      ledger: recording,
    }),
    isTrustedSender: () => true,
    log: quietLog,
  });
  return { calls, call: (channel: string, args?: unknown) => registry.call(channel, args, trusted) };
}

const ledger: LedgerService = {
  support: async () => ({ available: false, reason: 'node-hid could not be loaded' }),
  listAddresses: async () => [],
  verifyAddress: async () => ({
    path: "44'/195'/0'/0/0" as LedgerPath,
    address: 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C' as Base58Address,
    confirmed: true,
  }),
  addAccounts: async () => [],
};

describe('ledger handlers', () => {
  it('answers why Ledger support is off', async () => {
    const { call } = registryWith(ledger);
    expect(await call('ledger:support')).toEqual({
      ok: true,
      value: { available: false, reason: 'node-hid could not be loaded' },
    });
  });

  it('refuses a page that names the address or path to add: main reads them from the device', async () => {
    const { call, calls } = registryWith(ledger);
    const reply = await call('ledger:addAccounts', {
      scheme: 'legacy',
      indexes: [0],
      address: 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C',
    });
    expect(reply.ok).toBe(false);
    expect(calls).toEqual([]);
  });

  it('refuses an unknown path scheme and more than 20 addresses at once', async () => {
    const { call, calls } = registryWith(ledger);
    expect((await call('ledger:listAddresses', { scheme: 'bip84', from: 0, count: 5 })).ok).toBe(false);
    expect((await call('ledger:listAddresses', { scheme: 'legacy', from: 0, count: 21 })).ok).toBe(false);
    expect((await call('ledger:verifyAddress', { scheme: 'ledger-live', index: -1 })).ok).toBe(false);
    expect(calls).toEqual([]);
    expect((await call('ledger:listAddresses', { scheme: 'legacy', from: 3, count: 20 })).ok).toBe(true);
    expect(calls).toEqual([['list', { scheme: 'legacy', from: 3, count: 20 }]]);
  });
});
