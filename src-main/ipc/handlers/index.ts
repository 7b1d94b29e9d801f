import type { Channels } from '../../../src-core/ipc/contract';
import type { WalletServices } from '../../wallet';
import { ConsentedFork } from '../../wallet/consent/consented-fork';
import { ConsentedNode } from '../../wallet/consent/consented-node';
import { ConsentedWatch } from '../../wallet/consent/consented-watch';
import { ConsentedPolicy } from '../../wallet/consent/consented-policy';
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
import { createPayoutsHandlers, type PayoutBundlesService, type PayoutsService } from './payouts';
import { createControlHandlers, type ControlChannelsService } from './control';
import { createPolicyHandlers, type PolicyService } from './policy';

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
  readonly payouts: PayoutsService;
  readonly payoutBundles: PayoutBundlesService;
  readonly control: ControlChannelsService;
  readonly policy: PolicyService;
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
    ...createPayoutsHandlers(services.payouts, services.payoutBundles),
    ...createControlHandlers(services.control),
    ...createPolicyHandlers(services.policy),
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
    | 'payoutsScreen'
    | 'payoutBundles'
    | 'control'
    | 'policy'
  >,
): Omit<Services, 'app'> {
  // What changes where the wallet reads, who reaches its node, or what the watchtower reports
  // passes main's confirmation: the page reaches these services only through the consented ones.
  const node = new ConsentedNode(wallet.node, wallet.vault.consent);
  const fork = new ConsentedFork(wallet.fork, wallet.vault.consent);
  const watch = new ConsentedWatch(wallet.watchtower, wallet.vault.consent);
  const policy = new ConsentedPolicy(wallet.policy, wallet.vault.consent, wallet.vault);
  return {
    vault: wallet.vault,
    node: withOverrides(wallet.node, node, ['saveSettings', 'reset']),
    network: withOverrides(wallet.node, node, ['selectNetwork']),
    accounts: wallet.accounts,
    permissions: wallet.permissions,
    tx: wallet.transactions,
    contracts: wallet.contracts,
    tokens: wallet.tokens,
    cosign: wallet.cosign,
    addressBook: wallet.addressBook,
    history: wallet.history,
    watch: withOverrides(wallet.watchtower, watch, ['setRules']),
    fork: withOverrides(wallet.fork, fork, ['startEmbedded', 'impersonate']),
    ledger: wallet.ledger,
    offline: wallet.offline,
    payouts: wallet.payoutsScreen,
    payoutBundles: wallet.payoutBundles,
    control: wallet.control,
    policy: withOverrides(wallet.policy, policy, ['adopt', 'override']),
  };
}

/**
 * `service` with the named methods taken from `consented`, every other method bound to `service`
 * itself (the handlers call them as plain functions of the domain object).
 */
function withOverrides<S extends object, C extends object, K extends keyof C & string>(
  service: S,
  consented: C,
  names: readonly K[],
): Omit<S, K> & Pick<C, K> {
  return new Proxy(service, {
    get(target, property) {
      if ((names as readonly PropertyKey[]).includes(property)) {
        const method = consented[property as K];
        return typeof method === 'function' ? method.bind(consented) : method;
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as Omit<S, K> & Pick<C, K>;
}
