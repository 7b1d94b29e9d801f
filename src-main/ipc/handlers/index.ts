import type { Channels } from '../../../src-core/ipc/contract';
import type { WalletServices } from '../../wallet';
import type { HandlerMap } from '../registry';
import { createAccountsHandlers, type AccountsService } from './accounts';
import { createAppHandlers, type AppService } from './app';
import { createNetworkHandlers, type NetworkService } from './network';
import { createNodeHandlers, type NodeService } from './node';
import { createPermissionsHandlers, type PermissionsService } from './permissions';
import { createVaultHandlers, type VaultService } from './vault';
import { createTxHandlers, type TxService } from './tx';
import { createContractsHandlers, type ContractsService } from './contracts';
import { createTokensHandlers, type TokensService } from './tokens';
import { createCosignHandlers, type CosignService } from './cosign';
import { createAddressBookHandlers, type AddressBookService } from './address-book';
import { createHistoryHandlers, type HistoryService } from './history';
import { createWatchHandlers, type WatchService } from './watch';
import { createForkHandlers, type ForkService } from './fork';
import { createLedgerHandlers, type LedgerService } from './ledger';
import { createOfflineHandlers, type OfflineService } from './offline';

/**
 * Everything the handlers need, one entry per domain. The app builds it from Electron and the
 * real services; the end-to-end harness builds it from test doubles or the same real services.
 */
export interface Services {
  readonly app: AppService;
  readonly vault: VaultService;
  readonly node: NodeService;
  readonly network: NetworkService;
  readonly accounts: AccountsService;
  readonly tx: TxService;
  readonly contracts: ContractsService;
  readonly tokens: TokensService;
  readonly permissions: PermissionsService;
  readonly cosign: CosignService;
  readonly addressBook: AddressBookService;
  readonly history: HistoryService;
  readonly watch: WatchService;
  readonly fork: ForkService;
  readonly ledger: LedgerService;
  readonly offline: OfflineService;
}

/** The full handler map; `satisfies` makes a channel without a handler a compile error. */
export function createHandlers(services: Services): HandlerMap<Channels> {
  return {
    ...createAppHandlers(services.app),
    ...createVaultHandlers(services.vault),
    ...createNodeHandlers(services.node),
    ...createNetworkHandlers(services.network),
    ...createAccountsHandlers(services.accounts),
    ...createTxHandlers(services.tx),
    ...createContractsHandlers(services.contracts),
    ...createTokensHandlers(services.tokens),
    ...createPermissionsHandlers(services.permissions),
    ...createCosignHandlers(services.cosign),
    ...createAddressBookHandlers(services.addressBook),
    ...createHistoryHandlers(services.history),
    ...createWatchHandlers(services.watch),
    ...createForkHandlers(services.fork),
    ...createLedgerHandlers(services.ledger),
    ...createOfflineHandlers(services.offline),
  } satisfies HandlerMap<Channels>;
}

/** The wallet domains of `Services` from the wallet services (the app and the harness use this). */
export function walletServices(
  wallet: Pick<
    WalletServices,
    | 'vault'
    | 'node'
    | 'accounts'
    | 'permissions'
    | 'transactions'
    | 'contracts'
    | 'tokens'
    | 'cosign'
    | 'addressBook'
    | 'history'
    | 'watchtower'
    | 'fork'
    | 'ledger'
    | 'offline'
  >,
): Omit<Services, 'app'> {
  return {
    vault: wallet.vault,
    node: wallet.node,
    network: wallet.node,
    accounts: wallet.accounts,
    permissions: wallet.permissions,
    tx: wallet.transactions,
    contracts: wallet.contracts,
    tokens: wallet.tokens,
    cosign: wallet.cosign,
    addressBook: wallet.addressBook,
    history: wallet.history,
    watch: wallet.watchtower,
    fork: wallet.fork,
    ledger: wallet.ledger,
    offline: wallet.offline,
  };
}
