import { ConsentedSigning } from './consent/consented-signing';
import { join } from 'node:path';
import type { FetchLike } from '../../src-core/client/fetch';
import type { ScryptParams, SecretStore } from '../vault';
import { AccountsService } from './accounts/accounts-service';
import type {
  AlertNotifier,
  Clipboard,
  EmitEvent,
  FileDialogs,
  RecoveryPhraseDisplay,
  ShutdownOrders,
  ShutdownRegistrar,
  WalletLog,
} from './context';
import type { EmbeddedNodeFactory } from './node-host/embedded-node';
import { NodeHost } from './node-host/node-host';
import { Settings, SETTINGS_FILE, type SettingsDefaults } from './stores/settings';
import type { ConsentSurface } from './consent/consent-request';
import { WalletVault } from './vault-service';
import { ChainReads } from './chain-knowledge/chain-reads';
import { ContractsService } from './transactions/contracts-service';
import { TransactionService } from './transactions/transaction-service';
import { TransactionTracker } from './transactions/transaction-tracker';
import { TokensService } from './tokens/tokens-service';
import { PayoutsService } from './payouts/payouts-service';
import { PayoutsScreen } from './payouts/payouts-screen';
import { PayoutBundles } from './payouts/payout-bundles';
import { PayoutRunsHost } from './payouts/payout-runs-host';
import { bundleWording, ConsentedBundleSigning } from './consent/consented-bundle-signing';
import { PermissionsService } from './permissions/permissions-service';
import { CosignService } from './cosign/cosign-service';
import { ForkService } from './fork/fork-service';
import type { CreateForkNode } from './node-host/throwaway-fork';
import { AddressBookService } from './address-book/address-book-service';
import { HistoryService } from './history/history-service';
import { IncomingTransfers } from './history/incoming-transfers';
import { WatchtowerService } from './watchtower/watchtower-service';
import { LedgerAccounts } from './ledger/ledger-accounts';
import { usbLedgerTransports, type LedgerTransports } from './ledger/ledger-connection';
import { LedgerSigner } from './ledger/ledger-signer';
import { OfflineSigner } from './offline/offline-signer';
import { ControlService } from './control/control-service';
import { OfflineModeFile } from './offline/offline-mode-file';
import { OfflineGuard } from './node-host/offline-guard';
import { AuditLog } from './audit/audit-log';
import { readOrCreateDeskId } from './audit/desk-id';
import { PolicyStore, POLICIES_FILE } from './policy/policy-store';
import { PolicyService } from './policy/policy-service';
import { WatchedPolicies } from './policy/watched-policies';
import { outflowsInLastDay } from './policy/outflow-history';
import { parseJsonLossless } from '../../src-core/json/lossless';
import { PolicyError } from '../../src-core/policy';
import type { TransactionJson } from '../../src-core/tx/types';

export type { EmbeddedNode, EmbeddedNodeConfig, EmbeddedNodeFactory, EmbeddedHead } from './node-host/embedded-node';
export type {
  AlertNotifier,
  Clipboard,
  EmitEvent,
  FileDialogs,
  FileFilter,
  RecoveryPhraseDisplay,
  RecoveryPhraseView,
  ShutdownOrders,
  ShutdownRegistrar,
  WalletLog,
} from './context';
export { NodeHost } from './node-host/node-host';
export { AccountsService } from './accounts/accounts-service';
export { WalletVault } from './vault-service';
export { PermissionsService } from './permissions/permissions-service';
export { Settings } from './stores/settings';
export { TransactionService } from './transactions/transaction-service';
export { TransactionTracker } from './transactions/transaction-tracker';
export { ContractsService } from './transactions/contracts-service';
export { TokensService } from './tokens/tokens-service';
export { CosignService } from './cosign/cosign-service';
export { ForkService } from './fork/fork-service';
export type { CreateForkNode } from './node-host/throwaway-fork';
export { AddressBookService } from './address-book/address-book-service';
export { HistoryService } from './history/history-service';
export { WatchtowerService } from './watchtower/watchtower-service';
export { LedgerAccounts } from './ledger/ledger-accounts';
export type { LedgerTransports } from './ledger/ledger-connection';
export { OfflineSigner } from './offline/offline-signer';
export { AuditLog } from './audit/audit-log';
export type { AuditSink, AuditStep, AuditVerdictStep } from './chain-knowledge/audit-sink';
export { PolicyService, type PolicyOverrideEvent, type PolicyVerdictEvent } from './policy/policy-service';

