import { BroadcastError, WalletError } from '../../../src-core/errors';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { TrackView, TxKind, TxState } from '../../../src-core/ipc/channels/tx';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { EmitEvent, WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { HistoryEntry, HistoryRecord } from '../stores/history';
import { AbiCache } from './logs';
import type { AuditSink } from '../chain-knowledge/audit-sink';
import { confirmedChanges, paymentChanges, type AuditBalanceChange } from '../audit/balance-changes';
import { FINAL_STATES, historyStatusOf, readTrack, type TrackedMeta } from './tracking';

export interface TransactionTrackerOptions {
  readonly chain: Pick<ChainAccess, 'client' | 'requireClient' | 'stores' | 'head' | 'onBlock' | 'onNetworkChange'>;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  /** Token facts for decoded Transfer events; without it their values stay in base units. */
  readonly reads?: Pick<ChainReads, 'tokenSource'>;
  readonly now?: () => number;
  /** This desk's audit log: each broadcast and each confirmation is written there. */
  readonly audit?: Pick<AuditSink, 'append'>;
}

/** A transaction to broadcast and follow, with what the history should say about it. */
export interface FollowedTransaction {
  readonly txid: string;
  readonly contractType: string;
  readonly kind?: TxKind | null;
  /** Base58 owner. */
  readonly owner: string | null;
  readonly permissionId?: number;
  /** raw_data.expiration (ms). */
  readonly expiresAt: number | null;
  readonly estimatedBurnSun?: bigint | null;
  /** When it was built (ms, local clock); else the history's, else the broadcast time. */
  readonly createdAt?: number | null;
}

/** What the transaction service knows of a transaction it built in this session. */
export interface LocalFacts {
  readonly kind: TxKind;
  readonly contractType: string;
  readonly owner: string;
  readonly expiration: number;
  readonly estimatedBurnSun: bigint;
  readonly state: TxState;
  readonly createdAt: number;
  readonly signed: boolean;
}

/** Transactions built in this session (the transaction service's), kept in step with the node. */
export interface LocalTransactions {
  has(txid: string): boolean;
  /** Called after every read of one of them with the state the node showed. */
  read(txid: string, state: TxState): void;
}

/**
 * Broadcasts signed transactions and follows them to the end: a refusal is recorded as failed and
 * announced as rejected; an accepted one is pending in the history, announced in the pool, and
 * read again on every block until confirmed, failed or expired (history and `tx:status`).
 * Transactions pending from an earlier session are followed again. Both the transaction service
 * and the co-signing inbox broadcast through here.
 */
export class TransactionTracker {
  /** ABIs to decode events with, seeded by whoever built the transaction. */
  readonly abis = new AbiCache();
  private readonly followedNow = new Map<string, TrackedMeta>();
  private readonly locals = new Set<LocalTransactions>();
  private polling = false;
  private resumeFromHistory = true;
  private readonly stops: (() => void)[] = [];
  /** What each transaction broadcast in this session pays, for its confirmation entry. */
  private readonly payments = new Map<string, readonly AuditBalanceChange[]>();

  constructor(private readonly options: TransactionTrackerOptions) {
    this.stops.push(
      options.chain.onBlock(() => void this.poll()),
      options.chain.onNetworkChange(() => {
        this.followedNow.clear();
        this.abis.clear();
        this.resumeFromHistory = true;
      }),
    );
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Lets the transaction service keep its own transactions in step; returns the detach. */
  attach(local: LocalTransactions): () => void {
    this.locals.add(local);
    return () => this.locals.delete(local);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  // ── history ────────────────────────────────────────────────────────────────────────────────

  /** The history entry of a transaction, or undefined (also while the history file is damaged). */
  historyEntry(txid: string): HistoryEntry | undefined {
    return this.safeHistory()?.get(txid);
  }

  /** Records in the history; a damaged history file must not stop a transaction (the History screen reports it). */
  async record(fields: HistoryRecord): Promise<void> {
    try {
      await this.options.chain.stores().history.record(fields, this.now());
    } catch (error) {
      this.options.log.warn('Recording a transaction in the history failed', {
        code: error instanceof WalletError ? error.code : undefined,
      });
    }
  }

  private safeHistory(): ReturnType<ChainAccess['stores']>['history'] | null {
    try {
      const history = this.options.chain.stores().history;
      return history.store.problem ? null : history;
    } catch {
      return null;
    }
  }

  // ── broadcast and follow ───────────────────────────────────────────────────────────────────

  /**
   * Broadcasts and follows. A refusal (BroadcastError) is recorded and announced, then thrown;
   * `accepted` runs as soon as the node has taken it, before following starts.
   */
  async broadcast(
    transaction: TransactionJson,
    facts: FollowedTransaction,
    accepted?: (at: number) => void | Promise<void>,
  ): Promise<TrackView> {
    try {
      await this.options.chain.requireClient().broadcastTransaction(transaction);
    } catch (error) {
      if (error instanceof BroadcastError) {
        await this.record({ ...this.recordOf(facts), status: 'failed', message: error.message });
        this.options.emit('tx:status', { txid: facts.txid, state: 'rejected', message: error.message });
      }
      throw error;
    }
    const at = this.now();
    await accepted?.(at);
    await this.recordBroadcast(transaction, facts);
    return this.follow(facts, at);
  }

  /**
   * Follows a transaction broadcast at `broadcastAt`: recorded as pending with its broadcast time,
   * announced as in the pool, and from then on read on every block.
   */
  async follow(facts: FollowedTransaction, broadcastAt: number): Promise<TrackView> {
    const txid = facts.txid.toLowerCase();
    const meta: TrackedMeta = {
      txid,
      kind: facts.kind ?? null,
      contractType: facts.contractType,
      owner: facts.owner,
      expiration: facts.expiresAt,
      estimatedBurnSun: facts.estimatedBurnSun ?? null,
      state: 'pool',
      message: null,
      createdAt: facts.createdAt ?? this.historyEntry(txid)?.createdAt ?? broadcastAt,
      broadcastAt,
      confirmedAt: null,
    };
    await this.record({ ...this.recordOf(facts), txid, status: 'pending', broadcastAt, message: null });
    this.followedNow.set(txid, meta);
    this.options.emit('tx:status', { txid, state: 'pool' });
    return this.refresh(meta);
  }

  private async recordBroadcast(transaction: TransactionJson, facts: FollowedTransaction): Promise<void> {
    if (!this.options.audit || !facts.owner) return;
    const txid = facts.txid.toLowerCase();
    this.payments.set(txid, paymentChanges(transaction));
    const node = this.options.chain.client()?.fullNodeUrl ?? 'unknown node';
    await this.options.audit.append({ account: facts.owner, txId: txid, body: { kind: 'broadcast', node } });
  }

  /** The confirmation entry: the block, the fee and what moved, once the node shows it confirmed. */
  private async recordConfirmation(meta: TrackedMeta, view: TrackView): Promise<void> {
    if (!this.options.audit || !meta.owner || view.blockNumber === null) return;
    const feeSun = view.feeSun ?? 0n;
    await this.options.audit.append({
      account: meta.owner,
      txId: meta.txid,
      body: {
        kind: 'confirmation',
        block: BigInt(view.blockNumber),
        fee: feeSun,
        balanceChanges: confirmedChanges({
          owner: meta.owner,
          success: view.success !== false,
          feeSun,
          payment: this.payments.get(meta.txid) ?? [],
        }),
      },
    });
    this.payments.delete(meta.txid);
  }

  private recordOf(facts: FollowedTransaction): HistoryRecord {
    return {
      txid: facts.txid,
      type: facts.contractType,
      status: 'pending',
      owner: facts.owner,
      ...(facts.permissionId !== undefined ? { permissionId: facts.permissionId } : {}),
      expiresAt: facts.expiresAt,
    };
  }

  /**
   * Where a transaction is now. One being followed is read again; otherwise what this session
   * built (`local`) and the history say about it are the start, and one on its way is followed
   * from here. A txid nobody here knows is looked up once.
   */
  async track(txid: string, local?: LocalFacts): Promise<TrackView> {
    const id = txid.toLowerCase();
    const known = this.followedNow.get(id);
    if (known) return this.refresh(known);
    const entry = this.historyEntry(id);
    const meta: TrackedMeta = {
      txid: id,
      kind: local?.kind ?? null,
      contractType: local?.contractType ?? entry?.type ?? 'unknown',
      owner: local?.owner ?? entry?.owner ?? null,
      expiration: local?.expiration ?? entry?.expiresAt ?? null,
      estimatedBurnSun: local?.estimatedBurnSun ?? null,
      state: local?.state ?? stateFromHistory(entry?.status) ?? 'pool',
      message: entry?.message ?? null,
      createdAt: local?.createdAt ?? entry?.createdAt ?? null,
      // Unknown transactions (a txid typed in) may well be on chain: look for them.
      broadcastAt: entry?.broadcastAt ?? (local ? null : this.now()),
      confirmedAt: entry?.confirmedAt ?? null,
      signed: local ? local.signed : true,
    };
    if (!local && !entry) {
      const view = await this.refresh(meta);
      return view.blockNumber === null
        ? { ...view, message: 'This network does not know the transaction (yet).' }
        : view;
    }
    if (!FINAL_STATES.has(meta.state) && meta.broadcastAt !== null) this.followedNow.set(id, meta);
    return this.refresh(meta);
  }

  /** Reads the node, records a state change in the history and announces it. */
  private async refresh(meta: TrackedMeta): Promise<TrackView> {
    const client = this.options.chain.requireClient();
    const before = meta.state;
    const head = this.options.chain.head();
    const view = await readTrack(
      meta,
      {
        client,
        abiOf: this.abis.source(client),
        ...(this.options.reads ? { tokenOf: this.options.reads.tokenSource(client) } : {}),
        headTime: head?.timestamp ?? null,
        solidBlock: head?.solidBlock ?? null,
      },
      this.now(),
    );
    for (const local of this.locals) local.read(meta.txid, meta.state);
    if (meta.state !== before) {
      if (this.historyEntry(meta.txid) || [...this.locals].some((local) => local.has(meta.txid))) {
        await this.record({
          txid: meta.txid,
          type: view.contractType,
          status: historyStatusOf(meta.state),
          ...(view.blockNumber !== null ? { blockNumber: view.blockNumber } : {}),
          ...(view.feeSun !== null ? { feeSun: view.feeSun } : {}),
          ...(meta.confirmedAt !== null ? { confirmedAt: meta.confirmedAt } : {}),
          message: meta.message,
        });
      }
      if (meta.state === 'confirmed') await this.recordConfirmation(meta, view);
      this.options.emit('tx:status', {
        txid: meta.txid,
        state: meta.state,
        ...(view.blockNumber !== null ? { blockNumber: view.blockNumber } : {}),
        ...(view.success !== null ? { success: view.success } : {}),
        ...(meta.message ? { message: meta.message } : {}),
      });
    }
    if (FINAL_STATES.has(meta.state)) this.followedNow.delete(meta.txid);
    return view;
  }

  /** On each new block: every transaction still on its way is read again. */
  private async poll(): Promise<void> {
    if (this.polling || !this.options.chain.client()) return;
    this.polling = true;
    try {
      if (this.resumeFromHistory) {
        this.resumeFromHistory = false;
        this.resumePending();
      }
      for (const meta of [...this.followedNow.values()]) {
        try {
          await this.refresh(meta);
        } catch (error) {
          if (!(error instanceof WalletError)) throw error;
        }
      }
    } catch (error) {
      this.options.log.warn('Following transactions failed', {
        error: error instanceof Error ? error.name : typeof error,
      });
    } finally {
      this.polling = false;
    }
  }

  /** Transactions broadcast in an earlier session and not yet settled are followed again. */
  private resumePending(): void {
    const history = this.safeHistory();
    if (!history) return;
    for (const entry of history.list()) {
      if (entry.status !== 'pending' || this.followedNow.has(entry.txid)) continue;
      this.followedNow.set(entry.txid, {
        txid: entry.txid,
        kind: null,
        contractType: entry.type,
        owner: entry.owner,
        expiration: entry.expiresAt,
        estimatedBurnSun: null,
        state: 'pool',
        message: entry.message,
        createdAt: entry.createdAt,
        broadcastAt: entry.broadcastAt ?? entry.createdAt,
        confirmedAt: null,
      });
    }
  }
}

function stateFromHistory(status: string | undefined): TxState | undefined {
  switch (status) {
    case 'draft':
      return 'created';
    case 'signed':
      return 'signed';
    case 'pending':
      return 'pool';
    case 'confirmed':
      return 'confirmed';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
    default:
      return undefined;
  }
}
