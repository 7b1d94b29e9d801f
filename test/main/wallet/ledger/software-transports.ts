import type { LedgerTransports } from '../../../../src-main/wallet/ledger/ledger-connection';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import { toHexAddress } from '../../../../src-core/address/address';
import { SoftwareLedger, type SoftwareLedgerOptions } from '../../../fixtures/ledger/software-device';
import { MNEMONIC } from '../../ledger/helpers';

/** The wallet's transport seam over one software Ledger; `opened` counts the sessions. */
export function softwareTransports(behaviour: SoftwareLedgerOptions['behaviour'] = {}): {
  ledger: SoftwareLedger;
  transports: LedgerTransports;
  opened: () => number;
} {
  const ledger = new SoftwareLedger({ mnemonic: MNEMONIC, behaviour });
  let opened = 0;
  return {
    ledger,
    opened: () => opened,
    transports: {
      open: async () => {
        opened++;
        return ledger;
      },
      support: async () => ({ available: true }),
    },
  };
}

/** A vault account of the software Ledger at `path`, as the vault lists it. */
export function ledgerAccount(ledger: SoftwareLedger, path: string, label = 'Desk Ledger'): VaultAccount {
  const address = ledger.addressAt(path).base58;
  return {
    id: 'acc_00000000000000aa',
    kind: 'watch',
    label,
    address,
    addressHex: toHexAddress(address),
    canSign: false,
    createdAt: 0,
    custody: 'ledger',
    ledger: { path, scheme: 'ledger-live' },
  };
}
