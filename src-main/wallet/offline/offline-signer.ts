import { toBase58Address } from '../../../src-core/address/address';
import {
  envelopeFingerprint,
  envelopeUrParts,
  fromPermissionSnapshot,
  mergeEnvelopes,
  parseEnvelope,
  serializeEnvelope,
  type Envelope,
} from '../../../src-core/envelope';
import type { EnvelopeExport } from '../../../src-core/ipc/channels/cosign';
import type { OfflineEnvelope, OfflineStatus } from '../../../src-core/ipc/channels/offline';
import type { ConsentGate } from '../consent/consent-gate';
import type { SigningVault } from '../consent/consented-signing';
import { leaveOfflineConsent } from '../consent/vault-setting-consent';
import type { FileDialogs, WalletLog } from '../context';
import { callView, headline, summaryLines } from '../chain-knowledge/describe';
import { ENVELOPE_FILTERS, readEnvelopeQrInTurns } from '../cosign/envelope-files';
import { CosignErrorCode, fail } from '../cosign/errors';
import { signEnvelope, signingAccount } from '../cosign/sign-envelope';
import { fileNameOf } from '../cosign/inbox-views';
import { Names } from '../chain-knowledge/names';
import { withStatedTokens } from '../chain-knowledge/stated-facts';
import { genesisText } from '../../../src-core/client/networks';
import { inspectOffline } from './offline-checks';

export const OfflineErrorCode = {
  notOffline: 'OFFLINE_MODE_OFF',
  unknown: 'OFFLINE_UNKNOWN_ENVELOPE',
  noPermission: 'OFFLINE_NO_PERMISSION',
} as const;

/** What the offline signer needs of the node host: the mode, and the switch. */
export interface OfflineMode {
  isOffline(): boolean;
  /** The network that opens when the mode is left, by name. */
  network(): { readonly name: string };
  enterOffline(): Promise<void>;
  leaveOffline(): Promise<void>;
}

export interface OfflineSignerOptions {
  readonly mode: OfflineMode;
  /** Why the mode is on though nobody chose it (a damaged or missing record), for the person to read. */
  readonly reason?: () => string | null;
  readonly vault: SigningVault;
  /** Main's confirmation: leaving the mode waits for it (the window cannot). */
  readonly consent: Pick<ConsentGate, 'approve'>;
  readonly log: WalletLog;
  readonly files?: FileDialogs | undefined;
  /** This computer's clock: the only time an offline signer has. */
  readonly now?: () => number;
}

/**
 * IPC domain `offline`: the offline signer. Envelopes are kept in memory for the session (nothing
 * about them is written to disk); signatures of one transaction merge. Every action refuses
 * unless the mode is on, so an online wallet never weighs an envelope against its own snapshot
 * alone, and the mode itself keeps the host from connecting (`node-host/offline-guard.ts`).
 */
export class OfflineSigner {
  private readonly envelopes = new Map<string, Envelope>();

