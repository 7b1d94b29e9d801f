import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import {
  addEnvelopeSignature,
  createEnvelope,
  envelopeFingerprint,
  expiryStatus,
  envelopeUrParts,
  fromPermissionSnapshot,
  parseEnvelope,
  readEnvelopeQr,
  serializeEnvelope,
  signingProgress,
  type Envelope,
} from '../../../src-core/envelope';
import { BroadcastError, EnvelopeError, NodeHostError, WalletError } from '../../../src-core/errors';
import type {
  EnvelopeDetail,
  EnvelopeExport,
  EnvelopeStage,
  ImportResult,
  ImportSource,
  Inbox,
  InboxItem,
} from '../../../src-core/ipc/channels/cosign';
import type { NodeBlock } from '../../../src-core/ipc/channels/node';
import type { CostView, SimulationView, TrackView } from '../../../src-core/ipc/channels/tx';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import { permissionFor, weightOf, type Permission } from '../../../src-core/permission/model';
import type { Clipboard, EmitEvent, FileDialogs, WalletLog } from '../context';
import type { HistoryEntry } from '../stores/history';
import type { NetworkStores } from '../stores/network-stores';
import type { StoredEnvelope } from '../stores/envelopes';
import type { ChainReads } from '../transactions/chain-reads';
import type { BroadcastElsewhere, TxChain, TxVault } from '../transactions/transaction-service';
import {
  callView,
  headline,
  permissionChangeView,
  summaryLines,
  tokensMoved,
  trc10Key,
  type TokenFacts,
} from './describe';
import { Names } from './names';
import { rebuildTransaction } from './repropose';
import { simulateEnvelope } from './simulate-envelope';
import { EXPIRY_WARNING_MS, inspectEnvelope, type Inspection } from './verify';

/** The transaction service's tracking (issue 8): follows a transaction broadcast here to confirmation. */
export interface CosignTracker {
  followBroadcast(input: BroadcastElsewhere): Promise<TrackView>;
}

export interface CosignServiceOptions {
  readonly chain: TxChain;
  readonly vault: TxVault;
  readonly tracker: CosignTracker;
  readonly reads: ChainReads;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  readonly clipboard: Clipboard;
  readonly files?: FileDialogs;
  readonly now?: () => number;
}

export const CosignErrorCode = {
  notRunning: 'COSIGN_NODE_NOT_RUNNING',
  unknown: 'COSIGN_UNKNOWN_ENVELOPE',
  noDialog: 'COSIGN_NO_DIALOG',
  expired: 'COSIGN_EXPIRED',
  notExpired: 'COSIGN_NOT_EXPIRED',
  belowThreshold: 'COSIGN_BELOW_THRESHOLD',
  notAKey: 'COSIGN_NOT_A_KEY',
  alreadySigned: 'COSIGN_ALREADY_SIGNED',
  cannotSign: 'COSIGN_ACCOUNT_CANNOT_SIGN',
  alreadyBroadcast: 'COSIGN_ALREADY_BROADCAST',
  noteFixed: 'COSIGN_NOTE_FIXED',
  notProposer: 'COSIGN_NOT_PROPOSER',
} as const;

const ENVELOPE_FILTERS = [
  { name: 'Co-signing envelope', extensions: ['json', 'tronenv'] },
  { name: 'All files', extensions: ['*'] },
];
const MAX_FILE_BYTES = 4_000_000;

function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new EnvelopeError(code, message, details);
}

/**
 * The co-signing inbox (issue 10). Envelopes arrive from the transaction service (this wallet's
 * proposals that need co-signers, the permission editor's included), or another signer's file,
 * paste, drop or QR codes;
 * each is verified against this wallet's own node before it is stored or shown. Signing names a
 * vault account; broadcasting hands the transaction to the transaction service's tracking.
 */
