import { toBase58Address } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import { BroadcastError, TransactionError, ValidationError } from '../../../src-core/errors';
import type {
  BlockView,
  EstimateView,
  HistoryItem,
  PermissionChoiceView,
  PreparedTxView,
  SimulationView,
  TrackView,
  TxKind,
  TxRequest,
} from '../../../src-core/ipc/channels/tx';
import { TX_KINDS } from '../../../src-core/ipc/channels/tx';
import type { ContractSpec } from '../../../src-core/tx/builders';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { EmitEvent, WalletLog } from '../context';
import type { Proposals } from '../chain-knowledge/proposals';
import type { ChainAccess, DryRunner } from '../node-host/chain-access';
import type { TronNodeClient } from '../../../src-core/client/client';
import { ChainReads } from '../chain-knowledge/chain-reads';
import { submitContract, type ContractSubmission, type SubmittedContract } from './contract-submission';
import { expectedSigners } from './costing';
import {
  expirationOf,
  followedOf,
  localFactsOf,
  preparedView,
  PreparedTransactions,
  TxErrorCode,
  type Prepared,
} from './prepared';
import { simulate } from './simulation';
import { historyStatusOf } from './tracking';
import { TransactionBuilder } from './transaction-builder';
import type { SigningVault } from '../consent/consented-signing';
import { TransactionSigner } from './transaction-signer';
import type { TransactionTracker } from './transaction-tracker';

export interface TransactionServiceOptions {
  readonly chain: ChainAccess;
  readonly vault: SigningVault;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  readonly now?: () => number;
  /** Shared with the tokens service (one token cache per network). */
  readonly reads?: ChainReads;
  /** Broadcasts and follows; shared with the co-signing inbox. */
  readonly tracker: TransactionTracker;
  /** The co-signing inbox, which stores this wallet's proposals. */
  readonly proposals: Proposals;
}

/** What the permission editor uses of this service. */
export type ContractTransactions = Pick<TransactionService, 'buildContract' | 'submitContract'>;

/**
 * IPC domain `tx`: the transactions built in this session on the current network, by txid (keys
 * never leave the vault). Building and costing (`TransactionBuilder`), signing or proposing to
 * co-signers (`TransactionSigner`), and broadcasting and following (`TransactionTracker`) are
 * done by the modules named; this service keeps each transaction's state between them.
 */
