import { toBase58Address } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { BlockRef } from '../../../src-core/client/types';
import { BroadcastError, PermissionError, TransactionError, ValidationError } from '../../../src-core/errors';
import { feeLimitFromEstimate } from '../../../src-core/fee';
import type {
  BlockView,
  EstimateView,
  HistoryItem,
  PermissionChoiceView,
  PreparedTxView,
  SigningView,
  SimulationView,
  TrackView,
  TxKind,
  TxRequest,
  TxState,
} from '../../../src-core/ipc/channels/tx';
import { CONTRACT_KINDS, TX_KINDS } from '../../../src-core/ipc/channels/tx';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { stringifyJson } from '../../../src-core/json/lossless';
import { choosePermission } from '../../../src-core/permission/chooser';
import { permissionFor, weightOf, type Permission } from '../../../src-core/permission/model';
import { assertEnoughWeight, signWeight } from '../../../src-core/permission/sign-weight';
import { buildTransaction, type ContractSpec } from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { EmitEvent, WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { ProposalInput, Proposals } from '../cosign/proposals';
import { ChainReads, type OwnerState } from './chain-reads';
import { contractShareOf, costView, expectedSigners } from './costing';
import { energyFactorOf, estimateEnergy, estimateView, feeLimitSuggestions, type EnergyFacts } from './energy';
import { planRequest, type ContractPlan } from './requests';
import { simulate } from './simulation';
import { historyStatusOf } from './tracking';
import type { FollowedTransaction, TransactionTracker } from './transaction-tracker';

/** What it needs from the vault: public account facts and signing (keys stay in the vault). */
export interface TxVault {
  listAccounts(): VaultAccount[];
  sign(transaction: TransactionJson, accountId: string, permissionId?: number): Promise<TransactionJson>;
}

export interface TransactionServiceOptions {
  readonly chain: ChainAccess;
  readonly vault: TxVault;
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

export const TxErrorCode = {
  unknown: 'TX_UNKNOWN',
  noPermission: 'PERM_NO_PERMISSION_CAN_SIGN',
  badPermission: 'TX_BAD_PERMISSION_CHOICE',
  feeLimitNeeded: 'TX_FEE_LIMIT_NEEDED',
  expired: 'TX_EXPIRED',
  notSigned: 'TX_NOT_FULLY_SIGNED',
  alreadyBroadcast: 'TX_ALREADY_BROADCAST',
} as const;

interface Prepared {
  readonly txid: string;
  readonly networkKey: string;
  readonly kind: TxKind;
  readonly plan: ContractPlan;
  readonly owner: string;
  readonly ownerState: OwnerState;
  readonly permission: Permission;
  readonly choice: PermissionChoiceView;
  readonly headTime: number;
  readonly refBlock: BlockRef;
  readonly feeLimit: bigint | null;
  readonly memo: string | null;
  readonly estimate: EstimateView | null;
  readonly cost: PreparedTxView['cost'];
  readonly parameters: ChainParameters;
  transaction: TransactionJson;
  state: TxState;
  envelopeId: string | null;
  signing: SigningView;
  readonly createdAt: number;
}

const MAX_PREPARED = 100;

/** Co-signers need time: a contract the vault's keys cannot complete alone gets this signing window (else 60 s). */
export const COSIGN_WINDOW_MS = 60 * 60_000;

/**
 * A contract another service built and checked (the permission editor's AccountPermissionUpdate),
 * with the vault accounts it chose to sign, in order, and their weights in the permission.
 */
export interface ContractSubmission {
  readonly spec: ContractSpec;
  readonly permissionId: number;
  readonly signers: readonly { readonly accountId: string; readonly weight: bigint }[];
  readonly threshold: bigint;
  /** The inbox label of its envelope when co-signers must complete it. */
  readonly label: string;
}

export interface SubmittedContract {
  readonly txid: string;
  /** `broadcast`: the vault's signatures reached the threshold and the node accepted it. */
  readonly state: 'broadcast' | 'needs-cosigners';
  readonly signatures: number;
  readonly weight: bigint;
  /** The co-signing envelope of a `needs-cosigners` submission. */
  readonly envelopeId: string | null;
}

/** What the permission editor uses of this service. */
export type ContractTransactions = Pick<TransactionService, 'buildContract' | 'submitContract'>;

/**
 * Builds, costs, simulates, signs, broadcasts and follows transactions on the current network
 * (issue 8). Transactions are built here from typed requests with src-core's builders, the head
 * block as TAPOS reference and the head block's time for expiration. The renderer refers to a
 * built transaction by txid; keys never leave the vault.
 */
export class TransactionService {
  private readonly prepared = new Map<string, Prepared>();
  private readonly reads: ChainReads;
  private readonly tracker: TransactionTracker;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: TransactionServiceOptions) {
    this.reads = options.reads ?? new ChainReads();
    this.tracker = options.tracker;
    this.stops.push(
      options.chain.onNetworkChange(() => {
        this.prepared.clear();
        this.reads.reset();
      }),
      this.tracker.attach({
        has: (txid) => this.prepared.has(txid),
        read: (txid, state) => {
          const p = this.prepared.get(txid);
          if (p && p.state !== state && ORDERED.includes(state)) p.state = state;
        },
      }),
    );
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private client(): TronNodeClient {
    return this.options.chain.requireClient();
  }

  /** Base58 addresses (hex inside) of vault accounts that can sign. */
  private signingAccounts(): VaultAccount[] {
    return this.options.vault.listAccounts().filter((a) => a.canSign);
  }

  // ── permissions ────────────────────────────────────────────────────────────────────────────

  async permissions(input: { owner: string; kind: TxKind }): Promise<PermissionChoiceView> {
    const client = this.client();
    const state = await this.reads.owner(client, input.owner);
    return this.choose(input.owner, input.kind, state).view;
  }

  private choose(
    owner: string,
    kind: TxKind,
    state: OwnerState,
    override?: number,
  ): { view: PermissionChoiceView; permission: Permission | undefined } {
    const contractType = TX_KINDS[kind];
    const held = this.signingAccounts().map((a) => a.addressHex);
    const choice = choosePermission(state.permissions, contractType, held, { ownerAddress: owner });
    const chosenId = override ?? choice.permissionId ?? null;
    const view: PermissionChoiceView = {
      kind,
      contractType,
      owner: toBase58Address(owner),
      ownerExists: state.account !== null,
      permissionId: chosenId,
      explanation:
        override !== undefined && override !== choice.permissionId
          ? `Permission ${override} was chosen by hand. ${choice.explanation}`
          : choice.explanation,
      candidates: choice.candidates.map((c) => ({
        id: c.id,
        type: c.type,
        name: c.name,
        threshold: c.threshold,
        allowsType: c.allowsType,
        heldKeys: c.heldKeys.map((k) => toBase58Address(k)),
        heldWeight: c.heldWeight,
        reachableAlone: c.reachableAlone,
        qualifies: c.qualifies,
        chosen: c.id === chosenId,
        reasons: c.reasons.map((r) => ({ code: r.code, message: r.message })),
      })),
    };
    const permission =
      chosenId === null ? undefined : permissionFor(state.permissions, chosenId, { ownerAddress: owner });
    return { view, permission };
  }

  // ── estimate and build ─────────────────────────────────────────────────────────────────────

  async estimate(request: TxRequest): Promise<EstimateView> {
    const client = this.client();
    const plan = await planRequest(request, this.reads.planReads(client));
    if (!CONTRACT_KINDS.includes(request.kind))
      return { kind: request.kind, energy: null, feeLimits: [], problem: null, revertReason: null };
    const [facts, parameters, factor] = await Promise.all([
      estimateEnergy(client, request.owner, plan),
      this.options.chain.chainParameters(),
      energyFactorOf(client, plan),
    ]);
    return estimateView(request.kind, facts, feeLimitSuggestions(facts, factor, parameters));
  }

  async build(request: TxRequest): Promise<PreparedTxView> {
    const client = this.client();
    const networkKey = this.options.chain.network().key;
    const [refBlock, parameters, ownerState] = await Promise.all([
      client.getRefBlock(),
      this.options.chain.chainParameters(),
      this.reads.owner(client, request.owner),
    ]);
    const plan = await planRequest(request, this.reads.planReads(client));
    const { view: choice, permission } = this.choose(request.owner, request.kind, ownerState, request.permissionId);
    if (!permission) {
      if (request.permissionId !== undefined) {
        throw new PermissionError(
          TxErrorCode.badPermission,
          `The account has no permission with id ${request.permissionId}; pick one the account has.`,
          { field: 'permissionId' },
        );
      }
      throw new PermissionError(TxErrorCode.noPermission, choice.explanation);
    }
    if (request.permissionId !== undefined) {
      const candidate = choice.candidates.find((c) => c.id === request.permissionId);
      if (!candidate?.allowsType) {
        throw new PermissionError(
          TxErrorCode.badPermission,
          candidate?.reasons[0]?.message ?? `Permission ${request.permissionId} cannot sign this transaction.`,
          { field: 'permissionId' },
        );
      }
    }

    let estimate: EstimateView | null = null;
    let facts: EnergyFacts | null = null;
    let feeLimit: bigint | null = null;
    if (plan.execution) {
      const factor = await energyFactorOf(client, plan);
      facts = await estimateEnergy(client, request.owner, plan);
      estimate = estimateView(request.kind, facts, feeLimitSuggestions(facts, factor, parameters));
      feeLimit = plan.feeLimit ?? estimate.feeLimits.find((s) => s.strategy === 'estimate')?.feeLimitSun ?? null;
      // A reverting call has no estimate, but its constant call still says what it used.
      if (feeLimit === null && facts.constant) {
        try {
          feeLimit = feeLimitFromEstimate({ energyRequired: BigInt(facts.constant.energy_used), parameters }).feeLimit;
        } catch {
          feeLimit = null;
        }
      }
      if (feeLimit === null) {
        throw new ValidationError(
          TxErrorCode.feeLimitNeeded,
          `Enter a fee_limit: ${facts.problem ?? 'the energy could not be estimated'}`,
          { field: 'feeLimitSun' },
        );
      }
    }

    const header = transactionHeader({
      refBlock,
      headTimestamp: refBlock.timestamp,
      ...(request.expirationMs !== undefined ? { expirationMs: request.expirationMs } : {}),
    });
    let transaction: TransactionJson;
    try {
      transaction = buildTransaction(plan.spec, {
        header,
        ...(feeLimit !== null ? { feeLimit } : {}),
        maxFeeLimit: parameters.getMaxFeeLimit,
        ...(request.memo ? { memo: request.memo } : {}),
        permissionId: permission.id,
      });
    } catch (error) {
      if (error instanceof TransactionError)
        throw new ValidationError(error.code, error.message, {
          ...(error.details ?? {}),
          field: error.code === 'TX_BAD_FEE_LIMIT' ? 'feeLimitSun' : undefined,
        });
      throw error;
    }

    const held = this.signingAccounts().map((a) => a.addressHex as HexAddress);
    const recipientExists = plan.recipient ? await this.reads.exists(client, plan.recipient) : null;
    const contractShare =
      request.kind === 'call' || request.kind === 'trc20-transfer'
        ? await contractShareOf(client, request.owner, plan.execution?.contract)
        : undefined;
    const cost = costView({
      transaction,
      expectedSignatures: Math.max(1, expectedSigners(permission, held).length),
      owner: ownerState,
      recipientExists,
      energy: expectedEnergy(estimate, facts),
      contractShare,
      parameters,
    });

    const prepared: Prepared = {
      txid: transaction.txID,
      networkKey,
      kind: request.kind,
      plan,
      owner: request.owner,
      ownerState,
      permission,
      choice,
      headTime: refBlock.timestamp,
      refBlock,
      feeLimit,
      memo: request.memo ? request.memo : null,
      estimate,
      cost,
      parameters,
      transaction,
      state: 'created',
      envelopeId: null,
      signing: this.signingPlan(permission, transaction),
      createdAt: this.now(),
    };
    this.remember(prepared);
    if (plan.execution?.contract) this.tracker.abis.seed(plan.execution.contract, plan.abi);
    if (transaction.contract_address) this.tracker.abis.seed(transaction.contract_address, plan.abi);
    return this.view(prepared);
  }

  private remember(prepared: Prepared): void {
    this.prepared.set(prepared.txid, prepared);
    if (this.prepared.size <= MAX_PREPARED) return;
    for (const [txid, entry] of this.prepared) {
      if (entry.state === 'created') {
        this.prepared.delete(txid);
        if (this.prepared.size <= MAX_PREPARED) return;
      }
    }
  }

  /** Who signs: a single vault key reaching the threshold, or co-signers through an envelope. */
  private signingPlan(permission: Permission, transaction: TransactionJson): SigningView {
    const accounts = this.heldInPermission(permission);
    const alone = accounts.find((a) => a.weight >= permission.threshold);
    const result = signWeight(transaction, { permission });
    const signedBy = result.approved.map((a) => toBase58Address(a));
    const needsCosigning = !alone && !result.thresholdMet;
    let explanation: string;
    if (result.thresholdMet)
      explanation = `The signatures reach the threshold of ${permission.threshold}: ready to broadcast.`;
    else if (alone)
      explanation = `${alone.account.label} (${alone.account.address}) has weight ${alone.weight} of the ${permission.threshold} needed and signs alone.`;
    else if (accounts.length > 0) {
      explanation = `Your key ${accounts[0]!.account.label} weighs ${accounts[0]!.weight} of the ${permission.threshold} needed: it signs first, and a co-signing envelope is stored for the other key holders.`;
    } else
      explanation = `None of your keys is in this permission: an unsigned co-signing envelope is stored for its key holders (threshold ${permission.threshold}).`;
    return {
      threshold: permission.threshold,
      currentWeight: result.currentWeight,
      signer: alone
        ? {
            accountId: alone.account.id,
            label: alone.account.label,
            address: alone.account.address,
            weight: alone.weight,
          }
        : null,
      needsCosigning,
      explanation,
      signedBy,
    };
  }

  private heldInPermission(permission: Permission): { account: VaultAccount; weight: bigint }[] {
    return this.signingAccounts()
      .map((account) => ({ account, weight: weightOf(permission, account.addressHex) }))
      .filter((a) => a.weight > 0n)
      .sort((a, b) => (a.weight === b.weight ? 0 : a.weight > b.weight ? -1 : 1));
  }

  private view(p: Prepared): PreparedTxView {
    const contract = p.transaction.raw_data.contract[0]!;
    return {
      txid: p.txid,
      kind: p.kind,
      contractType: contract.type,
      owner: toBase58Address(p.owner),
      state: p.state,
      permissionId: p.permission.id,
      permission: p.choice,
      summary: p.plan.summary,
      expiration: expirationOf(p.transaction),
      headTime: p.headTime,
      refBlock: { number: p.refBlock.number, id: p.refBlock.blockId },
      feeLimitSun: p.feeLimit,
      memo: p.memo,
      contractAddress: p.transaction.contract_address ? toBase58Address(p.transaction.contract_address) : null,
      rawDataHex: p.transaction.raw_data_hex,
      json: stringifyJson(p.transaction, 2),
      cost: p.cost,
      estimate: p.estimate,
      signing: p.signing,
      envelopeId: p.envelopeId,
    };
  }

  private requirePrepared(txid: string): Prepared {
    const found = this.prepared.get(txid.toLowerCase());
    if (!found || found.networkKey !== this.options.chain.network().key) {
      throw new TransactionError(
        TxErrorCode.unknown,
        'This transaction is not among those built in this session on this network. Build it again.',
        { txid },
      );
    }
    return found;
  }

  prepare(input: { txid: string }): PreparedTxView {
    return this.view(this.requirePrepared(input.txid));
  }

  discard(input: { txid: string }): { txid: string } {
    const p = this.requirePrepared(input.txid);
    if (p.state !== 'created' && p.state !== 'cosigning')
      throw new TransactionError(
        TxErrorCode.alreadyBroadcast,
        'A signed transaction stays in the history; it cannot be discarded here.',
      );
    this.prepared.delete(p.txid);
    return { txid: p.txid };
  }

  // ── simulate ───────────────────────────────────────────────────────────────────────────────

  async simulate(input: { txid: string }): Promise<SimulationView> {
    const p = this.requirePrepared(input.txid);
    const client = this.client();
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
      dryRun: this.options.chain.dryRunner(),
      signers: expectedSigners(
        p.permission,
        this.signingAccounts().map((a) => a.addressHex as HexAddress),
      ),
      abiOf: this.tracker.abis.source(client),
      headTime: this.options.chain.head()?.timestamp ?? p.headTime,
    });
  }

  // ── sign ───────────────────────────────────────────────────────────────────────────────────

  async sign(input: { txid: string }): Promise<PreparedTxView> {
    const p = this.requirePrepared(input.txid);
    if (p.state !== 'created') return this.view(p);
    const head = this.options.chain.head();
    if (head && head.timestamp >= expirationOf(p.transaction)) {
      throw new TransactionError(
        TxErrorCode.expired,
        'This transaction has expired (the head block is past its expiration). Build it again.',
        { txid: p.txid },
      );
    }
    const held = this.heldInPermission(p.permission);
    const alone = held.find((h) => h.weight >= p.permission.threshold);
    if (alone) {
      const signed = await this.options.vault.sign(p.transaction, alone.account.id, p.permission.id);
      assertEnoughWeight(signWeight(signed, { permission: p.permission }));
      p.transaction = signed;
      p.state = 'signed';
    } else {
      if (held[0]) p.transaction = await this.options.vault.sign(p.transaction, held[0].account.id, p.permission.id);
      const stored = await this.propose({
        transaction: p.transaction,
        permission: p.permission,
        accountPermissions: p.ownerState.permissions,
        abi: p.plan.abi,
        label: `${TX_KINDS[p.kind]} from ${toBase58Address(p.owner)}`,
        headTime: p.headTime,
      });
      p.envelopeId = stored.id;
      p.state = 'cosigning';
    }
    p.signing = this.signingPlan(p.permission, p.transaction);
    await this.tracker.record({
      txid: p.txid,
      type: TX_KINDS[p.kind],
      status: historyStatusOf(p.state),
      owner: toBase58Address(p.owner),
      permissionId: p.permission.id,
      feeSun: p.cost.burnedSun,
      expiresAt: expirationOf(p.transaction),
      message: p.state === 'cosigning' ? 'Waiting for co-signers: the envelope is stored with this network.' : null,
    });
    this.options.emit('tx:status', { txid: p.txid, state: p.state });
    return this.view(p);
  }

  /** Hands a transaction that needs co-signers to the co-signing inbox, proposed at the head's time. */
  private propose(input: Omit<ProposalInput, 'createdAt'> & { headTime: number }): Promise<{ readonly id: string }> {
    const { headTime, ...proposal } = input;
    return this.options.proposals.propose({
      ...proposal,
      createdAt: Math.min(this.options.chain.head()?.timestamp ?? headTime, expirationOf(input.transaction)),
    });
  }

  // ── contracts built elsewhere ──────────────────────────────────────────────────────────────

  /** An unsigned transaction of a contract built elsewhere: the head block as TAPOS reference, expiry from its time. */
  async buildContract(
    spec: ContractSpec,
    permissionId: number,
    options: { expirationMs?: number } = {},
  ): Promise<TransactionJson> {
    const refBlock = await this.client().getRefBlock();
    return buildTransaction(spec, {
      header: transactionHeader({
        refBlock,
        headTimestamp: refBlock.timestamp,
        ...(options.expirationMs !== undefined ? { expirationMs: options.expirationMs } : {}),
      }),
      permissionId,
    });
  }

  /**
   * Builds a contract afresh and signs it with the given vault accounts in order until their
   * weight reaches the threshold. Then it is broadcast and followed like any transaction of this
   * service; otherwise it gets the co-signing window and goes to the inbox as this wallet's proposal.
   */
  async submitContract(request: ContractSubmission): Promise<SubmittedContract> {
    const held = request.signers.reduce((sum, s) => sum + s.weight, 0n);
    let transaction = await this.buildContract(
      request.spec,
      request.permissionId,
      held < request.threshold ? { expirationMs: COSIGN_WINDOW_MS } : {},
    );
    const createdAt = this.now();
    let weight = 0n;
    for (const signer of request.signers) {
      if (weight >= request.threshold) break;
      transaction = await this.options.vault.sign(transaction, signer.accountId, request.permissionId);
      weight += signer.weight;
    }
    const signatures = transaction.signature?.length ?? 0;
    const contract = transaction.raw_data.contract[0]!;
    const ownerHex = String((contract.parameter.value as Record<string, unknown>).owner_address ?? '');
    const owner = toBase58Address(ownerHex);
    const expiresAt = expirationOf(transaction);
    if (weight < request.threshold) {
      const state = await this.reads.owner(this.client(), ownerHex);
      const stored = await this.propose({
        transaction,
        permission: permissionFor(state.permissions, request.permissionId, { ownerAddress: ownerHex }),
        accountPermissions: state.permissions,
        label: request.label,
        headTime: Number(transaction.raw_data.timestamp ?? createdAt),
      });
      await this.tracker.record({
        txid: transaction.txID,
        type: contract.type,
        status: 'signed',
        owner,
        permissionId: request.permissionId,
        expiresAt,
        message: 'Waiting for co-signers: the envelope is in the co-signing inbox.',
      });
      return { txid: transaction.txID, state: 'needs-cosigners', signatures, weight, envelopeId: stored.id };
    }
    await this.tracker.record({
      txid: transaction.txID,
      type: contract.type,
      status: 'signed',
      owner,
      permissionId: request.permissionId,
      expiresAt,
      message: null,
    });
    await this.tracker.broadcast(transaction, {
      txid: transaction.txID,
      contractType: contract.type,
      owner,
      permissionId: request.permissionId,
      expiresAt,
      createdAt,
    });
    return { txid: transaction.txID, state: 'broadcast', signatures, weight, envelopeId: null };
  }

  // ── broadcast and track ────────────────────────────────────────────────────────────────────

  async broadcast(input: { txid: string }): Promise<TrackView> {
    const p = this.requirePrepared(input.txid);
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
      return await this.tracker.broadcast(p.transaction, this.followed(p), () => {
        p.state = 'pool';
      });
    } catch (error) {
      if (error instanceof BroadcastError) p.state = 'rejected';
      throw error;
    }
  }

  private followed(p: Prepared): FollowedTransaction {
    return {
      txid: p.txid,
      kind: p.kind,
      contractType: TX_KINDS[p.kind],
      owner: toBase58Address(p.owner),
      permissionId: p.permission.id,
      expiresAt: expirationOf(p.transaction),
      estimatedBurnSun: p.cost.burnedSun,
      createdAt: p.createdAt,
    };
  }

  async track(input: { txid: string }): Promise<TrackView> {
    const p = this.prepared.get(input.txid.toLowerCase());
    return this.tracker.track(
      input.txid,
      p && {
        kind: p.kind,
        contractType: TX_KINDS[p.kind],
        owner: toBase58Address(p.owner),
        expiration: expirationOf(p.transaction),
        estimatedBurnSun: p.cost.burnedSun,
        state: p.state,
        createdAt: p.createdAt,
        signed: (p.transaction.signature?.length ?? 0) > 0,
      },
    );
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
    const client = this.client();
    const block = await client.getBlockByNum(input.number);
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

const ORDERED: readonly TxState[] = ['pool', 'packed', 'confirmed', 'failed', 'expired'];

/** raw_data.expiration in ms (a JSON integer that fits a double for any real date). */
function expirationOf(tx: TransactionJson): number {
  return Number(tx.raw_data.expiration);
}

/**
 * Energy the cost breakdown counts: what the constant call measured (base + penalty), which is
 * what execution will use on unchanged state; estimateenergy's figure is an upper bound found by
 * a 1-TRX-step search and sizes the fee_limit instead.
 */
function expectedEnergy(estimate: EstimateView | null, facts: EnergyFacts | null): bigint | undefined {
  const energy = estimate?.energy;
  if (energy && energy.baseEnergy !== null && energy.penalty !== null) return energy.baseEnergy + energy.penalty;
  if (energy) return energy.energy;
  return facts?.constant ? BigInt(facts.constant.energy_used) : undefined;
}
