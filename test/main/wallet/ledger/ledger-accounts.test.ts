import { describe, expect, it } from 'vitest';
import { LedgerErrorCode } from '../../../../src-core/errors';
import { toHexAddress } from '../../../../src-core/address/address';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import type { TronNodeClient } from '../../../../src-core/client/client';
import { LedgerAccounts } from '../../../../src-main/wallet/ledger/ledger-accounts';
import { ledgerRejection } from '../../ledger/helpers';
import { softwareTransports } from './software-transports';

function setup(behaviour: Parameters<typeof softwareTransports>[0] = {}) {
  const device = softwareTransports(behaviour);
  const accounts: VaultAccount[] = [];
  const balances = new Map<string, bigint>();
  const client = {
    getAccount: async (address: string) => (balances.has(address) ? { balance: balances.get(address)! } : null),
  } as unknown as TronNodeClient;
  const service = new LedgerAccounts({
    transports: device.transports,
    chain: { requireClient: () => client },
    vault: {
      listAccounts: () => accounts,
      addLedgerAccount: async (address, options) => {
        const account: VaultAccount = {
          id: `acc_${String(accounts.length).padStart(16, '0')}`,
          kind: 'watch',
          label: options.label ?? 'Ledger',
          address,
          addressHex: toHexAddress(address),
          canSign: false,
          createdAt: 0,
          custody: 'ledger',
          ledger: options.ledger,
        };
        accounts.push(account);
        return account;
      },
    },
  });
  return { ...device, service, accounts, balances };
}

describe('LedgerAccounts', () => {
  it('lists Ledger Live addresses with their balances and marks the ones already added', async () => {
    const { ledger, service, balances, accounts } = setup();
    const first = ledger.addressAt("44'/195'/0'/0/0").base58;
    balances.set(first, 7_000_000n);
    await service.addAccounts({ scheme: 'ledger-live', indexes: [1] });
    const rows = await service.listAddresses({ scheme: 'ledger-live', from: 0, count: 3 });
    expect(rows.map((r) => r.path)).toEqual(["44'/195'/0'/0/0", "44'/195'/1'/0/0", "44'/195'/2'/0/0"]);
    expect(rows[0]).toMatchObject({ address: first, balanceSun: 7_000_000n, added: false });
    expect(rows[1]).toMatchObject({ address: accounts[0]!.address, balanceSun: null, added: true });
  });

  it('lists legacy addresses on the last index', async () => {
    const { ledger, service } = setup();
    const rows = await service.listAddresses({ scheme: 'legacy', from: 5, count: 1 });
    expect(rows).toEqual([
      {
        index: 5,
        path: "44'/195'/0'/0/5",
        address: ledger.addressAt("44'/195'/0'/0/5").base58,
        balanceSun: null,
        added: false,
      },
    ]);
  });

  it('adds chosen addresses as Ledger accounts with the address the device gave', async () => {
    const { ledger, service } = setup();
    const added = await service.addAccounts({ scheme: 'legacy', indexes: [2, 2, 0], label: 'Desk' });
    expect(added.map((a) => [a.label, a.address, a.ledger])).toEqual([
      ['Desk 3', ledger.addressAt("44'/195'/0'/0/2").base58, { path: "44'/195'/0'/0/2", scheme: 'legacy' }],
      ['Desk 1', ledger.addressAt("44'/195'/0'/0/0").base58, { path: "44'/195'/0'/0/0", scheme: 'legacy' }],
    ]);
  });

  it('shows an address on the device screen to verify it', async () => {
    const { ledger, service } = setup();
    const shown = await service.verifyAddress({ scheme: 'ledger-live', index: 1 });
    expect(shown).toEqual({
      path: "44'/195'/1'/0/0",
      address: ledger.addressAt("44'/195'/1'/0/0").base58,
      confirmed: true,
    });
    expect(ledger.screens).toEqual([
      { kind: 'address', path: "44'/195'/1'/0/0", address: shown.address, answer: 'approve' },
    ]);
  });

  it('reports an address rejected on the device', async () => {
    const { service } = setup({ answer: 'decline' });
    const error = await ledgerRejection(
      service.verifyAddress({ scheme: 'ledger-live', index: 0 }),
      LedgerErrorCode.DECLINED,
    );
    expect(error.message).toBe('The address was rejected on the Ledger.');
  });

  it('adds nothing when the device is locked', async () => {
    const { service, accounts } = setup({ locked: true });
    await ledgerRejection(service.addAccounts({ scheme: 'ledger-live', indexes: [0] }), LedgerErrorCode.LOCKED);
    expect(accounts).toHaveLength(0);
  });

  it('answers why Ledger support is off instead of failing', async () => {
    const { service } = setup();
    const off = new LedgerAccounts({
      transports: {
        open: async () => Promise.reject(new Error('unused')),
        support: async () => ({ available: false, reason: 'node-hid could not be loaded: libudev.so.1 missing' }),
      },
      chain: {
        requireClient: () => {
          throw new Error('unused');
        },
      },
      vault: { listAccounts: () => [], addLedgerAccount: async () => Promise.reject(new Error('unused')) },
    });
    expect(await off.support()).toEqual({
      available: false,
      reason: 'node-hid could not be loaded: libudev.so.1 missing',
    });
    expect(await service.support()).toEqual({ available: true });
  });
});
