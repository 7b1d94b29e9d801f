import { rename } from 'node:fs/promises';
import type { HexAddress, TxId } from '../../../src-core/brand';
import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import { ValidationError, WatchError } from '../../../src-core/errors';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type {
  WatchAlert,
  WatchedAccountView,
  WatchInbox,
  WatchRules,
  WatchStatus,
} from '../../../src-core/ipc/channels/watch';
import { OutboxPump } from '../../watchtower/outbox-pump';
import type { PolicyProvider } from '../../watchtower/policies';
import { abortableSleep, runWatchtower } from '../../watchtower/run-loop';
import { Watchtower } from '../../watchtower/scanner';
import type { Alert, CatchUpProgress, NumberedEvent } from '../../watchtower/types';
import {
  defaultRules,
  type AccountRules,
  type TokenFacts,
  type WatchedEnvelope,
  type WatchList,
} from '../../watchtower/watch-list';
import type { AlertNotifier, EmitEvent, WalletLog } from '../context';
import type { NetworkStores } from '../stores/network-stores';
import { hostChainSource } from './host-source';
import { WatchStores, type WatchEntry } from './watch-stores';

export interface WatchtowerChain {
  client(): TronNodeClient | null;
  stores(): NetworkStores;
  onNetworkChange(listener: () => void): () => void;
}

export interface WatchtowerAccounts {
  listAccounts(): VaultAccount[];
}

export interface WatchtowerServiceOptions {
  readonly chain: WatchtowerChain;
  readonly accounts: WatchtowerAccounts;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  /** Desktop notifications (Electron's Notification in the app); absent in tests and the harness. */
  readonly notifier?: AlertNotifier;
  /** Wait between polls at the head (default 3 s, one TRON block). */
  readonly pollMs?: number;
  readonly now?: () => number;
  /**
   * The treasury policies the watchtower checks each outflow against (the wallet's policy store,
   * holding only policies whose owner signatures verified); without one no `policy-breach` is raised.
   */
  readonly policies?: PolicyProvider;
}

const INBOX = 'inbox';

/** A watched TRC20 token as the rules form needs it: its contract (Base58), symbol and decimals. */
export interface WatchedTokenFacts {
  readonly address: string;
  readonly symbol: string;
  readonly decimals: number;
}

/**
 * The wallet's form of the rules (IPC) ⇄ the scanner's. Each watched token gets its threshold (the
 * one set for it, else the rule's default for unlisted tokens), so a person can set one per token.
 */
export function rulesView(rules: AccountRules, tokens: readonly WatchedTokenFacts[] = []): WatchRules {
  const outgoing = rules.outgoingValue;
  return {
    permissionChanged: rules.permissionChanged.enabled,
    unexpectedSigner: rules.unexpectedSigner.enabled,
    signersFromChain: rules.unexpectedSigner.fromChain,
    expectedSigners: (rules.unexpectedSigner.signers ?? []).map((a) => toBase58Address(a)),
    outgoingValue: rules.outgoingValue.enabled,
    outgoingTrxSun: outgoing.trxSun,
    outgoingTokens: tokens.map((t) => ({
      token: toBase58Address(t.address),
      symbol: t.symbol,
      decimals: t.decimals,
      above: outgoing.tokens.get(toHexAddress(t.address)) ?? outgoing.otherTokens ?? 0n,
    })),
    stakingChanged: rules.stakingChanged.enabled,
    contractSettings: rules.contractSettings.enabled,
    balanceFloor: rules.balanceFloor.enabled,
    floorTrxSun: rules.balanceFloor.trxSun,
  };
}

export function accountRules(view: WatchRules): AccountRules {
  const base = defaultRules();
  return {
    permissionChanged: { enabled: view.permissionChanged },
    unexpectedSigner: {
      enabled: view.unexpectedSigner,
      fromChain: view.signersFromChain,
      ...(view.expectedSigners.length > 0 ? { signers: view.expectedSigners.map((a) => toHexAddress(a)) } : {}),
    },
    outgoingValue: {
      ...base.outgoingValue,
      enabled: view.outgoingValue,
      trxSun: view.outgoingTrxSun,
      tokens: new Map(view.outgoingTokens.map((t) => [toHexAddress(t.token) as string, t.above])),
    },
    stakingChanged: { enabled: view.stakingChanged },
    contractSettings: { enabled: view.contractSettings },
    balanceFloor: { ...base.balanceFloor, enabled: view.balanceFloor, trxSun: view.floorTrxSun },
  };
}

