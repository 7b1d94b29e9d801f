import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import {
  fromAccountPermissionsSnapshot,
  expiryStatus,
  parseEnvelope,
  signingProgress,
  type Envelope,
} from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import type {
  EnvelopeDetail,
  EnvelopeExport,
  ImportResult,
  ImportSource,
  Inbox,
} from '../../../src-core/ipc/channels/cosign';
import type { CostView, SimulationView } from '../../../src-core/ipc/channels/tx';
import { provePermissionChange, type PermissionChangeProof } from '../../../src-core/permission/lockout';
import type { Clipboard, EmitEvent, FileDialogs, WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { StoredEnvelope } from '../stores/envelopes';
import type { HistoryRecord } from '../stores/history';
import type { NetworkStores } from '../stores/network-stores';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { SigningVault } from '../consent/consented-signing';
import { EnvelopeFiles, readEnvelopeQrInTurns } from './envelope-files';
import { readableAddressBook } from '../chain-knowledge/envelope-naming';
import { CosignErrorCode, fail, requireEntry } from './errors';
import { EnvelopeFollower } from './envelope-follower';
import { ExpiryWatch } from './expiry-watch';
import { InboxViews } from './inbox-views';
import type { CosignTracker } from './tracker';
import { statedFactsOf } from '../chain-knowledge/stated-facts';
import { storeProposal, type ProposalContext, type ProposalInput } from '../chain-knowledge/proposals';
import { approvalsToCarry, rebuildTransaction } from './repropose';
import { assertOpen, chainPermission } from './chain-checks';
import { simulateEnvelope } from './simulate-envelope';
import { signEnvelope, signingAccount } from './sign-envelope';
import { ownsKey } from '../../../src-core/ipc/account-custody';
import type { AuditSink } from '../chain-knowledge/audit-sink';
import { withAudit } from '../../../src-core/envelope';
import { checksStep } from '../audit/checks-step';

export interface CosignServiceOptions {
  readonly chain: ChainAccess;
  readonly vault: SigningVault;
  readonly tracker: CosignTracker;
  readonly reads: ChainReads;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  readonly clipboard: Clipboard;
  readonly files?: FileDialogs;
  readonly now?: () => number;
  /** This desk's audit log: proposals, each simulation's checks, received logs merged, logs sent out with envelopes. */
  readonly audit?: AuditSink;
}

/**
 * The co-signing inbox, IPC domain `cosign`. Envelopes arrive as this wallet's proposals (from the
 * transaction service, the permission editor's included, through `propose`) or as another
 * signer's file, paste, drop or QR codes; each is verified against this wallet's own node before
 * it is stored or shown (`InboxViews`). Signing names a vault account; broadcasting goes through
 * the transaction tracker, which follows it to the end. Files and QR frames: `EnvelopeFiles`;
 * expiries on each block: `ExpiryWatch`; what became of each open envelope on chain, broadcast
 * by this desk or another: `EnvelopeFollower`.
 */
export class CosignService {
  private readonly views: InboxViews;
  private readonly files: EnvelopeFiles;
  private readonly expiries: ExpiryWatch;
  private readonly follower: EnvelopeFollower;

  constructor(private readonly options: CosignServiceOptions) {
    this.follower = new EnvelopeFollower(options);
    this.views = new InboxViews({ ...options, follower: this.follower });
    this.files = new EnvelopeFiles({
      chain: options.chain,
      clipboard: options.clipboard,
      files: options.files,
      now: () => this.now(),
      importText: (text) => this.import({ text, source: 'file' }),
      ...(options.audit ? { auditOf: (account: string) => options.audit?.heldBundle(account) } : {}),
    });
    this.expiries = new ExpiryWatch(options);
  }

  dispose(): void {
    this.expiries.dispose();
    this.follower.dispose();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private stores(): NetworkStores {
    return this.options.chain.stores();
  }

  private requireClient(): TronNodeClient {
    return this.options.chain.requireClient();
  }

  private entry(id: string): StoredEnvelope {
    return requireEntry(this.stores().envelopes.get(id), id);
  }

  private record(fields: HistoryRecord): Promise<void> {
    return this.options.tracker.record(fields);
  }

  // ── views ──────────────────────────────────────────────────────────────────────────────────

  list(): Promise<Inbox> {
    return this.views.list();
  }

  async get(input: { id: string }): Promise<EnvelopeDetail> {
    const entry = this.entry(input.id);
    const envelope = this.stores().envelopes.envelopeOf(entry);
    // Opens the account's log now, so an export of what is shown carries it.
    await this.options.audit?.bundleFor(envelope.summary.owner).catch(() => undefined);
    return this.views.detail(entry, envelope);
  }

  // ── import ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Verifies an envelope against this node and stores or merges it. Refuses (EnvelopeError, with
   * the reason) anything tampered, from another chain, or signed by keys the permission does not
   * hold on this chain; an expired envelope is stored and shown expired (it can be re-proposed).
   */
  async import(input: { text: string; source: ImportSource }): Promise<ImportResult> {
    this.requireClient();
    const received = parseEnvelope(input.text);
    const names = this.views.names();
    const inspection = await this.views.inspect(received, names);
    if (inspection.refusal) fail(inspection.refusal.code, inspection.refusal.message, { source: input.source });
    // The desks' log joins this desk's own (a fork refuses the import); the inbox keeps the envelope alone.
    if (received.audit) await this.options.audit?.receive(received.audit);
    const envelope = withAudit(received, undefined);
    const result = await this.stores().envelopes.add(envelope, { origin: 'imported' }, this.now());
    this.options.log.info('Envelope imported', {
      source: input.source,
      outcome: result.outcome,
      signatures: result.newSignatures,
    });
    return this.afterChange(result.entry, result.outcome, result.newSignatures);
  }

  async importQr(input: { frames: readonly string[] }): Promise<ImportResult> {
    return this.import({ text: await readEnvelopeQrInTurns(input.frames), source: 'qr' });
  }

  openFile(): Promise<ImportResult | null> {
    return this.files.open();
  }

  /** After an import or a signature: announce it, and broadcast when the proposer chose so and the weight suffices. */
  private async afterChange(
    entry: StoredEnvelope,
    outcome: ImportResult['outcome'],
    newSignatures: number,
  ): Promise<ImportResult> {
    const envelope = this.stores().envelopes.envelopeOf(entry);
    let inspection = await this.views.inspect(envelope, this.views.names());
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
        inspection = await this.views.inspect(envelope, this.views.names());
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
        this.options.log.warn('Automatic broadcast failed', { code: error.code });
      }
    }
    const detail = await this.views.detail(current, envelope, inspection);
    this.options.emit('cosign:changed', { id: detail.id, txid: detail.txid, stage: detail.stage });
    return { id: entry.id, outcome, newSignatures, broadcast, detail };
  }

  // ── export ─────────────────────────────────────────────────────────────────────────────────

  export(input: { id: string }): EnvelopeExport {
    return this.files.export(input.id);
  }

  saveFile(input: { id: string }): Promise<{ path: string } | null> {
    return this.files.save(input.id);
  }

  copy(input: { id: string }): Promise<{ copied: true }> {
    return this.files.copy(input.id);
  }

  async markExported(input: { id: string }): Promise<EnvelopeDetail> {
    await this.files.exported(input.id);
    return this.get(input);
  }

  // ── simulate, sign, broadcast ──────────────────────────────────────────────────────────────

  /** The verified envelope of an inbox entry (a rehearsal on a throw-away fork runs it). */
  envelopeFor(input: { id: string }): Envelope {
    return this.stores().envelopes.envelopeOf(this.entry(input.id));
  }

  async simulate(input: { id: string }): Promise<{ simulation: SimulationView; cost: CostView }> {
    const client = this.requireClient();
    const entry = this.entry(input.id);
    const envelope = this.stores().envelopes.envelopeOf(entry);
    const head = this.options.chain.head();
    const result = await simulateEnvelope({
      envelope,
      client,
      reads: this.options.reads,
      parameters: await this.options.chain.chainParameters(),
      dryRun: this.options.chain.dryRunner(),
      headTime: head?.timestamp ?? envelope.createdAt,
    });
    if (this.options.audit) {
      const inspection = await this.views.inspect(envelope, this.views.names());
      await this.options.audit.append(checksStep(envelope, inspection.checks, result.simulation));
    }
    return result;
  }

  async sign(input: { id: string; accountId: string }): Promise<ImportResult> {
    const client = this.requireClient();
    const entry = this.entry(input.id);
    if (entry.broadcastAt !== null)
      fail(CosignErrorCode.alreadyBroadcast, 'This transaction was already broadcast; nothing is left to sign.');
    const envelope = this.stores().envelopes.envelopeOf(entry);
    await assertOpen(client, this.options.chain.head(), envelope, 'signed');
    const account = signingAccount(this.options.vault, input.accountId);
    const permission = await chainPermission(this.options.reads, client, envelope);
    const next = await signEnvelope(this.options.vault, {
      envelope,
      permission,
      account,
      proof: await this.permissionProof(client, envelope),
      after: entry.autoBroadcast ? 'and broadcast at the threshold' : 'and keep in the inbox',
    });
    const result = await this.stores().envelopes.add(next, {}, this.now());
    const known = this.options.tracker.historyEntry(entry.txid);
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

  /**
   * For a permission change: the prover's judgement of the structure on chain now → the one the
   * envelope's transaction sets, with this vault's keys and address book as the known keys.
   */
  private async permissionProof(
    client: TronNodeClient,
    envelope: Envelope,
  ): Promise<PermissionChangeProof | undefined> {
    const change = envelope.summary.permissionChange;
    if (!change) return undefined;
    const owner = await this.options.reads.owner(client, envelope.summary.owner);
    if (!owner.permissions) return undefined;
    const accounts = this.options.vault.listAccounts();
    return provePermissionChange(owner.permissions, fromAccountPermissionsSnapshot(change.after), {
      knownAddresses: [
        ...accounts.map((a) => a.address),
        ...(readableAddressBook(this.options.chain)
          ?.list()
          .map((c) => c.address) ?? []),
      ],
      ownAddresses: accounts.filter(ownsKey).map((a) => a.address),
    });
  }

  async broadcast(input: { id: string }): Promise<{ txid: string }> {
    const client = this.requireClient();
    const entry = this.entry(input.id);
    if (entry.broadcastAt !== null) return { txid: entry.txid };
    const envelope = this.stores().envelopes.envelopeOf(entry);
    await assertOpen(client, this.options.chain.head(), envelope, 'broadcast');
    const permission = await chainPermission(this.options.reads, client, envelope);
    const progress = signingProgress(envelope, { permission });
    if (!progress.thresholdMet) {
      fail(
        CosignErrorCode.belowThreshold,
        `The signatures weigh ${progress.currentWeight} of the ${progress.threshold} permission ${permission.id} needs; collect ${progress.remainingWeight} more before broadcasting.`,
      );
    }
    let accepted = false;
    try {
      await this.options.tracker.broadcast(
        envelope.transaction,
        {
          txid: entry.txid,
          contractType: envelope.summary.contractType,
          owner: toBase58Address(envelope.summary.owner),
          permissionId: permission.id,
          expiresAt: envelope.expiresAt,
        },
        async (at) => {
          accepted = true;
          await this.stores().envelopes.update(entry.id, () => ({ broadcastAt: at }), at);
        },
      );
    } catch (error) {
      // Once the node took it, a failure to start following it is not a failed broadcast.
      if (!accepted || !(error instanceof WalletError)) throw error;
      this.options.log.warn('Following a co-signed transaction failed to start', { code: error.code });
    }
    this.options.emit('cosign:changed', { id: entry.id, txid: entry.txid, stage: 'broadcast' });
    return { txid: entry.txid };
  }

  // ── proposals, the proposer's choices, re-proposal, removal ───────────────────────────────

  /**
   * Stores a transaction that needs co-signers as this wallet's proposal (the transaction service
   * and, through it, the permission editor hand theirs over here).
   */
  async propose(input: ProposalInput): Promise<StoredEnvelope> {
    return (await storeProposal(this.proposalContext(), input)).entry;
  }

  private proposalContext(): ProposalContext {
    return {
      ...(this.options.audit ? { audit: this.options.audit } : {}),
      chain: this.options.chain,
      emit: this.options.emit,
      now: () => this.now(),
      statedFacts: async (envelope) =>
        statedFactsOf(envelope, this.views.names(), await this.views.ownTokenFacts(envelope)),
    };
  }

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
    return this.views.detail(updated, this.stores().envelopes.envelopeOf(updated));
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
    const permission = await chainPermission(this.options.reads, client, envelope);
    const transaction = rebuildTransaction(envelope, head);
    const added = await storeProposal(
      this.proposalContext(),
      {
        transaction,
        permission,
        accountPermissions: state.permissions,
        abi: envelope.abi,
        note: envelope.note,
        createdAt: head.timestamp,
        label: entry.label,
        networkName: envelope.network.name,
      },
      {
        autoBroadcast: entry.autoBroadcast,
        carriedApprovals: approvalsToCarry(entry, envelope, permission, this.views.names()),
        reproposedFrom: entry.txid,
      },
    );
    await this.stores().envelopes.update(entry.id, () => ({ replacedBy: added.entry.txid }), this.now());
    await this.record({
      txid: entry.txid,
      type: envelope.summary.contractType,
      status: 'expired',
      expiresAt: envelope.expiresAt,
      message: `Expired; re-proposed as ${added.entry.txid}.`,
    });
    this.options.emit('cosign:changed', { id: entry.id, txid: entry.txid, stage: 'replaced' });
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
}

/** The same proposal with another note (only before anyone else has a copy). */
function rewrap(envelope: Envelope, note: string | undefined): Envelope {
  const { note: _old, ...rest } = envelope;
  return parseEnvelope({ ...rest, ...(note !== undefined ? { note } : {}) });
}