  constructor(private readonly options: OfflineSignerOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  status(): OfflineStatus {
    const offline = this.options.mode.isOffline();
    return { offline, reason: offline ? (this.options.reason?.() ?? null) : null };
  }

  async enter(): Promise<OfflineStatus> {
    await this.options.mode.enterOffline();
    this.options.log.info('Offline signer on');
    return this.status();
  }

  async leave(): Promise<OfflineStatus> {
    if (!this.options.mode.isOffline()) return this.status();
    await this.options.consent.approve(leaveOfflineConsent(this.options.mode.network().name));
    this.envelopes.clear();
    await this.options.mode.leaveOffline();
    this.options.log.info('Offline signer off');
    return this.status();
  }

  private requireOffline(): void {
    if (!this.options.mode.isOffline())
      fail(
        OfflineErrorCode.notOffline,
        'This wallet is online: open envelopes in the co-signing inbox, which checks them against the node. Choose “Offline signer” first to use this screen.',
      );
  }

  private names(): Names {
    return new Names(this.options.vault.listAccounts(), null);
  }

  private envelope(txid: string): Envelope {
    const found = this.envelopes.get(txid);
    if (!found)
      fail(OfflineErrorCode.unknown, 'This envelope is not open on this offline signer; import it again.', { txid });
    return found;
  }

  /** Checks without a chain; an envelope with a failed check is refused with the reason. */
  import(input: { text: string; source: 'file' | 'paste' | 'qr' }): OfflineEnvelope {
    this.requireOffline();
    const incoming = parseEnvelope(input.text);
    const inspection = inspectOffline(incoming, this.names(), this.now());
    if (inspection.refusal) fail(inspection.refusal.code, inspection.refusal.message, { source: input.source });
    const txid = incoming.transaction.txID;
    const known = this.envelopes.get(txid);
    this.envelopes.set(txid, known ? mergeEnvelopes([known, incoming]) : incoming);
    this.options.log.info('Offline envelope imported', { source: input.source, merged: known !== undefined });
    return this.view(txid);
  }

  async importQr(input: { frames: readonly string[] }): Promise<OfflineEnvelope> {
    this.requireOffline();
    return this.import({ text: await readEnvelopeQrInTurns(input.frames), source: 'qr' });
  }

  /** Signs under the permission the envelope carries, once main's confirmation approves it. */
  async sign(input: { txid: string; accountId: string }): Promise<OfflineEnvelope> {
    this.requireOffline();
    const envelope = this.envelope(input.txid);
    const inspection = inspectOffline(envelope, this.names(), this.now());
    if (inspection.expiry.state === 'expired')
      fail(
        CosignErrorCode.expired,
        'By this computer’s clock the transaction has expired, so no node would accept a signature on it. Ask the proposer to re-propose it.',
      );
    if (!envelope.permission)
      fail(OfflineErrorCode.noPermission, 'The envelope names no permission, so its signers cannot be weighed here.');
    const account = signingAccount(this.options.vault, input.accountId);
    const permission = fromPermissionSnapshot(envelope.permission);
    const signed = await signEnvelope(this.options.vault, {
      envelope,
      permission,
      account,
      where: ' in the envelope',
      after: 'and show it to carry back',
    });
    this.envelopes.set(input.txid, signed);
    this.options.log.info('Offline envelope signed', { permissionId: permission.id });
    return this.view(input.txid);
  }

  export(input: { txid: string }): EnvelopeExport {
    this.requireOffline();
    const envelope = this.envelope(input.txid);
    const text = serializeEnvelope(envelope);
    return { text, fileName: fileNameOf(envelope), frames: envelopeUrParts(text) };
  }

  async saveFile(input: { txid: string }): Promise<{ path: string } | null> {
    const { text, fileName } = this.export(input);
    const save = this.options.files?.saveText;
    if (!save) fail(CosignErrorCode.noDialog, 'This window cannot show the save dialog; show the QR codes instead.');
    return save.call(
      this.options.files,
      { title: 'Save the signed envelope', defaultName: fileName, filters: ENVELOPE_FILTERS },
      text,
    );
  }

  private view(txid: string): OfflineEnvelope {
    const envelope = this.envelope(txid);
    const names = this.names().withStated(envelope.stated?.names);
    const inspection = inspectOffline(envelope, names, this.now());
    // No node to read token symbols and decimals from: only what the proposer stated, marked so,
    // else amounts show in base units, said so.
    const tokens = withStatedTokens(new Map(), envelope.stated);
    const { words, text, hex } = envelopeFingerprint(envelope);
    return {
      txid,
      headline: headline(envelope.summary, names, tokens),
      contractType: envelope.summary.contractType,
      owner: toBase58Address(envelope.summary.owner),
      network: { ...envelope.network, genesis: genesisText(envelope.network.genesisBlockId) },
      fingerprint: { words: [...words], text, hex },
      summary: summaryLines(envelope, names, tokens),
      call: callView(envelope.summary, tokens),
      checks: inspection.checks,
      notCheckable: inspection.notCheckable,
      progress: inspection.progress,
      expiry: inspection.expiry,
      signatures: envelope.transaction.signature?.length ?? 0,
      note: envelope.note ?? null,
      json: serializeEnvelope(envelope),
      fileName: fileNameOf(envelope),
    };
  }
}
