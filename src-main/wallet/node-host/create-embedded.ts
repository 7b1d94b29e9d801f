import type {
  DryRunOptionsLike,
  DryRunSequenceResult,
  DryRunStep,
  EmbeddedNodeFactory,
  ForkControlLike,
} from './embedded-node';
import type { WorkerEntry } from '../../node/worker-entry';

/**
 * The shape of `createNode` from src-main/node (its library form), as far as the host uses it.
 * Structural, so tests can wrap `createNode` (e.g. to keep the nodes they started).
 */
export interface TronNodeLike {
  readonly url: string;
  readonly port: number;
  readonly config: { readonly mnemonic: string; readonly dev: boolean };
  readonly accounts: readonly unknown[];
  head(): { number: number; id: string; timestamp: number; solidified: number };
  stop(): Promise<void>;
  /** Fork mode's report and impersonation (src-main/node `TronNode.fork`). */
  readonly fork?: ForkControlLike | null;
  /** The node's dry run (src-main/node simulation/dry-run.ts): any transaction, applied on a throw-away state. */
  dryRun?(tx: object | string, options?: DryRunOptionsLike): Promise<unknown>;
  /** Several transactions in order on one throw-away copy (src-main/node `dryRunSequence`). */
  dryRunSequence?(
    steps: readonly { transaction: object; options?: DryRunOptionsLike & { placeholderSignatures?: number } }[],
    options?: { state?: 'head' | 'pending' },
  ): Promise<NodeSequenceResultLike>;
}

/** What the node's `dryRunSequence` answers, as far as the host reads it. */
export interface NodeSequenceResultLike {
  readonly headBlock: number;
  readonly results: readonly {
    txId: string;
    accepted: boolean;
    code: string;
    message: string;
    fee: bigint;
    balanceChanges: readonly { address: string; trx: bigint }[];
    contractRet?: string;
    revertReason?: string;
    transactionInfo?: Record<string, unknown>;
  }[];
}

/** The host's sequence dry run over the node's own: head plus pool, stages as the permission editor reads them. */
export async function nodeSequenceDryRun(
  node: Required<Pick<TronNodeLike, 'dryRunSequence'>>,
  steps: readonly DryRunStep[],
): Promise<DryRunSequenceResult> {
  const { headBlock, results } = await node.dryRunSequence(
    steps.map((step) => ({
      transaction: step.transaction,
      options: {
        skipSignatureCheck: !step.checkSignatures,
        ...(step.placeholderSignatures !== undefined ? { placeholderSignatures: step.placeholderSignatures } : {}),
        ...(step.signers ? { signers: step.signers } : {}),
      },
    })),
    { state: 'pending' },
  );
  return {
    headBlock,
    outcomes: results.map((r) => ({
      accepted: r.accepted,
      stage: r.code === 'SIGERROR' ? 'signature' : 'apply',
      ...(r.accepted ? { txid: r.txId } : { code: r.code, message: r.message }),
      ...(r.accepted && r.contractRet ? { contractRet: r.contractRet } : {}),
      ...(r.revertReason ? { revertReason: r.revertReason } : {}),
      ...(r.accepted ? { energyUsed: energyUsedOf(r.transactionInfo) } : {}),
      balanceChanges: r.balanceChanges
        .filter((c) => c.trx !== 0n)
        .map((c) => ({ address: c.address, deltaSun: c.trx })),
      feeSun: r.fee,
    })),
  };
}

/** TransactionInfo.receipt.energy_usage_total as the node's JSON holds it (bigint, number or text). */
function energyUsedOf(info: Record<string, unknown> | undefined): bigint {
  const receipt = info?.receipt;
  const value =
    receipt !== null && typeof receipt === 'object' ? (receipt as Record<string, unknown>).energy_usage_total : 0;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  return typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : 0n;
}

export interface CreateNodeInputLike {
  port: number;
  host: string;
  datadir: string;
  blockTimeMs: number;
  saveInternalTx: boolean;
  estimateEnergy: boolean;
  dev: boolean;
  adminApi: boolean;
  refuseBrowserRequests: boolean;
  log: (line: string) => void;
  fork?: { url: string; apiKey?: string; block: 'latest' };
  blockTextWorker?: WorkerEntry | null;
}

export type CreateNodeLike = (input: CreateNodeInputLike) => Promise<TronNodeLike>;

/**
 * Adapts the node's `createNode` to the host: loopback only, dev mode (funded accounts) on; the
 * estimateEnergy setting switches /wallet/estimateenergy; requests from web pages are refused and
 * /admin/* is not served unless the settings allow them; the node's dry run is passed through (in
 * process: the wallet never calls /admin/* over HTTP).
 */
export function embeddedNodeFactory(createNode: CreateNodeLike): EmbeddedNodeFactory {
  return async (config) => {
    const node = await createNode({
      port: config.port,
      host: '127.0.0.1',
      datadir: config.datadir,
      blockTimeMs: config.blockTimeMs,
      saveInternalTx: config.saveInternalTx,
      estimateEnergy: config.estimateEnergy,
      dev: true,
      adminApi: config.adminEndpoints,
      refuseBrowserRequests: !config.allowBrowserAccess,
      log: config.log,
      ...(config.fork ? { fork: { ...config.fork, block: 'latest' as const } } : {}),
    });
    return {
      url: node.url,
      port: node.port,
      devMnemonic: node.config.dev ? node.config.mnemonic : null,
      devAccountCount: node.config.dev ? node.accounts.length : 0,
      head: () => node.head(),
      // Update-then-follow-up on one throw-away copy (permission editor): the node's own sequence dry run.
      ...(node.dryRunSequence
        ? {
            dryRunSequence: (steps: readonly DryRunStep[]) =>
              nodeSequenceDryRun({ dryRunSequence: node.dryRunSequence!.bind(node) }, steps),
          }
        : {}),
      stop: () => node.stop(),
      fork: node.fork ?? null,
      ...(node.dryRun ? { dryRun: node.dryRun.bind(node) } : {}),
    };
  };
}