/** The address book's names and the watched tokens' symbols and decimals, for alert text. */
function wordsOf(stores: NetworkStores): Pick<WatchList, 'names' | 'tokens'> {
  const names = new Map<HexAddress, string>();
  for (const contact of stores.addressBook.list()) names.set(toHexAddress(contact.address), contact.name);
  const tokens = new Map<string, TokenFacts>();
  for (const token of stores.tokens.list())
    tokens.set(toHexAddress(token.address), { symbol: token.symbol, decimals: token.decimals });
  return { names, tokens };
}

/**
 * Our envelopes as the scanner needs them: txid, owner, expiration, and whether seeing it on chain
 * is expected. It is when this wallet broadcast it, and when this wallet proposed it: a co-signer
 * who completes and broadcasts this desk's own proposal is how co-signing ends, not an alarm. An
 * envelope received from another desk and put on chain by someone else is still reported.
 */
function envelopesOf(stores: NetworkStores): WatchedEnvelope[] {
  const out: WatchedEnvelope[] = [];
  for (const entry of stores.envelopes.list()) {
    try {
      const envelope = stores.envelopes.envelopeOf(entry);
      const owner = envelope.transaction.raw_data.contract[0]?.parameter.value.owner_address;
      if (typeof owner !== 'string') continue;
      out.push({
        txid: entry.txid as TxId,
        owner: toHexAddress(owner),
        expiration: envelope.expiresAt,
        broadcastByUs: entry.broadcastAt !== null || entry.origin === 'proposed',
        label: entry.label,
      });
    } catch {
      // An envelope that does not verify is listed by the co-signing inbox, not watched.
    }
  }
  return out;
}

/** The inbox form of a scanner alert (addresses Base58, nulls instead of absent fields). */
function inboxAlert(alert: Alert, now: number): WatchAlert {
  return {
    id: alert.id,
    rule: alert.rule,
    account: toBase58Address(alert.account),
    label: alert.label,
    txid: alert.txid ?? null,
    title: alert.title,
    details: alert.details as WatchAlert['details'],
    status: alert.status,
    block: alert.block,
    raisedAt: alert.raisedAt,
    updatedAt: now,
    readAt: null,
  };
}

interface Running {
  readonly key: string;
  readonly stores: WatchStores;
  readonly tower: Watchtower;
  readonly pump: OutboxPump;
  readonly stop: AbortController;
  readonly loop: Promise<void>;
}

/**
 * `WatchtowerService` (IPC domain `watch`): runs the watchtower (src-main/watchtower) on the
 * current network through the node host's client, over every vault account and the addresses
 * added here, with our co-signing envelopes; keeps the alert inbox, announces each alert
 * (`watch:alert`, and a desktop notification through `notifier`) and the scanner's progress
 * (`watch:progress`). A network switch stops one scanner and starts the next on its own files.
 */
export class WatchtowerService {
  private running: Running | null = null;
  private switching: Promise<void> = Promise.resolve();
  private statusValue: WatchStatus = {
    state: 'starting',
    cursor: null,
    head: null,
    progress: null,
    message: null,
    gaps: [],
    watching: 0,
  };
  private readonly offNetwork: () => void;
  private disposed = false;

  constructor(private readonly options: WatchtowerServiceOptions) {
    this.offNetwork = options.chain.onNetworkChange(() => void this.follow());
  }

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Starts (or keeps) the scanner of the network whose stores are open now. */
  follow(): Promise<void> {
    const next = this.switching.then(() => this.switchTo());
    this.switching = next.catch((error: unknown) => {
      this.options.log.error('The watchtower could not start', { error: error instanceof Error ? error.message : '' });
    });
    return this.switching;
  }

