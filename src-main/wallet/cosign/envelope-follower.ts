import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { TransactionInfo } from '../../../src-core/client/types';
import { parseEnvelope, type Envelope } from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import type { EnvelopeStage } from '../../../src-core/ipc/channels/cosign';
import type { NodeBlock } from '../../../src-core/ipc/channels/node';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { EmitEvent, WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { Envelopes, OnChainFacts, StoredEnvelope } from '../stores/envelopes';
import type { HistoryStatus } from '../stores/history';
import { judgeSuccess } from '../transactions/tracking';
import type { CosignTracker } from './tracker';
import type { AuditSink } from '../chain-knowledge/audit-sink';
import { confirmedChanges, paymentChanges } from '../audit/balance-changes';

/** Node lookups one pass may make, so a long inbox never floods the node on one block. */
export const FOLLOW_LOOKUPS_PER_PASS = 8;

export interface EnvelopeFollowerOptions {
  readonly chain: Pick<ChainAccess, 'client' | 'stores' | 'head' | 'onBlock' | 'onNetworkChange'>;
  readonly tracker: Pick<CosignTracker, 'record' | 'historyEntry'>;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  readonly lookupsPerPass?: number;
  /** This desk's audit log: a confirmation seen here of a transaction broadcast elsewhere is written there. */
  readonly audit?: Pick<AuditSink, 'append'>;
}

/** Statuses after which the chain has nothing more to say about a transaction. */
const SETTLED: ReadonlySet<HistoryStatus | undefined> = new Set(['confirmed', 'failed']);

/**
 * Follows every open envelope of this desk on its own node, so a desk learns what another desk
 * did without anyone sending it a file: a transaction in a block moves the envelope and its
 * history entry to confirmed or failed (with the node's reason), records the block, its time,
 * that it was broadcast elsewhere and the signatures the chain holds; one past its expiration and
 * in no block is expired. Envelopes this desk broadcast are the transaction tracker's to follow.
 * Runs on every block — the first block after start or a reconnect is the catch-up — and looks
 * up at most `lookupsPerPass` envelopes per pass, the least recently looked-up first.
 */
export class EnvelopeFollower {
  /** When each txid was last looked up (pass counter), so every envelope gets its turn. */
  private readonly lookedUp = new Map<string, number>();
  /** Expired and absent from the chain at a head past the expiration: nothing can change that. */
  private readonly closed = new Set<string>();
  private pass = 0;
  private following = false;
  private readonly stops: (() => void)[];

  constructor(private readonly options: EnvelopeFollowerOptions) {
    this.stops = [
      options.chain.onBlock((block) => void this.follow(block)),
      options.chain.onNetworkChange(() => {
        this.lookedUp.clear();
        this.closed.clear();
      }),
    ];
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** One pass over the open envelopes; resolves when it is done (a pass already running is not doubled). */
  async follow(block: NodeBlock | null = this.options.chain.head()): Promise<void> {
    const client = this.options.chain.client();
    if (this.following || !client || !block) return;
    this.following = true;
    try {
      const envelopes = this.options.chain.stores().envelopes;
      if (envelopes.store.problem) return;
      this.pass += 1;
      const due = this.openEntries(envelopes)
        .sort((a, b) => (this.lookedUp.get(a.txid) ?? 0) - (this.lookedUp.get(b.txid) ?? 0))
        .slice(0, this.options.lookupsPerPass ?? FOLLOW_LOOKUPS_PER_PASS);
      for (const entry of due) {
        this.lookedUp.set(entry.txid, this.pass);
        await this.followOne(client, envelopes, entry, block);
      }
    } catch (error) {
      this.options.log.warn('Following the open envelopes on the node failed', {
        error: error instanceof WalletError ? error.code : error instanceof Error ? error.name : typeof error,
      });
    } finally {
      this.following = false;
    }
  }

  /** Looks one envelope up now, when it is still open (a node that does not answer leaves it as it was). */
  async followEntry(entry: StoredEnvelope): Promise<void> {
    const client = this.options.chain.client();
    const head = this.options.chain.head();
    const envelopes = this.options.chain.stores().envelopes;
    if (!client || !head || envelopes.store.problem || !this.isOpen(entry)) return;
    try {
      await this.followOne(client, envelopes, entry, head);
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
    }
  }

  private openEntries(envelopes: Envelopes): StoredEnvelope[] {
    return envelopes.list().filter((entry) => this.isOpen(entry));
  }

  private isOpen(entry: StoredEnvelope): boolean {
    if (entry.replacedBy || entry.broadcastAt !== null || this.closed.has(entry.txid)) return false;
    return !SETTLED.has(this.options.tracker.historyEntry(entry.txid)?.status);
  }

  private async followOne(
    client: TronNodeClient,
    envelopes: Envelopes,
    entry: StoredEnvelope,
    block: NodeBlock,
  ): Promise<void> {
    let envelope: Envelope;
    try {
      envelope = envelopes.envelopeOf(entry);
    } catch {
      return;
    }
    const info = await client.getTransactionInfoById(entry.txid);
    if (!info || info.blockNumber <= 0) {
      if (block.timestamp > envelope.expiresAt) await this.expire(entry, envelope);
      return;
    }
    const onChain = entry.onChain ? null : await client.getTransactionById(entry.txid);
    const judged = judgeSuccess(info, onChain?.ret?.[0]?.contractRet);
    const solid = this.options.chain.head()?.solidBlock;
    const status: HistoryStatus = !judged.success
      ? 'failed'
      : solid !== undefined && info.blockNumber <= solid
        ? 'confirmed'
        : 'pending';
    if (onChain) await this.keepOnChainSignatures(envelopes, entry, envelope, info, onChain);
    const known = this.options.tracker.historyEntry(entry.txid);
    if (known?.status === status && known.blockNumber === info.blockNumber) return;
    await this.options.tracker.record({
      txid: entry.txid,
      type: envelope.summary.contractType,
      status,
      owner: toBase58Address(envelope.summary.owner),
      permissionId: envelope.summary.permissionId,
      expiresAt: envelope.expiresAt,
      blockNumber: info.blockNumber,
      feeSun: info.fee,
      ...(status === 'confirmed' ? { confirmedAt: info.blockTimeStamp } : {}),
      message:
        status === 'failed' ? failureOf(info, judged.result) : `Broadcast elsewhere; in block ${info.blockNumber}.`,
    });
    if (status === 'confirmed') {
      await this.options.audit?.append({
        account: envelope.summary.owner,
        txId: entry.txid,
        body: {
          kind: 'confirmation',
          block: BigInt(info.blockNumber),
          fee: BigInt(info.fee),
          balanceChanges: confirmedChanges({
            owner: envelope.summary.owner,
            success: true,
            feeSun: BigInt(info.fee),
            payment: paymentChanges(envelope.transaction),
          }),
        },
      });
    }
    this.announce(entry, status === 'pending' ? 'broadcast' : status);
  }

  /**
   * The envelope takes the signatures the chain holds, so every weight shown from then on is the
   * on-chain one; when they do not verify against the envelope's snapshot, only their count is kept.
   */
  private async keepOnChainSignatures(
    envelopes: Envelopes,
    entry: StoredEnvelope,
    envelope: Envelope,
    info: TransactionInfo,
    transaction: TransactionJson,
  ): Promise<void> {
    const signature = transaction.signature ?? [];
    const facts: OnChainFacts = {
      blockNumber: info.blockNumber,
      blockTime: info.blockTimeStamp,
      broadcastBy: 'elsewhere',
      signatureCount: signature.length,
    };
    let withChainSignatures: Envelope | undefined;
    try {
      withChainSignatures = parseEnvelope({ ...envelope, transaction: { ...envelope.transaction, signature } });
    } catch (error) {
      this.options.log.warn('The on-chain signatures do not verify against the envelope', {
        code: error instanceof WalletError ? error.code : undefined,
      });
    }
    await envelopes.update(entry.id, () => ({
      onChain: facts,
      ...(withChainSignatures ? { envelope: withChainSignatures } : {}),
    }));
  }

  private async expire(entry: StoredEnvelope, envelope: Envelope): Promise<void> {
    this.closed.add(entry.txid);
    const known = this.options.tracker.historyEntry(entry.txid);
    if (known?.status === 'expired') return;
    // Like `ExpiryWatch`: an envelope this desk never signed gets no history entry of its own.
    if (known) {
      await this.options.tracker.record({
        txid: entry.txid,
        type: envelope.summary.contractType,
        status: 'expired',
        owner: toBase58Address(envelope.summary.owner),
        permissionId: envelope.summary.permissionId,
        expiresAt: envelope.expiresAt,
        message: 'It expired before it reached the chain; re-propose it.',
      });
    }
    this.announce(entry, 'expired');
  }

  private announce(entry: StoredEnvelope, stage: EnvelopeStage): void {
    this.options.emit('cosign:changed', { id: entry.id, txid: entry.txid, stage });
  }
}

/** The node's reason, else the receipt's result. */
function failureOf(info: TransactionInfo, result: string): string {
  return info.resMessage || `It was packed but failed: ${result}.`;
}
