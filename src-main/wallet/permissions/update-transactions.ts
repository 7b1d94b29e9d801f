import type { TronNodeClient } from '../../../src-core/client/client';
import { WalletError } from '../../../src-core/errors';
import type { NodeBlock } from '../../../src-core/ipc/channels/node';
import type { SubmittedUpdate } from '../../../src-core/ipc/channels/permissions';
import { buildTransaction, type ContractSpec } from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { EmitEvent, WalletLog } from '../context';

/**
 * The permission editor's only door to "build, sign, broadcast, track". Issue 8's transaction
 * service (src-main/wallet/transactions/: ref block + head time, estimate, vault signing, envelope
 * hand-off for co-signing, broadcast, tracking to confirmed) takes this over once it is on main;
 * until then `createDirectUpdateTransactions` is a thin stand-in over the node client and the
 * vault, and the permissions service depends on nothing but this interface.
 */
export interface UpdateTransactions {
  /** An unsigned transaction with a fresh reference block and an expiry from the head block time. */
  build(spec: ContractSpec, permissionId: number): Promise<TransactionJson>;
  /**
   * Builds afresh, signs with each signer in order and, when their weight reaches the threshold,
   * broadcasts and tracks it (`tx:status`). Otherwise the partially signed transaction waits for
   * co-signers (the envelope hand-off belongs to the transaction service).
   */
  submit(request: SubmitRequest): Promise<SubmittedUpdate>;
}

export interface SubmitRequest {
  readonly spec: ContractSpec;
  readonly permissionId: number;
  readonly signers: readonly { readonly accountId: string; readonly weight: bigint }[];
  readonly threshold: bigint;
}

export interface DirectUpdateTransactionsOptions {
  readonly client: () => TronNodeClient;
  readonly sign: (tx: TransactionJson, accountId: string, permissionId: number) => Promise<TransactionJson>;
  readonly onBlock: (listener: (block: NodeBlock) => void) => () => void;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  /**
   * Stores a partially signed update in the co-signing inbox (issue 10). Without it the update
   * only waits in this answer; with it, co-signers receive it as an envelope.
   */
  readonly handOff?: (tx: TransactionJson) => Promise<{ id: string; txid: string }>;
  /** Signing window of an update that needs co-signers (default 1 h); a single signer keeps 60 s. */
  readonly cosignWindowMs?: number;
}

/** Co-signers need time: an update their keys must complete gets this window unless told otherwise. */
export const COSIGN_UPDATE_WINDOW_MS = 60 * 60_000;

interface Tracked {
  readonly expiration: number;
  checking: boolean;
}

export function createDirectUpdateTransactions(options: DirectUpdateTransactionsOptions): UpdateTransactions & { dispose(): void } {
  const tracked = new Map<string, Tracked>();

  async function build(spec: ContractSpec, permissionId: number, expirationMs?: number): Promise<TransactionJson> {
    const ref = await options.client().getRefBlock();
    return buildTransaction(spec, { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, ...(expirationMs !== undefined ? { expirationMs } : {}) }), permissionId });
  }

  async function check(txid: string, entry: Tracked, block: NodeBlock): Promise<void> {
    if (entry.checking) return;
    entry.checking = true;
    try {
      const info = await options.client().getTransactionInfoById(txid);
      if (info && info.blockNumber > 0) {
        tracked.delete(txid);
        const failed = info.result === 'FAILED';
        options.emit('tx:status', {
          txid,
          state: failed ? 'failed' : 'confirmed',
          blockNumber: info.blockNumber,
          message: failed ? info.resMessage || 'The node packed the transaction but it failed.' : `Included in block ${info.blockNumber}.`,
        });
      } else if (block.timestamp > entry.expiration) {
        tracked.delete(txid);
        options.emit('tx:status', { txid, state: 'expired', message: 'The transaction expired before a block included it.' });
      }
    } catch (error) {
      options.log.warn('Tracking a permission update failed', { code: error instanceof WalletError ? error.code : undefined });
    } finally {
      entry.checking = false;
    }
  }

  const stop = options.onBlock((block) => {
    for (const [txid, entry] of tracked) void check(txid, entry, block);
  });

  return {
    build: (spec, permissionId) => build(spec, permissionId),
    async submit(request) {
      const held = request.signers.reduce((sum, s) => sum + s.weight, 0n);
      let tx = await build(request.spec, request.permissionId, held < request.threshold && options.handOff ? (options.cosignWindowMs ?? COSIGN_UPDATE_WINDOW_MS) : undefined);
      let weight = 0n;
      for (const signer of request.signers) {
        if (weight >= request.threshold) break;
        tx = await options.sign(tx, signer.accountId, request.permissionId);
        weight += signer.weight;
      }
      const signatures = tx.signature?.length ?? 0;
      if (weight < request.threshold) {
        const envelope = options.handOff ? await options.handOff(tx) : null;
        return {
          txid: tx.txID,
          state: 'needs-cosigners',
          signatures,
          weight,
          threshold: request.threshold,
          envelopeId: envelope?.id ?? null,
          message: envelope
            ? `Signed with weight ${weight} of ${request.threshold}. Co-signers must add ${request.threshold - weight}: the envelope is in the co-signing inbox, ready to send them.`
            : `Signed with weight ${weight} of ${request.threshold}. Co-signers must add ${request.threshold - weight}.`,
        };
      }
      await options.client().broadcastTransaction(tx);
      tracked.set(tx.txID, { expiration: Number(tx.raw_data.expiration), checking: false });
      options.emit('tx:status', { txid: tx.txID, state: 'pool', message: 'Broadcast; waiting for a block.' });
      return { txid: tx.txID, state: 'broadcast', signatures, weight, threshold: request.threshold, message: 'The node accepted the update; it takes effect once a block includes it.' };
    },
    dispose() {
      stop();
      tracked.clear();
    },
  };
}
