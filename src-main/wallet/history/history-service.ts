import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import { toCsv } from '../../../src-core/csv/csv';
import { summarizeTransaction, type Envelope, type EnvelopeSummary } from '../../../src-core/envelope';
import { ValidationError, WalletError } from '../../../src-core/errors';
import type { CsvExport } from '../../../src-core/ipc/channels/address-book';
import { HISTORY_CSV_COLUMNS, type HistoryRow, type HistoryStage } from '../../../src-core/ipc/channels/history';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { recoverSigners } from '../../../src-core/tx/sign';
import { formatTrx } from '../../../src-core/units/amount';
import type { FileDialogs } from '../context';
import { headline } from '../chain-knowledge/describe';
import { Names } from '../chain-knowledge/names';
import { readTokenFacts } from '../chain-knowledge/token-facts';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { StoredEnvelope } from '../stores/envelopes';
import type { HistoryEntry } from '../stores/history';
import type { NetworkStores } from '../stores/network-stores';

/**
 * IPC domain `history`: the transaction history of the
 * current network joined with the co-signing inbox — the decoded summary and the signers come
 * from the envelope when there is one, else from the transaction as the node holds it — and its
 * CSV export for accounting and audit.
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
      if (tx) facts = { summary: summarizeTransaction(tx, { decoder: false }), signers: recoverSigners(tx) };
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
    const rows: HistoryRow[] = [];
    for (const { entry, stored, summary, signers } of found) {
      rows.push({
        txid: entry.txid,
        type: entry.type,
        stage: this.stageOf(entry, stored),
        headline: summary ? headline(summary, names, tokens) : entry.type,
        owner: entry.owner,
        ownerName: entry.owner ? (names.get(entry.owner)?.name ?? null) : null,
        permissionId: entry.permissionId,
        signers: signers.map((s) => ({ address: toBase58Address(s), name: names.get(s)?.name ?? null })),
        blockNumber: entry.blockNumber,
        feeSun: entry.feeSun,
        message: entry.message,
        createdAt: entry.createdAt,
        updatedAt: entry.updatedAt,
        expiresAt: entry.expiresAt,
        broadcastAt: entry.broadcastAt,
        confirmedAt: entry.confirmedAt,
        envelopeId: stored?.id ?? null,
        broadcastBy: entry.broadcastAt !== null ? 'here' : (stored?.onChain?.broadcastBy ?? null),
      });
    }
    return rows;
  }

  async exportCsv(): Promise<CsvExport> {
    const rows = await this.list({ limit: 5000 });
    const csv = toCsv([
      [...HISTORY_CSV_COLUMNS],
      ...rows.map((r) => [
        iso(r.createdAt),
        r.stage,
        r.type,
        r.headline,
        r.owner,
        r.ownerName,
        r.permissionId,
        r.signers.map((s) => (s.name ? `${s.name} (${s.address})` : s.address)).join('; '),
        r.txid,
        r.blockNumber,
        r.feeSun === null ? null : formatTrx(r.feeSun),
        r.feeSun,
        iso(r.expiresAt),
        iso(r.broadcastAt),
        r.broadcastBy ?? null,
        iso(r.confirmedAt),
        r.message,
      ]),
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