  private async switchTo(): Promise<void> {
    if (this.disposed) return;
    const stores = this.options.chain.stores();
    if (this.running?.key === stores.key) return;
    await this.stopRunning();
    const watchStores = await WatchStores.open(stores.dir);
    const tower = await this.openTower(watchStores);
    const pump = new OutboxPump(tower, INBOX, (event) => this.take(watchStores, event));
    const stop = new AbortController();
    const loop = this.loop(tower, stop.signal);
    this.running = { key: stores.key, stores: watchStores, tower, pump, stop, loop };
    void pump.wake().catch((error: unknown) => this.pumpFailed(error));
  }

  private async openTower(stores: WatchStores): Promise<Watchtower> {
    const open = () =>
      Watchtower.open({
        source: hostChainSource(() => this.options.chain.client()),
        stateFile: stores.stateFile,
        watchList: () => this.watchList(),
        consumers: [INBOX],
        onProgress: (progress) => this.setStatus({ state: 'catching-up', ...this.position(progress) }),
        onEvents: () => void this.running?.pump.wake().catch((error: unknown) => this.pumpFailed(error)),
      });
    try {
      return await open();
    } catch (error) {
      if (!(error instanceof WatchError)) throw error;
      await this.setAsideState(stores.stateFile, error);
      return open();
    }
  }

  private position(progress: CatchUpProgress): Partial<WatchStatus> {
    return { cursor: progress.block, head: progress.head, progress: progress.text };
  }

  private async loop(tower: Watchtower, signal: AbortSignal): Promise<void> {
    try {
      await runWatchtower(tower, {
        pollMs: this.options.pollMs ?? 3000,
        signal,
        onPoll: (report) =>
          this.setStatus({
            state: 'watching',
            cursor: report.cursor,
            head: report.head,
            progress: null,
            message: null,
            gaps: this.gapsOf(tower),
          }),
        onFailure: (error) =>
          this.setStatus({
            state: 'node-away',
            message: error.message,
            gaps: this.gapsOf(tower),
          }),
      });
    } catch (error) {
      if (signal.aborted) return;
      // The chain under the state file changed (a reset dev node, another chain at the same URL):
      // what was scanned no longer exists. The old state is kept aside and watching starts again.
      if (
        error instanceof WatchError &&
        (error.code === 'WATCH_CHAIN_MISMATCH' || error.code === 'WATCH_WRONG_NETWORK')
      ) {
        const running = this.running?.tower === tower ? this.running : null;
        if (!running) return;
        this.running = null;
        {
          running.stop.abort();
          await running.stores.close();
          await this.setAsideState(running.stores.stateFile, error);
        }
        this.setStatus({ state: 'starting', message: error.message, cursor: null, head: null, gaps: [] });
        await abortableSleep(1000, signal);
        await this.follow();
        return;
      }
      this.setStatus({ state: 'stopped', message: error instanceof Error ? error.message : String(error) });
      this.options.log.error('The watchtower stopped', { code: error instanceof WatchError ? error.code : undefined });
    }
  }

  private async setAsideState(file: string, error: WatchError): Promise<void> {
    const aside = `${file}.replaced-${this.now}`;
    await rename(file, aside).catch(() => undefined);
    this.options.log.warn('The watch state was set aside and watching restarts at the head', { code: error.code });
  }

  private gapsOf(tower: Watchtower): WatchStatus['gaps'] {
    return tower.gaps().map((g) => ({
      from: g.from,
      to: g.to ?? null,
      openedAt: g.openedAt,
      closedAt: g.closedAt ?? null,
      filledAt: g.filledAt ?? null,
    }));
  }

  private setStatus(change: Partial<WatchStatus>): void {
    this.statusValue = { ...this.statusValue, ...change, watching: this.safeWatchList()?.accounts.length ?? 0 };
    this.options.emit('watch:progress', this.statusValue);
  }

