import type { LedgerAddressRow, LedgerSupportView } from '../../../src-core/ipc/channels/ledger';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { ledgerPathFor, type LedgerPathScheme } from '../../ledger/paths';
import type { ChainAccess } from '../node-host/chain-access';
import { deviceModelOf, withLedger, type LedgerTransports } from './ledger-connection';

/**
 * What adding a device's accounts uses of the vault; `WalletVault` (vault-service.ts) provides it.
 * Declared here so the Ledger modules sit below the vault service and its confirmations.
 */
export interface LedgerVault {
  listAccounts(): VaultAccount[];
  addLedgerAccount(
    address: string,
    options: { label?: string; ledger: { path: string; scheme: LedgerPathScheme; model?: string } },
  ): Promise<VaultAccount>;
}

export interface LedgerAccountsOptions {
  readonly transports: LedgerTransports;
  readonly vault: LedgerVault;
  readonly chain: Pick<ChainAccess, 'requireClient'>;
}

/**
 * IPC domain `ledger`: lists a Ledger's addresses under a path scheme with their balances, shows
 * one on the device for the person to compare, and adds chosen ones as `ledger` accounts. Every
 * address comes from the device in main; the renderer only picks indexes.
 */
export class LedgerAccounts {
  constructor(private readonly options: LedgerAccountsOptions) {}

  /** Never throws for a missing USB module: that is the answer ("why not"), and the rest of the app goes on. */
  async support(): Promise<LedgerSupportView> {
    const support = await this.options.transports.support();
    return support.available ? { available: true } : { available: false, reason: support.reason };
  }

  async listAddresses(input: { scheme: LedgerPathScheme; from: number; count: number }): Promise<LedgerAddressRow[]> {
    const client = this.options.chain.requireClient();
    const known = new Set(this.options.vault.listAccounts().map((a) => a.addressHex));
    const read = await withLedger(this.options.transports, async (device) => {
      const out: { index: number; path: string; address: string; hex: string }[] = [];
      for (let index = input.from; index < input.from + input.count; index++) {
        const path = ledgerPathFor(input.scheme, index);
        const address = await device.getAddress(path);
        out.push({ index, path, address: address.base58, hex: address.hex });
      }
      return out;
    });
    return Promise.all(
      read.map(async (row) => ({
        index: row.index,
        path: row.path,
        address: row.address,
        balanceSun: (await client.getAccount(row.address))?.balance ?? null,
        added: known.has(row.hex),
      })),
    );
  }

  async verifyAddress(input: { scheme: LedgerPathScheme; index: number }) {
    const path = ledgerPathFor(input.scheme, input.index);
    const address = await withLedger(this.options.transports, (device) => device.getAddress(path, { display: true }));
    return { path, address: address.base58, confirmed: true as const };
  }

  async addAccounts(input: { scheme: LedgerPathScheme; indexes: number[]; label?: string }): Promise<VaultAccount[]> {
    const indexes = [...new Set(input.indexes)];
    const read = await withLedger(this.options.transports, async (device, transport) => {
      const model = deviceModelOf(transport);
      const out: { index: number; path: string; address: string; model: string | undefined }[] = [];
      for (const index of indexes) {
        const path = ledgerPathFor(input.scheme, index);
        out.push({ index, path, address: (await device.getAddress(path)).base58, model });
      }
      return out;
    });
    const added: VaultAccount[] = [];
    for (const row of read) {
      added.push(
        await this.options.vault.addLedgerAccount(row.address, {
          label: `${input.label?.trim() || 'Ledger'} ${row.index + 1}`,
          ledger: { path: row.path, scheme: input.scheme, ...(row.model ? { model: row.model } : {}) },
        }),
      );
    }
    return added;
  }
}