export class CosignService {
  private genesis: { client: TronNodeClient; id: string } | null = null;
  /** Expiries already announced, so each is recorded once. */
  private readonly expiredSeen = new Set<string>();
  private checking = false;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: CosignServiceOptions) {
    this.stops.push(
      options.chain.onBlock((block) => void this.onBlock(block)),
      options.chain.onNetworkChange(() => {
        this.genesis = null;
        this.expiredSeen.clear();
      }),
    );
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private stores(): NetworkStores {
    return this.options.chain.stores();
  }

  private requireClient(): TronNodeClient {
    const client = this.options.chain.client();
    if (!client) {
      throw new NodeHostError(
        CosignErrorCode.notRunning,
        'The node is not answering, so this envelope cannot be checked against the chain. Start the node (Node screen) and try again.',
      );
    }
    return client;
  }

  private async genesisId(client: TronNodeClient): Promise<string> {
    if (this.genesis?.client === client) return this.genesis.id;
    const id = (await client.getGenesisBlockId()).toLowerCase();
    this.genesis = { client, id };
    return id;
  }

  private names(): Names {
    return new Names(this.options.vault.listAccounts(), this.safeBook());
  }

  private entry(id: string): StoredEnvelope {
    const entry = this.stores().envelopes.get(id);
    if (!entry)
      fail(
        CosignErrorCode.unknown,
        'There is no such envelope in this network’s inbox; it may have been removed, or it belongs to another network.',
        { id },
      );
    return entry;
  }

  private history(txid: string): HistoryEntry | undefined {
    try {
      const history = this.stores().history;
      return history.store.problem ? undefined : history.get(txid);
    } catch {
      return undefined;
    }
  }

  private async record(fields: Parameters<NetworkStores['history']['record']>[0]): Promise<void> {
    try {
      await this.stores().history.record(fields, this.now());
    } catch (error) {
      this.options.log.warn('Recording a co-signed transaction in the history failed', {
        code: error instanceof WalletError ? error.code : undefined,
      });
    }
  }

  private async tokenFacts(envelope: Envelope): Promise<TokenFacts> {
    const facts = new Map<string, { symbol: string; decimals: number }>();
    const client = this.options.chain.client();
    if (!client) return facts;
    const moved = tokensMoved(envelope.summary);
    for (const contract of moved.trc20) {
      try {
        const token = await this.options.reads.trc20(client, toBase58Address(contract));
        facts.set(contract, { symbol: token.symbol, decimals: token.decimals });
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
      }
    }
    const assets = moved.trc10.length ? this.options.reads.planReads(client) : null;
    for (const id of moved.trc10) {
      // Unknown here (another network, or a node without asset endpoints): the raw units are shown.
      const asset = await assets!.trc10(id).catch(() => null);
      if (asset) facts.set(trc10Key(id), { symbol: asset.abbr || `token ${id}`, decimals: asset.precision });
    }
    return facts;
  }

  private async inspect(envelope: Envelope, names: Names): Promise<Inspection> {
    const client = this.options.chain.client();
    return inspectEnvelope(envelope, {
      client,
      genesisId: () => this.genesisId(client!),
      owner: (address) => this.options.reads.owner(client!, address),
      names,
      headTime: this.options.chain.head()?.timestamp ?? null,
    });
  }

  // ── views ──────────────────────────────────────────────────────────────────────────────────

  private stageOf(
    entry: StoredEnvelope,
    thresholdMet: boolean,
    expiresAt: number,
    headTime: number | null,
  ): EnvelopeStage {
    if (entry.replacedBy) return 'replaced';
    const status = this.history(entry.txid)?.status;
    if (status === 'confirmed') return 'confirmed';
    if (status === 'failed' && (entry.broadcastAt !== null || this.history(entry.txid)?.blockNumber)) return 'failed';
    if (status === 'pending' || entry.broadcastAt !== null) return status === 'expired' ? 'expired' : 'broadcast';
    if (status === 'expired' || (headTime !== null && expiresAt - headTime < PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS))
      return 'expired';
    return thresholdMet ? 'ready' : 'collecting';
  }

  private item(
    entry: StoredEnvelope,
    envelope: Envelope,
    names: Names,
    tokens: TokenFacts,
    weight: { current: bigint; threshold: bigint; met: boolean },
    headTime: number | null,
  ): InboxItem {
    return {
      id: entry.id,
      txid: entry.txid,
      label: entry.label,
      origin: entry.origin,
      stage: this.stageOf(entry, weight.met, envelope.expiresAt, headTime),
      contractType: envelope.summary.contractType,
      headline: headline(envelope.summary, names, tokens),
      owner: toBase58Address(envelope.summary.owner),
      ownerName: names.get(envelope.summary.owner)?.name ?? null,
      fingerprint: (({ words, text, hex }) => ({ words: [...words], text, hex }))(envelopeFingerprint(envelope)),
      currentWeight: weight.current,
      threshold: weight.threshold,
      signatures: envelope.transaction.signature?.length ?? 0,
      expiresAt: envelope.expiresAt,
      autoBroadcast: entry.autoBroadcast,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      replacedBy: entry.replacedBy,
    };
  }

  async list(): Promise<Inbox> {
    const stores = this.stores();
    const names = this.names();
    const headTime = this.options.chain.head()?.timestamp ?? null;
    const items: InboxItem[] = [];
    for (const entry of stores.envelopes.list()) {
      let envelope: Envelope;
      try {
        envelope = stores.envelopes.envelopeOf(entry);
      } catch (error) {
        this.options.log.warn('A stored envelope no longer verifies', {
          code: error instanceof WalletError ? error.code : undefined,
        });
        continue;
      }
      // The list weighs against the envelope's snapshot (no node round trip); the detail view uses the chain's permission.
      const progress = envelope.permission ? signingProgress(envelope) : null;
      const weight = progress
        ? { current: progress.currentWeight, threshold: progress.threshold, met: progress.thresholdMet }
        : { current: 0n, threshold: 0n, met: false };
      items.push(this.item(entry, envelope, names, await this.tokenFacts(envelope), weight, headTime));
    }
    return {
      network: this.options.chain.network().name,
      items,
      unreadable: stores.envelopes
        .unreadable()
        .map((u) => ({ id: u.id, label: u.label, code: u.code, reason: u.reason })),
      headTime,
      fileDialogs: {
        open: typeof this.options.files?.openText === 'function',
        save: typeof this.options.files?.saveText === 'function',
      },
    };
  }

  /**
   * A co-signer who did not broadcast learns from the node that someone else did: the history
   * then says so (in a block, confirmed or failed) and the envelope stops offering a broadcast.
   */
  private async learnFromChain(entry: StoredEnvelope, envelope: Envelope): Promise<void> {
    const client = this.options.chain.client();
    const known = this.history(entry.txid)?.status;
    if (!client || entry.broadcastAt !== null || known === 'confirmed' || known === 'failed') return;
    let info;
    try {
      info = await client.getTransactionInfoById(entry.txid);
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      return;
    }
    if (!info || info.blockNumber <= 0) return;
    const solid = this.options.chain.head()?.solidBlock;
    const status =
      info.result === 'FAILED' ? 'failed' : solid !== undefined && info.blockNumber <= solid ? 'confirmed' : 'pending';
    if (status === known) return;
    await this.record({
      txid: entry.txid,
      type: envelope.summary.contractType,
      status,
      owner: toBase58Address(envelope.summary.owner),
      permissionId: envelope.summary.permissionId,
      expiresAt: envelope.expiresAt,
      blockNumber: info.blockNumber,
      feeSun: info.fee,
      message:
        status === 'failed'
          ? info.resMessage || 'It was packed but failed.'
          : `Broadcast by a co-signer; in block ${info.blockNumber}.`,
    });
  }

  private async detailOf(entry: StoredEnvelope, envelope: Envelope, inspection?: Inspection): Promise<EnvelopeDetail> {
    const names = this.names();
    await this.learnFromChain(entry, envelope);
    const checked = inspection ?? (await this.inspect(envelope, names));
    const tokens = await this.tokenFacts(envelope);
    const progress = checked.progress;
    const own = this.options.vault
      .listAccounts()
      .filter((a) => a.canSign)
      .map((a) => a.addressHex);
    const known = [
      ...own,
      ...(this.safeBook()
        ?.list()
        .map((c) => c.address) ?? []),
    ];
    const item = this.item(
      entry,
      envelope,
      names,
      tokens,
      { current: progress.currentWeight, threshold: progress.threshold, met: progress.thresholdMet },
      checked.headTime,
    );
    return {
      ...item,
      network: { ...envelope.network },
      summary: summaryLines(envelope, names, tokens),
      call: callView(envelope.summary),
      permissionChange: permissionChangeView(envelope.summary, names, { known, own }),
      progress,
      expiry: checked.expiry,
      checks: checked.checks,
      note: envelope.note ?? null,
      noteEditable:
        entry.origin === 'proposed' && entry.exportedAt === null && (envelope.transaction.signature?.length ?? 0) <= 1,
      carriedApprovals: entry.carriedApprovals.map((a) => ({ address: toBase58Address(a.address), name: a.name })),
      reproposedFrom: entry.reproposedFrom,
      refBlock: checked.refBlock,
      exportedAt: entry.exportedAt,
      broadcastAt: entry.broadcastAt,
      json: serializeEnvelope(envelope),
      fileName: fileNameOf(envelope),
    };
  }

  private safeBook(): NetworkStores['addressBook'] | null {
    try {
      const book = this.stores().addressBook;
      return book.store.problem ? null : book;
    } catch {
      return null;
    }
  }

  async get(input: { id: string }): Promise<EnvelopeDetail> {
    const entry = this.entry(input.id);
    return this.detailOf(entry, this.stores().envelopes.envelopeOf(entry));
  }

  // ── import ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Verifies an envelope against this node and stores or merges it. Refuses (EnvelopeError, with
   * the reason) anything tampered, from another chain, or signed by keys the permission does not
   * hold on this chain; an expired envelope is stored and shown expired (it can be re-proposed).
   */
  async import(input: { text: string; source: ImportSource }): Promise<ImportResult> {
    this.requireClient();
    const envelope = parseEnvelope(input.text);
    const names = this.names();
    const inspection = await this.inspect(envelope, names);
    if (inspection.refusal) fail(inspection.refusal.code, inspection.refusal.message, { source: input.source });
    const result = await this.stores().envelopes.add(envelope, { origin: 'imported' }, this.now());
    this.options.log.info('Envelope imported', {
      source: input.source,
      outcome: result.outcome,
      signatures: result.newSignatures,
    });
    return this.afterChange(result.entry, result.outcome, result.newSignatures);
  }

  async importQr(input: { frames: readonly string[] }): Promise<ImportResult> {
    return this.import({ text: readEnvelopeQr(input.frames), source: 'qr' });
  }

  async openFile(): Promise<ImportResult | null> {
    const open = this.options.files?.openText;
    if (!open)
      fail(
        CosignErrorCode.noDialog,
        'This window cannot show the open dialog; choose the file with the file field instead.',
      );
    const file = await open.call(this.options.files, {
      title: 'Open a co-signing envelope',
      filters: ENVELOPE_FILTERS,
      maxBytes: MAX_FILE_BYTES,
    });
    if (!file) return null;
    return this.import({ text: file.text, source: 'file' });
  }

  /** After an import or a signature: announce it, and broadcast when the proposer chose so and the weight suffices. */
  private async afterChange(
    entry: StoredEnvelope,
    outcome: ImportResult['outcome'],
    newSignatures: number,
  ): Promise<ImportResult> {
    const envelope = this.stores().envelopes.envelopeOf(entry);
    let inspection = await this.inspect(envelope, this.names());
    let broadcast = false;
    let current = entry;
    if (
      entry.autoBroadcast &&
      entry.broadcastAt === null &&
      !entry.replacedBy &&
      inspection.progress.thresholdMet &&
      inspection.expiry.state !== 'expired'
    ) {
      try {
        await this.broadcast({ id: entry.id });
        broadcast = true;
        current = this.entry(entry.id);
        inspection = await this.inspect(envelope, this.names());
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
        this.options.log.warn('Automatic broadcast failed', { code: error.code });
      }
    }
    const detail = await this.detailOf(current, envelope, inspection);
    this.options.emit('cosign:changed', { id: detail.id, txid: detail.txid, stage: detail.stage });
    return { id: entry.id, outcome, newSignatures, broadcast, detail };
  }

  // ── export ─────────────────────────────────────────────────────────────────────────────────

  export(input: { id: string }): EnvelopeExport {
    const entry = this.entry(input.id);
    const envelope = this.stores().envelopes.envelopeOf(entry);
    const text = serializeEnvelope(envelope);
    return { text, fileName: fileNameOf(envelope), frames: envelopeUrParts(text) };
  }

  private async exported(id: string): Promise<void> {
    const entry = this.entry(id);
    if (entry.exportedAt === null)
      await this.stores().envelopes.update(id, () => ({ exportedAt: this.now() }), this.now());
  }

  async saveFile(input: { id: string }): Promise<{ path: string } | null> {
    const save = this.options.files?.saveText;
    if (!save)
      fail(
        CosignErrorCode.noDialog,
        'This window cannot show the save dialog; copy the envelope or show its QR codes instead.',
      );
    const { text, fileName } = this.export(input);
    const saved = await save.call(
      this.options.files,
      { title: 'Save the co-signing envelope', defaultName: fileName, filters: ENVELOPE_FILTERS },
      text,
    );
    if (saved) await this.exported(input.id);
    return saved;
  }

  async copy(input: { id: string }): Promise<{ copied: true }> {
    const { text } = this.export(input);
    this.options.clipboard.writeText(text);
    await this.exported(input.id);
    return { copied: true };
  }

  async markExported(input: { id: string }): Promise<EnvelopeDetail> {
    await this.exported(input.id);
    return this.get(input);
  }

  // ── simulate, sign, broadcast ──────────────────────────────────────────────────────────────

  async simulate(input: { id: string }): Promise<{ simulation: SimulationView; cost: CostView }> {
    const client = this.requireClient();
    const entry = this.entry(input.id);
    const envelope = this.stores().envelopes.envelopeOf(entry);
    const head = this.options.chain.head();
    return simulateEnvelope({
      envelope,
      client,
      reads: this.options.reads,
      dryRun: this.options.chain.dryRunner(),
      headTime: head?.timestamp ?? envelope.createdAt,
    });
  }

  private async chainPermission(client: TronNodeClient, envelope: Envelope): Promise<Permission> {
    const owner = envelope.summary.owner;
    const state = await this.options.reads.owner(client, owner);
    const permission = state.permissions
      ? permissionFor(state.permissions, envelope.summary.permissionId, { ownerAddress: owner })
      : undefined;
    if (!permission)
      fail(
        'ENVELOPE_UNKNOWN_PERMISSION',
        `${toBase58Address(owner)} has no permission with id ${envelope.summary.permissionId} on this network.`,
      );
    return permission;
  }

  /**
   * Refuses work on an expired envelope. The cached head can lag behind the node (the block
   * watcher polls), while the inbox view reads the node directly; ask the node too, so that an
   * envelope shown as expired is always refused as expired.
   */
  private async assertOpen(client: TronNodeClient, envelope: Envelope, what: string): Promise<void> {
    const cached = this.options.chain.head()?.timestamp ?? 0;
    const fresh = await client.getNowBlockHeader().then(
      (h) => h.timestamp,
      () => 0,
    );
    const headTime = Math.max(cached, fresh);
    if (headTime > 0 && expiryStatus(envelope, headTime).state === 'expired') {
      fail(
        CosignErrorCode.expired,
        `This transaction has expired (the head block is past its expiration), so it can no longer be ${what}. Re-propose it instead.`,
      );
    }
  }

  async sign(input: { id: string; accountId: string }): Promise<ImportResult> {
    const client = this.requireClient();
    const entry = this.entry(input.id);
    if (entry.broadcastAt !== null)
      fail(CosignErrorCode.alreadyBroadcast, 'This transaction was already broadcast; nothing is left to sign.');
    const envelope = this.stores().envelopes.envelopeOf(entry);
    await this.assertOpen(client, envelope, 'signed');
    const account = this.options.vault.listAccounts().find((a) => a.id === input.accountId);
    if (!account || !account.canSign)
      fail(CosignErrorCode.cannotSign, 'Choose a vault account that holds its key (a watch-only account cannot sign).');
    const permission = await this.chainPermission(client, envelope);
    if (weightOf(permission, account.addressHex) === 0n) {
      fail(
        CosignErrorCode.notAKey,
        `${account.label} (${account.address}) is not a key of permission ${permission.id} “${permission.name}”, so its signature would not count.`,
      );
    }
    if (signingProgress(envelope, { permission }).signed.some((x) => x.address === account.addressHex)) {
      fail(CosignErrorCode.alreadySigned, `${account.label} has already signed this transaction.`);
    }
    const signed = await this.options.vault.sign(envelope.transaction, account.id, permission.id);
    const added = (signed.signature ?? []).filter((s) => !(envelope.transaction.signature ?? []).includes(s));
    if (added.length !== 1)
      fail(CosignErrorCode.alreadySigned, `${account.label} has already signed this transaction.`);
    const next = addEnvelopeSignature(envelope, added[0]!);
    const result = await this.stores().envelopes.add(next, {}, this.now());
    const known = this.history(entry.txid);
    if (!known || known.status === 'draft') {
      await this.record({
        txid: entry.txid,
        type: envelope.summary.contractType,
        status: 'signed',
        owner: toBase58Address(envelope.summary.owner),
        permissionId: envelope.summary.permissionId,
        expiresAt: envelope.expiresAt,
        message: `Signed here by ${account.label}; co-signed through an envelope.`,
      });
    }
    this.options.log.info('Envelope signed', { permissionId: permission.id });
    return this.afterChange(result.entry, result.outcome, result.newSignatures);
  }

  async broadcast(input: { id: string }): Promise<{ txid: string }> {
    const client = this.requireClient();
    const entry = this.entry(input.id);
    if (entry.broadcastAt !== null) return { txid: entry.txid };
    const envelope = this.stores().envelopes.envelopeOf(entry);
    await this.assertOpen(client, envelope, 'broadcast');
    const permission = await this.chainPermission(client, envelope);
    const progress = signingProgress(envelope, { permission });
    if (!progress.thresholdMet) {
      fail(
        CosignErrorCode.belowThreshold,
        `The signatures weigh ${progress.currentWeight} of the ${progress.threshold} permission ${permission.id} needs; collect ${progress.remainingWeight} more before broadcasting.`,
      );
    }
    const common = {
      txid: entry.txid,
      type: envelope.summary.contractType,
      owner: toBase58Address(envelope.summary.owner),
      permissionId: permission.id,
      expiresAt: envelope.expiresAt,
    };
    try {
      await client.broadcastTransaction(envelope.transaction);
    } catch (error) {
      if (error instanceof BroadcastError) {
        await this.record({ ...common, status: 'failed', message: error.message });
        this.options.emit('tx:status', { txid: entry.txid, state: 'rejected', message: error.message });
      }
      throw error;
    }
    const at = this.now();
    await this.stores().envelopes.update(entry.id, () => ({ broadcastAt: at }), at);
    // The transaction service follows it from here: pending in the history, then pool, block,
    // confirmed (history and tx:status).
    try {
      await this.options.tracker.followBroadcast({
        txid: entry.txid,
        contractType: common.type,
        owner: common.owner,
        permissionId: common.permissionId,
        expiresAt: common.expiresAt,
        broadcastAt: at,
      });
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      this.options.log.warn('Following a co-signed transaction failed to start', { code: error.code });
    }
    this.options.emit('cosign:changed', { id: entry.id, txid: entry.txid, stage: 'broadcast' });
    return { txid: entry.txid };
  }

  // ── the proposer's choices, re-proposal, removal ──────────────────────────────────────────

  async setOptions(input: { id: string; autoBroadcast?: boolean; note?: string }): Promise<EnvelopeDetail> {
    const entry = this.entry(input.id);
    if (entry.origin !== 'proposed' && (input.autoBroadcast !== undefined || input.note !== undefined)) {
      fail(CosignErrorCode.notProposer, 'Only the proposer’s wallet chooses automatic broadcast and the note.');
    }
    const envelope = this.stores().envelopes.envelopeOf(entry);
    let rewrapped: Envelope | undefined;
    if (input.note !== undefined && input.note !== (envelope.note ?? '')) {
      if (entry.exportedAt !== null || (envelope.transaction.signature?.length ?? 0) > 1) {
        fail(
          CosignErrorCode.noteFixed,
          'The note travels inside the envelope; once it has been shared, co-signers’ copies would no longer merge. Keep it, or re-propose.',
        );
      }
      rewrapped = rewrap(envelope, input.note === '' ? undefined : input.note);
    }
    const updated = await this.stores().envelopes.update(
      entry.id,
      () => ({
        ...(input.autoBroadcast !== undefined ? { autoBroadcast: input.autoBroadcast } : {}),
        ...(rewrapped ? { envelope: rewrapped } : {}),
      }),
      this.now(),
    );
    if (input.autoBroadcast) return (await this.afterChange(updated, 'unchanged', 0)).detail;
    return this.detailOf(updated, this.stores().envelopes.envelopeOf(updated));
  }

  async repropose(input: { id: string }): Promise<EnvelopeDetail> {
    const client = this.requireClient();
    const entry = this.entry(input.id);
    const envelope = this.stores().envelopes.envelopeOf(entry);
    const head = await client.getRefBlock();
    if (expiryStatus(envelope, head.timestamp).state !== 'expired') {
      fail(
        CosignErrorCode.notExpired,
        'This envelope has not expired; its signatures are still good. Re-propose only once it has expired.',
      );
    }
    if (entry.replacedBy) {
      const existing = this.stores().envelopes.byTxid(entry.replacedBy);
      if (existing) return this.get({ id: existing.id });
    }
    const owner = envelope.summary.owner;
    const state = await this.options.reads.owner(client, owner);
    const permission = await this.chainPermission(client, envelope);
    const transaction = rebuildTransaction(envelope, head);
    const names = this.names();
    const approvals = new Map(entry.carriedApprovals.map((a) => [a.address, a]));
    for (const signer of signingProgress(envelope, {
      permission: envelope.permission ? fromPermissionSnapshot(envelope.permission) : permission,
    }).signed) {
      approvals.set(signer.address, { address: signer.address, name: names.get(signer.address)?.name ?? null });
    }
    const fresh = createEnvelope({
      transaction,
      network: { name: envelope.network.name, genesisBlockId: await this.genesisId(client) },
      permission,
      ...(state.permissions ? { accountPermissions: state.permissions } : {}),
      ...(envelope.abi ? { abi: envelope.abi } : {}),
      ...(envelope.note !== undefined ? { note: envelope.note } : {}),
      createdAt: head.timestamp,
    });
    const added = await this.stores().envelopes.add(
      fresh,
      {
        origin: 'proposed',
        label: entry.label,
        autoBroadcast: entry.autoBroadcast,
        carriedApprovals: [...approvals.values()],
        reproposedFrom: entry.txid,
      },
      this.now(),
    );
    await this.stores().envelopes.update(entry.id, () => ({ replacedBy: fresh.transaction.txID }), this.now());
    await this.record({
      txid: entry.txid,
      type: envelope.summary.contractType,
      status: 'expired',
      expiresAt: envelope.expiresAt,
      message: `Expired; re-proposed as ${fresh.transaction.txID}.`,
    });
    this.options.emit('cosign:changed', { id: entry.id, txid: entry.txid, stage: 'replaced' });
    this.options.emit('cosign:changed', { id: added.entry.id, txid: added.entry.txid, stage: 'collecting' });
    return this.get({ id: added.entry.id });
  }

  async remove(input: { id: string }): Promise<{ id: string }> {
    this.entry(input.id);
    await this.stores().envelopes.remove(input.id);
    return { id: input.id };
  }

  async removeUnreadable(input: { id: string }): Promise<{ id: string }> {
    await this.stores().envelopes.removeUnreadable(input.id);
    return { id: input.id };
  }

  // ── expiry on each block ───────────────────────────────────────────────────────────────────

  /** Marks envelopes that expired unbroadcast, once each: in the history and with `cosign:changed`. */
  private async onBlock(block: NodeBlock): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const envelopes = this.stores().envelopes;
      if (envelopes.store.problem) return;
      for (const entry of envelopes.list()) {
        if (entry.broadcastAt !== null || entry.replacedBy || this.expiredSeen.has(entry.txid)) continue;
        let envelope: Envelope;
        try {
          envelope = envelopes.envelopeOf(entry);
        } catch {
          continue;
        }
        if (expiryStatus(envelope, block.timestamp).state !== 'expired') continue;
        this.expiredSeen.add(entry.txid);
        const known = this.history(entry.txid);
        if (known && (known.status === 'signed' || known.status === 'draft')) {
          await this.record({
            txid: entry.txid,
            type: known.type,
            status: 'expired',
            message: 'It expired before enough signatures were collected; re-propose it.',
          });
        }
        this.options.emit('cosign:changed', { id: entry.id, txid: entry.txid, stage: 'expired' });
      }
    } catch (error) {
      this.options.log.warn('Checking envelope expiry failed', {
        error: error instanceof Error ? error.name : typeof error,
      });
    } finally {
      this.checking = false;
    }
  }
}

/** The same proposal with another note (only before anyone else has a copy). */
function rewrap(envelope: Envelope, note: string | undefined): Envelope {
  const { note: _old, ...rest } = envelope;
  return parseEnvelope({ ...rest, ...(note !== undefined ? { note } : {}) });
}

/** e.g. `TransferContract-1a2b3c4d-2of3.tronenv.json`: what it is, which tx, how far along. */
export function fileNameOf(envelope: Envelope): string {
  const signatures = envelope.transaction.signature?.length ?? 0;
  const threshold = envelope.permission?.threshold;
  return `${envelope.summary.contractType}-${envelope.transaction.txID.slice(0, 8)}-${signatures}sig${threshold ? `-of-${threshold}` : ''}.tronenv.json`;
}

export { EXPIRY_WARNING_MS };