  /** Takes one outbox event into the inbox, then announces it. */
  private async take(stores: WatchStores, numbered: NumberedEvent): Promise<void> {
    const event = numbered.event;
    if (event.type === 'alert') {
      const alert = inboxAlert(event.alert, this.now);
      await stores.saveAlerts((entries) => [...entries.filter((a) => a.id !== alert.id), alert]);
      this.announce('raised', alert.id, alert.txid, stores);
      this.options.notifier?.notify({
        title: alert.label ? `${alert.label}: ${ruleTitle(alert.rule)}` : ruleTitle(alert.rule),
        body: alert.title,
      });
    } else if (event.type === 'confirmed' || event.type === 'retracted') {
      const status = event.type;
      await stores.saveAlerts((entries) =>
        entries.map((a) => (a.id === event.id ? { ...a, status, block: event.block, updatedAt: this.now } : a)),
      );
      this.announce(status, event.id, event.txid ?? null, stores);
    } else {
      this.setStatus({ gaps: this.running ? this.gapsOf(this.running.tower) : [] });
    }
  }

  private announce(
    change: 'raised' | 'confirmed' | 'retracted',
    id: string,
    txid: string | null,
    stores: WatchStores,
  ): void {
    const unread = stores.inbox().filter((a) => a.readAt === null).length;
    this.options.emit('watch:alert', { change, id, txid, unread });
  }

  private pumpFailed(error: unknown): void {
    this.options.log.error('The alert inbox could not take an event', {
      error: error instanceof Error ? error.message : String(error),
    });
  }

  // ── the watch list ──────────────────────────────────────────────────────────────────────────

  private entries(): WatchEntry[] {
    return this.running?.stores.list.list() ?? [];
  }

  private safeWatchList(): WatchList | null {
    try {
      return this.watchList();
    } catch {
      return null;
    }
  }

  /** Every vault account, then the added addresses; rules changed here replace the defaults. */
  watchList(): WatchList {
    const entries = new Map(this.entries().map((e) => [toHexAddress(e.address), e]));
    const vault = this.options.accounts.listAccounts();
    const accounts = new Map<HexAddress, WatchList['accounts'][number]>();
    for (const a of vault) {
      const address = toHexAddress(a.address);
      const entry = entries.get(address);
      accounts.set(address, { address, label: a.label, rules: entry ? accountRules(entry.rules) : defaultRules() });
    }
    for (const [address, entry] of entries) {
      if (entry.origin !== 'added' || accounts.has(address)) continue;
      accounts.set(address, { address, label: entry.label, rules: accountRules(entry.rules) });
    }
    let envelopes: WatchedEnvelope[] = [];
    let words: Pick<WatchList, 'names' | 'tokens'> = {};
    try {
      const stores = this.options.chain.stores();
      envelopes = envelopesOf(stores);
      words = wordsOf(stores);
    } catch {
      // Stores of the network not open (switching): no envelopes or names this poll.
    }
    return {
      accounts: [...accounts.values()],
      envelopes,
      knownAddresses: vault.map((a) => toHexAddress(a.address)),
      ...words,
      ...(this.options.policies ? { policies: this.options.policies } : {}),
    };
  }

  watched(): WatchedAccountView[] {
    let tokens: WatchedTokenFacts[] = [];
    try {
      tokens = this.options.chain.stores().tokens.list();
    } catch {
      // Stores of the network not open (switching): no token thresholds to show.
    }
    const vault = new Set(this.options.accounts.listAccounts().map((a) => toHexAddress(a.address) as string));
    return this.watchList().accounts.map((a) => ({
      address: toBase58Address(a.address),
      label: a.label,
      origin: vault.has(a.address) ? 'vault' : 'added',
      rules: rulesView(a.rules, tokens),
    }));
  }

  private requireStores(): WatchStores {
    if (!this.running)
      throw new ValidationError(
        'WATCH_NOT_READY',
        'The watchtower has not started on this network yet. Try again in a moment.',
      );
    return this.running.stores;
  }