/** Folder of the vault inside the user data folder. */
export const VAULT_FOLDER = 'vault';

export interface WalletServicesOptions {
  /** Electron's `app.getPath('userData')`; a temp folder in tests. */
  readonly userDataDir: string;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  readonly createEmbeddedNode: EmbeddedNodeFactory;
  readonly fetch: FetchLike;
  readonly clipboard: Clipboard;
  readonly shutdown?: ShutdownRegistrar;
  readonly shutdownOrders?: ShutdownOrders;
  /** Tests: a keychain stand-in and cheap scrypt. The app uses keytar and the vault's defaults. */
  readonly secretStore?: SecretStore;
  readonly scrypt?: ScryptParams;
  readonly embeddedPollMs?: number;
  readonly remoteRefreshMs?: number;
  /** Settings of a profile that has none yet (tests: port 0, a fast block time). */
  readonly settingsDefaults?: SettingsDefaults;
  /** Main's open and save dialogs (Electron); absent ones make the renderer use a file input. */
  readonly fileDialogs?: FileDialogs;
  /** Where main shows a recovery phrase (Electron's message box); absent, the vault refuses to show one. */
  readonly recoveryPhraseDisplay?: RecoveryPhraseDisplay;
  /** Main's confirmation surface (the Electron window; a scripted one in tests). */
  readonly consentSurface?: ConsentSurface;
  /** Desktop notifications for watchtower alerts (Electron's Notification); absent: the inbox only. */
  readonly alertNotifier?: AlertNotifier;
  /** The watchtower's wait between polls at the head (default 3 s). */
  readonly watchPollMs?: number;
  /** src-main/node's `createNode` for throw-away forks; absent, fork rehearsals say they are unavailable. */
  readonly createForkNode?: CreateForkNode;
  /**
   * How main reaches a Ledger: USB HID by default. Tests and the end-to-end harness pass the
   * software device here; it is an option of main's services, out of the renderer's reach.
   */
  readonly ledgerTransports?: LedgerTransports;
  /** The app's version, written in each proposal's audit entry (Electron's `app.getVersion()`). */
  readonly appVersion?: string;
}

export interface WalletServices {
  readonly settings: Settings;
  readonly vault: WalletVault;
  readonly node: NodeHost;
  readonly accounts: AccountsService;
  readonly transactions: TransactionService;
  /** Broadcasts and follows transactions for the transaction service and the co-signing inbox. */
  readonly tracker: TransactionTracker;
  readonly contracts: ContractsService;
  readonly tokens: TokensService;
  readonly permissions: PermissionsService;
  readonly payouts: PayoutsService;
  /** The Payouts screen's channels: the plan with progress events, main's open dialog. */
  readonly payoutsScreen: PayoutsScreen;
  /** A payout run as one bundle: proposed and signed through one confirmation, co-signed, broadcast, reported. */
  readonly payoutBundles: PayoutBundles;
  /** The payout runs of the network in use (`networks/<key>/payouts/`), resumed when it opens. */
  readonly payoutRuns: PayoutRunsHost;
  readonly cosign: CosignService;
  readonly addressBook: AddressBookService;
  readonly history: HistoryService;
  /** Payments others made to this wallet's accounts, found in solidified blocks. */
  readonly incoming: IncomingTransfers;
  readonly watchtower: WatchtowerService;
  readonly fork: ForkService;
  /** Ledger accounts: list, verify on the device, add. */
  readonly ledger: LedgerAccounts;
  /** The offline signer (IPC domain `offline`); while its mode is on the node host starts nothing and connects nowhere. */
  readonly offline: OfflineSigner;
  /** Proofs of control (IPC domain `control`): signed through main's window, verified against the node in use. */
  readonly control: ControlService;
  /**
   * This desk's audit logs, one per network and account (`networks/<key>/audit/`). The policy
   * service records its verdicts through `audit.appendVerdict`.
   */
  readonly audit: AuditLog;
  /**
   * Treasury policies (IPC domain `policy`, with consent/consented-policy.ts for adoption and
   * overrides): checked before every vault and Ledger signature; `policy.onVerdict` reports each verdict.
   */
  readonly policy: PolicyService;
  /** Resolves once the selected network was opened (the embedded node started, or failed). */
  readonly ready: Promise<void>;
  /** Stops the node, closes the stores and locks the vault (what the shutdown hooks do). */
  close(): Promise<void>;
}

