import { toBase58Address } from '../../../src-core/address/address';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import { envelopeFingerprint, serializeEnvelope, signingProgress, type Envelope } from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import { recoverSigners } from '../../../src-core/tx/sign';
import type { EnvelopeDetail, EnvelopeStage, Inbox, InboxItem } from '../../../src-core/ipc/channels/cosign';
import type { FileDialogs, WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { StoredEnvelope } from '../stores/envelopes';
import type { HistoryEntry } from '../stores/history';
import type { NetworkStores } from '../stores/network-stores';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { CosignTracker } from './tracker';
import type { SigningVault } from '../consent/consented-signing';
import type { EnvelopeFollower } from './envelope-follower';
import { callView, headline, permissionChangeView, summaryLines, type TokenFacts } from '../chain-knowledge/describe';
import { namesOf, readableAddressBook } from '../chain-knowledge/envelope-naming';
import type { Names } from '../chain-knowledge/names';
import { readTokenFacts } from '../chain-knowledge/token-facts';
import { withStatedTokens } from '../chain-knowledge/stated-facts';
import { genesisText } from '../../../src-core/client/networks';
import { inspectEnvelope, type Inspection } from './verify';
import { ownsKey, signsHere } from '../../../src-core/ipc/account-custody';

export interface InboxViewsOptions {
  readonly chain: Pick<ChainAccess, 'client' | 'genesisId' | 'head' | 'network' | 'stores'>;
  readonly vault: Pick<SigningVault, 'listAccounts'>;
  readonly tracker: CosignTracker;
  readonly reads: ChainReads;
  readonly log: WalletLog;
  readonly files?: FileDialogs | undefined;
  /** Looks an envelope up on the node when it is opened. */
  readonly follower?: Pick<EnvelopeFollower, 'followEntry'>;
}

/**
 * What the inbox shows: every envelope with its stage, and one in full — verified against this
 * node (`verify.ts`), named from the vault and the address book (`chain-knowledge/names.ts`), decoded
 * (`chain-knowledge/describe.ts`), with what the chain says happened to it when someone else broadcast it
 * (`envelope-follower.ts`).
 */
export class InboxViews {
  constructor(private readonly options: InboxViewsOptions) {}

  private stores(): NetworkStores {
    return this.options.chain.stores();
  }

  /** Names from the vault's labels, then the address book (when it can be read). */
  names(): Names {
    return namesOf(this.options.vault.listAccounts(), this.options.chain);
  }

  private history(txid: string): HistoryEntry | undefined {
    return this.options.tracker.historyEntry(txid);
  }
  /** What this wallet's node says about the tokens the envelope moves. */
  ownTokenFacts(envelope: Envelope): Promise<TokenFacts> {
    return readTokenFacts(this.options.chain.client(), this.options.reads, [envelope.summary]);
  }

  /** This wallet's facts, with the proposer's statement where this wallet has none. */
  private async tokenFacts(envelope: Envelope): Promise<TokenFacts> {
    return withStatedTokens(await this.ownTokenFacts(envelope), envelope.stated);
  }

  /** Verifies the envelope against this node (`verify.ts`); chain checks are skipped while no node answers. */
  async inspect(envelope: Envelope, names: Names): Promise<Inspection> {
    const client = this.options.chain.client();
    return inspectEnvelope(envelope, {
      client,
      genesisId: () => this.options.chain.genesisId(),
      owner: (address) => this.options.reads.owner(client!, address),
      names,
      headTime: this.options.chain.head()?.timestamp ?? null,
    });
  }

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
    const stage = this.stageOf(entry, weight.met, envelope.expiresAt, headTime);
    return {
      id: entry.id,
      txid: entry.txid,
      label: entry.label,
      origin: entry.origin,
      stage,
      waitingForYou: stage === 'collecting' && this.canStillSign(envelope),
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
      broadcastBy: entry.broadcastAt !== null ? 'here' : (entry.onChain?.broadcastBy ?? null),
      onChainAt: entry.onChain?.blockTime ?? null,
    };
  }

  /** A signing key of this vault is a key of the envelope's permission and has not signed yet. */
  private canStillSign(envelope: Envelope): boolean {
    const keys = envelope.permission?.keys.map((k) => k.address.toLowerCase()) ?? [];
    if (keys.length === 0) return false;
    let signed: Set<string>;
    try {
      signed = new Set(recoverSigners(envelope.transaction).map((a) => a.toLowerCase()));
    } catch {
      return false;
    }
    const own = this.options.vault
      .listAccounts()
      .filter(signsHere)
      .map((a) => a.addressHex.toLowerCase());
    return own.some((address) => keys.includes(address) && !signed.has(address));
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
      const named = names.withStated(envelope.stated?.names);
      items.push(this.item(entry, envelope, named, await this.tokenFacts(envelope), weight, headTime));
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

  /** One envelope in full; `inspection` when the caller has just verified it. */
  async detail(opened: StoredEnvelope, shown: Envelope, inspection?: Inspection): Promise<EnvelopeDetail> {
    const names = this.names().withStated(shown.stated?.names);
    // What the chain holds now, not what the last block's pass saw; following may replace the
    // signatures with the on-chain ones, so the entry is read again.
    await this.options.follower?.followEntry(opened);
    const entry = this.stores().envelopes.get(opened.id) ?? opened;
    const envelope = entry.updatedAt === opened.updatedAt ? shown : this.stores().envelopes.envelopeOf(entry);
    const checked = inspection ?? (await this.inspect(envelope, names));
    const tokens = await this.tokenFacts(envelope);
    const progress = checked.progress;
    const own = this.options.vault
      .listAccounts()
      .filter(ownsKey)
      .map((a) => a.addressHex);
    const known = [
      ...own,
      ...(readableAddressBook(this.options.chain)
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
      network: { ...envelope.network, genesis: genesisText(envelope.network.genesisBlockId) },
      summary: summaryLines(envelope, names, tokens),
      call: callView(envelope.summary, tokens),
      permissionChange: permissionChangeView(envelope, names, { known, own }),
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
}

/** e.g. `TransferContract-1a2b3c4d-2sig-of-3.tronenv.json`: what it is, which tx, how far along. */
export function fileNameOf(envelope: Envelope): string {
  const signatures = envelope.transaction.signature?.length ?? 0;
  const threshold = envelope.permission?.threshold;
  return `${envelope.summary.contractType}-${envelope.transaction.txID.slice(0, 8)}-${signatures}sig${threshold ? `-of-${threshold}` : ''}.tronenv.json`;
}
