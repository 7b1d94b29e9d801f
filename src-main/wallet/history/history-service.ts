import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import { toCsv } from '../../../src-core/csv/csv';
import { summarizeTransaction, type Envelope, type EnvelopeSummary } from '../../../src-core/envelope';
import { ValidationError, WalletError } from '../../../src-core/errors';
import type { CsvExport } from '../../../src-core/ipc/channels/address-book';
import {
  HISTORY_CSV_COLUMNS,
  type HistoryDirection,
  type HistoryMoney,
  type HistoryRow,
  type HistoryStage,
} from '../../../src-core/ipc/channels/history';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { recoverSigners } from '../../../src-core/tx/sign';
import { formatTrx } from '../../../src-core/units/amount';
import type { FileDialogs } from '../context';
import { headline } from '../chain-knowledge/describe';
import { Names } from '../chain-knowledge/names';
import { readTokenFacts } from '../chain-knowledge/token-facts';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import { TRC20_ABI } from '../../../src-core/tx/kinds/trc20-transfer';
import type { StoredEnvelope } from '../stores/envelopes';
import type { HistoryEntry } from '../stores/history';
import type { NetworkStores } from '../stores/network-stores';
import { moneyLine } from './money-line';

/**
 * IPC domain `history`: the transaction history of the
 * current network joined with the co-signing inbox — the decoded summary and the signers come
 * from the envelope when there is one, else from the transaction as the node holds it — with the
 * payments others made to this wallet (`incoming-transfers.ts`), and its CSV export for accounting
 * and audit: one asset, amount and recipient per row, and the fee only once the chain charged it.
 */
export interface HistoryChain {
  stores(): NetworkStores;
  network(): NetworkInfo;
  client(): TronNodeClient | null;
}

export interface HistoryServiceOptions {
  readonly chain: HistoryChain;
  readonly vault: { listAccounts(): VaultAccount[] };
  /** Token symbols and decimals, so amounts read "250 USDT"; without it they stay in base units. */
  readonly reads?: ChainReads;
  readonly files?: FileDialogs;
}

interface OnChainFacts {
  readonly summary: EnvelopeSummary;
  readonly signers: readonly string[];
}

const FINAL = new Set(['confirmed', 'failed']);
/** Stages at which the chain has charged the fee for good. */
const CHARGED: ReadonlySet<HistoryStage> = new Set(['confirmed', 'failed']);

function iso(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString();
}

export class HistoryService {
  /** Facts of settled transactions read from the node, by network key and txid. */
  private readonly onChain = new Map<string, OnChainFacts | null>();

  constructor(private readonly options: HistoryServiceOptions) {}

  private names(stores: NetworkStores): Names {
    const book = stores.addressBook.store.problem ? null : stores.addressBook;
    return new Names(this.options.vault.listAccounts(), book);
  }

  private async fromChain(key: string, txid: string, settled: boolean): Promise<OnChainFacts | null> {
    const cacheKey = `${key}:${txid}`;
    if (this.onChain.has(cacheKey)) return this.onChain.get(cacheKey)!;
    const client = this.options.chain.client();
    if (!client) return null;
    let facts: OnChainFacts | null = null;
    try {
      const tx = await client.getTransactionById(txid);
      // The standard token ABI, so a TRC20 payment read back from the chain has its amount and recipient.
      if (tx) facts = { summary: summarizeTransaction(tx, { abi: TRC20_ABI }), signers: recoverSigners(tx) };
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
    }
    // Only settled transactions are cached: a pending one may still change.
    if (settled) this.onChain.set(cacheKey, facts);
    return facts;
  }

  private stageOf(
    entry: HistoryEntry,
    envelope: { origin: string; broadcastAt: number | null } | undefined,
  ): HistoryStage {
    switch (entry.status) {
      case 'draft':
        return 'draft';
      case 'signed':
        return envelope?.origin === 'proposed' && envelope.broadcastAt === null ? 'proposed' : 'signed';
      case 'pending':
        return 'broadcast';
      default:
        return entry.status;
    }
  }