/**
 * Builds the services behind the IPC handlers from one user data folder:
 *
 * ```
 * <user data>/settings.json            selected network, node settings, API keys
 * <user data>/offline-mode.json        whether this computer is the offline signer (any doubt: it is)
 * <user data>/vault/                   the key vault (vault.json, keystores/)
 * <user data>/tron-node/               the embedded node's chain (or <data dir>/tron-node)
 * <user data>/networks/<key>/*.json    drafts, envelopes, address book, history, watch list, alerts per network
 * <user data>/networks/<key>/audit/    the audit log of each account (<41… hex>.jsonl)
 * <user data>/audit-desk-id            this install's desk id in the audit logs
 * ```
 *
 * The same function serves the Electron app and the end-to-end harness.
 */
export async function createWalletServices(options: WalletServicesOptions): Promise<WalletServices> {
  const settings = await Settings.open(join(options.userDataDir, SETTINGS_FILE), options.settingsDefaults);
  const modeFile = await OfflineModeFile.open(options.userDataDir, settings);
  // The one gate on every way out of the process the services are given: the host wraps its node
  // factory and fetch in it, and the throw-away fork factory is wrapped here, so no feature holds
  // an unguarded one.
  const guard = new OfflineGuard(modeFile.state, modeFile);
  if (modeFile.state.reason)
    options.log.warn('Offline signer on: the saved mode is in doubt', { reason: modeFile.state.reason });
  const createForkNode = options.createForkNode ? guard.forkFactory(options.createForkNode) : undefined;
  const node = new NodeHost({
    userDataDir: options.userDataDir,
    settings,
    offline: guard,
    createEmbeddedNode: options.createEmbeddedNode,
    fetch: options.fetch,
    emit: options.emit,
    log: options.log,
    clipboard: options.clipboard,
    ...(options.shutdown ? { shutdown: options.shutdown } : {}),
    ...(options.shutdownOrders ? { shutdownOrders: options.shutdownOrders } : {}),
    ...(options.embeddedPollMs !== undefined ? { embeddedPollMs: options.embeddedPollMs } : {}),
  });
  const audit = new AuditLog({
    chain: node,
    deskId: await readOrCreateDeskId(options.userDataDir, Date.now()),
    appVersion: options.appVersion ?? process.env.npm_package_version ?? 'unstated',
    log: options.log,
    offline: () => guard.offline,
  });
  const vault = await WalletVault.open({
    audit,
    dataDir: join(options.userDataDir, VAULT_FOLDER),
    emit: options.emit,
    log: options.log,
    devAccounts: () => node.devAccounts(),
    ...(options.recoveryPhraseDisplay ? { recoveryPhraseDisplay: options.recoveryPhraseDisplay } : {}),
    ...(options.consentSurface ? { consentSurface: options.consentSurface } : {}),
    ...(options.secretStore ? { secretStore: options.secretStore } : {}),
    ...(options.scrypt ? { scrypt: options.scrypt } : {}),
    ...(options.shutdown ? { shutdown: options.shutdown } : {}),
    ...(options.shutdownOrders ? { shutdownOrders: options.shutdownOrders } : {}),
  });
  const accounts = new AccountsService({
    accounts: vault,
    chain: node,
    emit: options.emit,
    log: options.log,
    ...(options.remoteRefreshMs !== undefined ? { remoteRefreshMs: options.remoteRefreshMs } : {}),
  });
  const reads = new ChainReads();
  const tracker = new TransactionTracker({ chain: node, emit: options.emit, log: options.log, reads, audit });
  const contracts = new ContractsService(node);
  const tokens = new TokensService(node, vault, reads);
  const ledgerTransports = options.ledgerTransports ?? usbLedgerTransports;
  const policyStore = await PolicyStore.open(join(options.userDataDir, POLICIES_FILE));
  const guardedFetch = guard.fetch(options.fetch);
  // The builder's prepared transactions, for the verdict its review shows; built further down.
  const built: { transactions?: TransactionService } = {};
  const policy = new PolicyService({
    store: policyStore,
    chain: node,
    offline: () => node.isOffline(),
    history: (account, now) => {
      const network = node.network();
      if (!network.fullNodeUrl) {
        throw new PolicyError('POLICY_HISTORY_UNAVAILABLE', 'No node answers, so the daily caps cannot be counted.');
      }
      const apiKey = settings.get().apiKeys[network.key];
      return outflowsInLastDay({ url: network.fullNodeUrl, apiKey, fetch: guardedFetch }, account, now);
    },
    prepared: (txid) => {
      try {
        return parseJsonLossless(built.transactions!.prepare({ txid }).json) as TransactionJson;
      } catch {
        return undefined;
      }
    },
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  // Each verdict reached before a signature is evidence: it goes into the account's audit log.
  policy.onVerdict((event) => {
    const verdict = event.overriddenBy ? 'override' : event.verdict.pass ? 'pass' : 'block';
    void audit.appendVerdict({
      account: event.account,
      ...(event.txid ? { txId: event.txid } : {}),
      body: {
        policyVersion: event.policyVersion,
        verdict,
        rules: event.verdict.breaches.map((b) => ({ rule: b.code, message: b.message })),
      },
    });
  });
  const signing = new ConsentedSigning({
    vault,
    chain: node,
    reads,
    ledger: new LedgerSigner(ledgerTransports),
    audit,
    policy,
  });
  const ledger = new LedgerAccounts({ transports: ledgerTransports, vault, chain: node });
  const cosign = new CosignService({
    chain: node,
    vault: signing,
    tracker,
    reads,
    emit: options.emit,
    log: options.log,
    clipboard: options.clipboard,
    audit,
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  const transactions = new TransactionService({
    chain: node,
    vault: signing,
    emit: options.emit,
    log: options.log,
    reads,
    tracker,
    proposals: cosign,
  });
  built.transactions = transactions;
  const addressBook = new AddressBookService({
    chain: node,
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  const history = new HistoryService({
    chain: node,
    vault,
    reads,
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  const incoming = new IncomingTransfers({ chain: node, accounts: vault, emit: options.emit, log: options.log });
  const permissions = new PermissionsService({ chain: node, vault: signing, transactions, log: options.log });
  const payouts = new PayoutsService({
    chain: node,
    reads,
    signingAccounts: () => vault.listAccounts().filter((a) => a.canSign),
  });
  const payoutsScreen = new PayoutsScreen({
    payouts,
    emit: options.emit,
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  const payoutRuns = new PayoutRunsHost({ chain: node, log: options.log });
  const payoutBundles = new PayoutBundles({
    payouts,
    chain: node,
    reads,
    vault,
    signing: new ConsentedBundleSigning({
      vault,
      ledger: new LedgerSigner(ledgerTransports),
      wording: bundleWording(vault, node, reads),
      emit: options.emit,
      policy,
    }),
    wording: bundleWording(vault, node, reads),
    runs: payoutRuns,
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  const watchedPolicies = new WatchedPolicies({ store: policyStore, chain: node });
  const watchtower = new WatchtowerService({
    chain: node,
    accounts: vault,
    policies: watchedPolicies,
    emit: options.emit,
    log: options.log,
    ...(options.alertNotifier ? { notifier: options.alertNotifier } : {}),
    ...(options.watchPollMs !== undefined ? { pollMs: options.watchPollMs } : {}),
  });
  const fork = new ForkService({
    settings,
    host: node,
    emit: options.emit,
    transactions,
    envelopes: cosign,
    permissions,
    ...(createForkNode ? { createNode: createForkNode } : {}),
  });
  const offline = new OfflineSigner({
    mode: node,
    reason: () => guard.reason,
    vault: signing,
    consent: vault.consent,
    log: options.log,
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  const control = new ControlService({
    chain: node,
    vault,
    ledgerTransports,
    ...(options.fileDialogs ? { files: options.fileDialogs } : {}),
  });
  const ready = node.open().catch((error: unknown) => {
    options.log.error('Opening the network failed', { error: error instanceof Error ? error.name : typeof error });
  });
  // Runs a closed app left open continue (rows marked sending are looked up before any is sent
  // again), beside the app rather than before it is ready: a long run must not hold the window.
  void ready.then(() => payoutRuns.start());
  void ready.then(() => watchedPolicies.refresh());
  return {
    settings,
    vault,
    node,
    accounts,
    transactions,
    tracker,
    contracts,
    tokens,
    permissions,
    payouts,
    payoutsScreen,
    payoutBundles,
    payoutRuns,
    cosign,
    addressBook,
    history,
    incoming,
    watchtower,
    fork,
    ledger,
    offline,
    control,
    audit,
    policy,
    ready,
    async close() {
      await watchtower.dispose();
      transactions.dispose();
      tracker.dispose();
      cosign.dispose();
      incoming.dispose();
      accounts.dispose();
      await payoutRuns.close().catch(() => undefined);
      vault.lock('shutdown');
      await node.close().catch(() => undefined);
      await policyStore.close().catch(() => undefined);
      vault.dispose();
    },
  };
}
