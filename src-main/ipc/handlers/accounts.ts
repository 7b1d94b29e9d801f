import type { accountsChannels } from '../../../src-core/ipc/channels/accounts';
import type { AccountsService as Accounts } from '../../wallet/accounts/accounts-service';
import type { HandlerMap } from '../registry';

export type AccountsService = Pick<Accounts, 'snapshot' | 'refresh'>;

export function createAccountsHandlers(accounts: AccountsService): HandlerMap<typeof accountsChannels> {
  return {
    'accounts:list': () => accounts.snapshot(),
    'accounts:refresh': () => accounts.refresh(),
  };
}