export class TransactionService {
  private readonly prepared = new PreparedTransactions();
  private readonly reads: ChainReads;
  private readonly tracker: TransactionTracker;
  private readonly builder: TransactionBuilder;
  private readonly signer: TransactionSigner;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: TransactionServiceOptions) {
    this.reads = options.reads ?? new ChainReads();
    this.tracker = options.tracker;
    this.signer = new TransactionSigner({ vault: options.vault, proposals: options.proposals, chain: options.chain });
    this.builder = new TransactionBuilder({
      chain: options.chain,
      reads: this.reads,
      signingAccounts: () => this.signer.signingAccounts(),
      now: () => this.now(),
    });
    this.stops.push(
      options.chain.onNetworkChange(() => {
        this.prepared.clear();
        this.reads.reset();
      }),
      this.tracker.attach(this.prepared),
    );
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private require(txid: string): Prepared {
    return this.prepared.require(txid, this.options.chain.network().key);
  }

  // ── build ──────────────────────────────────────────────────────────────────────────────────

  permissions(input: { owner: string; kind: TxKind }): Promise<PermissionChoiceView> {
    return this.builder.permissions(input);
  }

  pickSigner(input: { owner: string; kind: TxKind; permissionId: number | null }): Promise<PermissionChoiceView> {
    return this.builder.pickSigner(input);
  }

  estimate(request: TxRequest): Promise<EstimateView> {
    return this.builder.estimate(request);
  }

  async build(request: TxRequest): Promise<PreparedTxView> {
    const built = await this.builder.build(request);
    const prepared: Prepared = {
      ...built,
      state: 'created',
      envelopeId: null,
      signing: this.signer.plan(built.permission, built.transaction),
      createdAt: this.now(),
    };
    this.prepared.remember(prepared);
    const { plan, transaction } = built;
    if (plan.execution?.contract) this.tracker.abis.seed(plan.execution.contract, plan.abi);
    if (transaction.contract_address) this.tracker.abis.seed(transaction.contract_address, plan.abi);
    return preparedView(prepared);
  }

  prepare(input: { txid: string }): PreparedTxView {
    return preparedView(this.require(input.txid));
  }

  discard(input: { txid: string }): { txid: string } {
    const p = this.require(input.txid);
    if (p.state !== 'created' && p.state !== 'cosigning')
      throw new TransactionError(
        TxErrorCode.alreadyBroadcast,
        'A signed transaction stays in the history; it cannot be discarded here.',
      );
    this.prepared.delete(p.txid);
    return { txid: p.txid };
  }

  async simulate(input: { txid: string }): Promise<SimulationView> {
    return this.simulateOn(input, {
      client: this.options.chain.requireClient(),
      dryRun: this.options.chain.dryRunner(),
      headTime: this.options.chain.head()?.timestamp ?? null,
    });
  }

  /** The same simulation on another node's state (a throw-away fork of the real network). */
  async simulateOn(
    input: { txid: string },
    on: { client: TronNodeClient; dryRun: DryRunner | null; headTime: number | null },
  ): Promise<SimulationView> {
    const p = this.require(input.txid);
    const { client } = on;
    return simulate({
      txid: p.txid,
      transaction: p.transaction,
      plan: p.plan,
      owner: p.owner,
      ownerState: p.ownerState,
      cost: p.cost,
      feeLimit: p.feeLimit,
      parameters: p.parameters,
      client,
      dryRun: on.dryRun,
      signers: expectedSigners(
        p.permission,
        this.signer.signingAccounts().map((a) => a.addressHex as HexAddress),
      ),
      abiOf: this.tracker.abis.source(client),
      tokenOf: this.reads.tokenSource(client),
      headTime: on.headTime ?? p.headTime,
    });
  }

  // ── sign ───────────────────────────────────────────────────────────────────────────────────

  /** Signs with the one vault key that reaches the threshold, or proposes it to co-signers. */
  async sign(input: { txid: string }): Promise<PreparedTxView> {
    const p = this.require(input.txid);
    if (p.state !== 'created') return preparedView(p);
    const state = await this.signer.sign(p);
    await this.tracker.record({
      txid: p.txid,
      type: TX_KINDS[p.kind],
      status: historyStatusOf(state),
      owner: toBase58Address(p.owner),
      permissionId: p.permission.id,
      feeSun: p.cost.burnedSun,
      expiresAt: expirationOf(p.transaction),
      message: state === 'cosigning' ? 'Waiting for co-signers: the envelope is stored with this network.' : null,
    });
    this.options.emit('tx:status', { txid: p.txid, state });
    return preparedView(p);
  }

  // ── contracts built elsewhere ──────────────────────────────────────────────────────────────

  /** An unsigned transaction of a contract built elsewhere: the head block as TAPOS reference, expiry from its time. */
  buildContract(
    spec: ContractSpec,
    permissionId: number,
    options?: { expirationMs?: number },
  ): Promise<TransactionJson> {
    return this.builder.buildContract(spec, permissionId, options);
  }

  /** Signs a contract built elsewhere with the vault accounts it names; broadcast, or proposed below the threshold. */
  submitContract(request: ContractSubmission): Promise<SubmittedContract> {
    return submitContract(
      {
        chain: this.options.chain,
        reads: this.reads,
        builder: this.builder,
        signer: this.signer,
        tracker: this.tracker,
        now: () => this.now(),
      },
      request,
    );
  }

  // ── broadcast and track ────────────────────────────────────────────────────────────────────

  async broadcast(input: { txid: string }): Promise<TrackView> {
    const p = this.require(input.txid);
    if (p.state !== 'signed') {
      if (p.state === 'pool' || p.state === 'packed' || p.state === 'confirmed') return this.track({ txid: p.txid });
      if (p.state === 'expired')
        throw new TransactionError(
          TxErrorCode.expired,
          'This transaction has expired (the head block is past its expiration). Build it again.',
          { txid: p.txid },
        );
      throw new TransactionError(
        TxErrorCode.notSigned,
        p.state === 'cosigning'
          ? 'This transaction still needs co-signatures before it can be broadcast.'
          : 'Sign the transaction first.',
        { state: p.state },
      );
    }
    try {
      return await this.tracker.broadcast(p.transaction, followedOf(p), () => {
        p.state = 'pool';
      });
    } catch (error) {
      if (error instanceof BroadcastError) p.state = 'rejected';
      throw error;
    }
  }

  track(input: { txid: string }): Promise<TrackView> {
    const p = this.prepared.get(input.txid);
    return this.tracker.track(input.txid, p && localFactsOf(p));
  }

  history(input?: { limit?: number }): HistoryItem[] {
    const history = this.options.chain.stores().history;
    return history
      .list()
      .slice(0, input?.limit ?? 100)
      .map((e) => ({
        txid: e.txid,
        type: e.type,
        status: e.status,
        owner: e.owner,
        permissionId: e.permissionId,
        feeSun: e.feeSun,
        blockNumber: e.blockNumber,
        message: e.message,
        createdAt: e.createdAt,
        updatedAt: e.updatedAt,
      }));
  }

  async block(input: { number: number }): Promise<BlockView> {
    const block = await this.options.chain.requireClient().getBlockByNum(input.number);
    if (!block)
      throw new ValidationError('TX_NO_SUCH_BLOCK', `Block ${input.number} is not on this chain yet.`, {
        field: 'number',
      });
    const solid = this.options.chain.head()?.solidBlock ?? null;
    const raw = block.block_header.raw_data;
    return {
      number: raw.number,
      id: block.blockID,
      timestamp: raw.timestamp,
      producer: raw.witness_address ? toBase58Address(raw.witness_address) : null,
      solidified: solid !== null && raw.number <= solid,
      transactions: block.transactions.map((tx) => {
        const contract = tx.raw_data.contract[0];
        const ownerHex = (contract?.parameter.value as Record<string, unknown> | undefined)?.owner_address;
        return {
          txid: tx.txID,
          type: contract?.type ?? 'unknown',
          owner: typeof ownerHex === 'string' ? toBase58Address(ownerHex) : null,
          contractRet: tx.ret?.[0]?.contractRet ?? null,
          known: this.tracker.historyEntry(tx.txID) !== undefined || this.prepared.has(tx.txID),
        };
      }),
    };
  }
}