  async list(input?: { limit?: number }): Promise<HistoryRow[]> {
    const stores = this.options.chain.stores();
    const key = this.options.chain.network().key;
    const names = this.names(stores);
    const found: {
      entry: HistoryEntry;
      stored: StoredEnvelope | undefined;
      summary?: EnvelopeSummary;
      signers: readonly string[];
    }[] = [];
    for (const entry of stores.history.list().slice(0, input?.limit ?? 500)) {
      const stored = stores.envelopes.store.problem ? undefined : stores.envelopes.byTxid(entry.txid);
      let envelope: Envelope | undefined;
      try {
        envelope = stored ? stores.envelopes.envelopeOf(stored) : undefined;
      } catch {
        envelope = undefined;
      }
      let summary = envelope?.summary;
      let signers: readonly string[] = envelope ? recoverSigners(envelope.transaction) : [];
      if (!envelope || entry.status === 'pending' || FINAL.has(entry.status)) {
        const facts =
          entry.status === 'draft' || entry.status === 'expired'
            ? null
            : await this.fromChain(key, entry.txid, FINAL.has(entry.status));
        if (facts) {
          summary ??= facts.summary;
          if (facts.signers.length > 0) signers = facts.signers;
        }
      }
      found.push({ entry, stored, ...(summary ? { summary } : {}), signers });
    }
    const tokens = this.options.reads
      ? await readTokenFacts(
          this.options.chain.client(),
          this.options.reads,
          found.flatMap((f) => (f.summary ? [f.summary] : [])),
        )
      : new Map();
    const ours = new Set(this.options.vault.listAccounts().map((a) => a.address));
    const rows: HistoryRow[] = [];
    for (const { entry, stored, summary, signers } of found) {
      const stage = this.stageOf(entry, stored);
      const line = summary ? moneyLine(summary, tokens) : null;
      const money: HistoryMoney | null = line
        ? { ...line, recipientName: names.get(line.recipient)?.name ?? null }
        : null;
      const elsewhere = stored?.onChain?.broadcastBy === 'elsewhere' ? stored.onChain : undefined;
      rows.push({
        txid: entry.txid,
        type: entry.type,
        stage,
        direction: directionOf(entry, money, ours),
        money,
        headline: summary ? headline(summary, names, tokens) : entry.type,
        owner: entry.owner,
        ownerName: entry.owner ? (names.get(entry.owner)?.name ?? null) : null,
        permissionId: entry.permissionId,
        signers: signers.map((s) => ({ address: toBase58Address(s), name: names.get(s)?.name ?? null })),
        blockNumber: entry.blockNumber,
        // Until the chain settles it, a fee is an estimate or may still change: not a charge to book.
        feeSun: CHARGED.has(stage) && entry.blockNumber !== null ? entry.feeSun : null,
        message: entry.message,
        createdAt: entry.createdAt,
        updatedAt: entry.updatedAt,
        expiresAt: entry.expiresAt,
        broadcastAt: entry.broadcastAt ?? elsewhere?.blockTime ?? null,
        confirmedAt: entry.confirmedAt ?? (stage === 'confirmed' ? (elsewhere?.blockTime ?? null) : null),
        envelopeId: stored?.id ?? null,
        broadcastBy: entry.broadcastAt !== null ? 'here' : (stored?.onChain?.broadcastBy ?? null),
      });
    }
    return rows;
  }

  async exportCsv(): Promise<CsvExport> {
    const rows = await this.list({ limit: 5000 });
    const cells = (r: HistoryRow): Record<(typeof HISTORY_CSV_COLUMNS)[number], string | number | bigint | null> => ({
      proposed_at: r.direction === 'in' ? null : iso(r.createdAt),
      broadcast_at: iso(r.broadcastAt),
      confirmed_at: iso(r.confirmedAt),
      expires_at: iso(r.expiresAt),
      stage: r.stage,
      direction: r.direction,
      type: r.type,
      asset: r.money?.asset ?? null,
      symbol: r.money?.symbol ?? null,
      amount: r.money?.amount ?? null,
      amount_base_units: r.money?.baseUnits ?? null,
      recipient: r.money?.recipient ?? null,
      recipient_name: r.money?.recipientName ?? null,
      owner: r.owner,
      owner_name: r.ownerName,
      permission_id: r.permissionId,
      signers: r.signers.map((s) => (s.name ? `${s.name} (${s.address})` : s.address)).join('; '),
      fee_trx: r.feeSun === null ? null : formatTrx(r.feeSun),
      fee_sun: r.feeSun,
      block: r.blockNumber,
      txid: r.txid,
      broadcast_by: r.direction === 'in' ? null : (r.broadcastBy ?? null),
      summary: r.headline,
      message: r.message,
    });
    const csv = toCsv([
      [...HISTORY_CSV_COLUMNS],
      ...rows.map((r) => {
        const row = cells(r);
        return HISTORY_CSV_COLUMNS.map((column) => row[column]);
      }),
    ]);
    return { csv, fileName: `history-${this.options.chain.network().key}.csv`, count: rows.length };
  }

  async saveCsv(): Promise<{ path: string; count: number } | null> {
    const save = this.options.files?.saveText;
    if (!save) throw new ValidationError('HISTORY_NO_DIALOG', 'This window cannot show the save dialog.');
    const { csv, fileName, count } = await this.exportCsv();
    const saved = await save.call(
      this.options.files,
      { title: 'Export the history (CSV)', defaultName: fileName, filters: [{ name: 'CSV', extensions: ['csv'] }] },
      csv,
    );
    return saved ? { path: saved.path, count } : null;
  }
}

function directionOf(entry: HistoryEntry, money: HistoryMoney | null, ours: ReadonlySet<string>): HistoryDirection {
  if (entry.direction === 'in') return 'in';
  const fromUs = entry.owner !== null && ours.has(entry.owner);
  return fromUs && money !== null && ours.has(money.recipient) ? 'internal' : 'out';
}
