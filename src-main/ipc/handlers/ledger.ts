import type { ledgerChannels } from '../../../src-core/ipc/channels/ledger';
import type { LedgerAccounts } from '../../wallet/ledger/ledger-accounts';
import type { HandlerMap } from '../registry';

export type LedgerService = Pick<LedgerAccounts, 'support' | 'listAddresses' | 'verifyAddress' | 'addAccounts'>;

/** Ledger channels: arguments arrive parsed; USB is opened in main by the wallet's LedgerAccounts. */
export function createLedgerHandlers(ledger: LedgerService): HandlerMap<typeof ledgerChannels> {
  return {
    'ledger:support': () => ledger.support(),
    'ledger:listAddresses': (input) => ledger.listAddresses(input),
    'ledger:verifyAddress': (input) => ledger.verifyAddress(input),
    'ledger:addAccounts': (input) => ledger.addAccounts(input),
  };
}