  async add(input: { address: string; label: string }): Promise<WatchedAccountView> {
    const stores = this.requireStores();
    const address = toBase58Address(input.address);
    const existing = this.watched().find((a) => a.address === address);
    if (existing)
      throw new ValidationError(
        'WATCH_ALREADY_WATCHED',
        `${address} is already watched${existing.origin === 'vault' ? ' (a vault account)' : ''}.`,
        {
          field: 'address',
        },
      );
    await stores.list.put({
      address,
      label: input.label.trim(),
      origin: 'added',
      rules: rulesView(defaultRules()),
      addedAt: this.now,
    });
    return this.watched().find((a) => a.address === address)!;
  }

  async remove(input: { address: string }): Promise<{ address: string }> {
    const stores = this.requireStores();
    const address = toBase58Address(input.address);
    const entry = stores.list.get(address);
    if (!entry || entry.origin !== 'added')
      throw new ValidationError(
        'WATCH_NOT_REMOVABLE',
        this.watched().some((a) => a.address === address)
          ? `${address} is a vault account: it is always watched. Turn its rules off instead.`
          : `${address} is not watched.`,
        { field: 'address' },
      );
    await stores.list.remove(address);
    return { address };
  }

  async setRules(input: { address: string; rules: WatchRules }): Promise<WatchedAccountView> {
    const stores = this.requireStores();
    const address = toBase58Address(input.address);
    const current = this.watched().find((a) => a.address === address);
    if (!current)
      throw new ValidationError('WATCH_NOT_WATCHED', `${address} is not watched; add it first.`, { field: 'address' });
    const entry = stores.list.get(address);
    const expectedSigners = [...new Set(input.rules.expectedSigners.map((a) => toBase58Address(a)))];
    const outgoingTokens = input.rules.outgoingTokens.map((t) => ({ ...t, token: toBase58Address(t.token) }));
    await stores.list.put({
      address,
      label: entry?.label ?? current.label,
      origin: current.origin === 'vault' ? 'vault' : 'added',
      rules: { ...input.rules, expectedSigners, outgoingTokens },
      addedAt: entry?.addedAt ?? this.now,
    });
    return this.watched().find((a) => a.address === address)!;
  }

  // ── the inbox ───────────────────────────────────────────────────────────────────────────────

  inbox(): WatchInbox {
    const items = this.running ? this.running.stores.inbox() : [];
    return { items, unread: items.filter((a) => a.readAt === null).length };
  }

  /** Only the alerts named: a call without ids marks nothing. */
  async markRead(input: { ids?: readonly string[] }): Promise<{ unread: number }> {
    const stores = this.requireStores();
    const ids = new Set(input.ids ?? []);
    const now = this.now;
    if (ids.size > 0)
      await stores.saveAlerts((entries) =>
        entries.map((a) => (a.readAt === null && ids.has(a.id) ? { ...a, readAt: now } : a)),
      );
    return { unread: this.inbox().unread };
  }

  status(): WatchStatus {
    return { ...this.statusValue, watching: this.safeWatchList()?.accounts.length ?? 0 };
  }

  private async stopRunning(): Promise<void> {
    const running = this.running;
    this.running = null;
    if (!running) return;
    running.stop.abort();
    await running.loop;
    await running.pump.drain().catch(() => undefined);
    await running.stores.close();
  }

  /** Stops the scanner and closes its files (app shutdown). */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.offNetwork();
    await this.switching;
    await this.stopRunning();
  }
}

const RULE_TITLES: Readonly<Record<WatchAlert['rule'], string>> = {
  'permission-changed': 'permissions changed',
  'unexpected-signer': 'signed outside the expected',
  'outgoing-value': 'value sent',
  'staking-changed': 'staking or votes changed',
  'contract-settings': 'contract settings changed',
  'balance-floor': 'balance below its floor',
  'envelope-broadcast-elsewhere': 'envelope broadcast by someone else',
  'envelope-expired': 'envelope expired unsigned',
  'policy-breach': 'outflow breaks the treasury policy',
};

export function ruleTitle(rule: WatchAlert['rule']): string {
  const text = RULE_TITLES[rule];
  return text.charAt(0).toUpperCase() + text.slice(1);
}
