import { toBase58Address } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { PermissionError, TransactionError, ValidationError } from '../../../src-core/errors';
import { feeLimitFromEstimate } from '../../../src-core/fee';
import type { EstimateView, PermissionChoiceView, TxKind, TxRequest } from '../../../src-core/ipc/channels/tx';
import { CONTRACT_KINDS, TX_KINDS } from '../../../src-core/ipc/channels/tx';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { choosePermission } from '../../../src-core/permission/chooser';
import { permissionFor, type Permission } from '../../../src-core/permission/model';
import { buildTransaction, type ContractSpec } from '../../../src-core/tx/builders';
import { signingWindowMs, transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { ChainAccess } from '../node-host/chain-access';
import type { ChainReads, OwnerState } from '../chain-knowledge/chain-reads';
import { contractShareOf, costView, expectedSigners } from './costing';
import { energyFactorOf, estimateEnergy, estimateView, feeLimitSuggestions, type EnergyFacts } from './energy';
import { TxErrorCode, type BuiltTransaction } from './prepared';
import { planRequest, type ContractPlan } from './requests';

export interface TransactionBuilderOptions {
  readonly chain: Pick<ChainAccess, 'requireClient' | 'chainParameters' | 'network' | 'chainMsPerWallMs' | 'stores'>;
  readonly reads: ChainReads;
  /** The vault accounts that hold a key (the chooser prefers permissions they can sign). */
  readonly signingAccounts: () => readonly VaultAccount[];
  readonly now: () => number;
}

/**
 * Builds and costs transactions from typed requests with src-core's builders: the head block as
 * TAPOS reference and its time for expiration; the Permission_id from the chooser (or the one
 * picked by hand, checked, and remembered per account and contract type), with the others
 * explained; energy estimated and fee_limit suggested for contract code; the cost in TRX from the
 * live chain parameters. Nothing is signed here.
 */
export class TransactionBuilder {
  constructor(private readonly options: TransactionBuilderOptions) {}

  private held(): HexAddress[] {
    return this.options.signingAccounts().map((a) => a.addressHex as HexAddress);
  }

  async permissions(input: { owner: string; kind: TxKind }): Promise<PermissionChoiceView> {
    const state = await this.options.reads.owner(this.options.chain.requireClient(), input.owner);
    return this.choose(input.owner, input.kind, state).view;
  }

  /** Remembers the person's choice of signer for this owner and kind (null forgets it); answers as `permissions`. */
  async pickSigner(input: { owner: string; kind: TxKind; permissionId: number | null }): Promise<PermissionChoiceView> {
    const state = await this.options.reads.owner(this.options.chain.requireClient(), input.owner);
    if (input.permissionId !== null) {
      const candidate = this.choose(input.owner, input.kind, state, input.permissionId).view.candidates.find(
        (c) => c.id === input.permissionId,
      );
      if (!candidate?.allowsType)
        throw new PermissionError(
          TxErrorCode.badPermission,
          candidate?.reasons[0]?.message ??
            `The account has no permission with id ${input.permissionId}; pick one the account has.`,
          { field: 'permissionId' },
        );
    }
    await this.options.chain
      .stores()
      .signerPicks.choose(toBase58Address(input.owner), TX_KINDS[input.kind], input.permissionId, this.options.now());
    return this.choose(input.owner, input.kind, state).view;
  }

  async estimate(request: TxRequest): Promise<EstimateView> {
    const client = this.options.chain.requireClient();
    const plan = await planRequest(request, this.options.reads.planReads(client));
    if (!CONTRACT_KINDS.includes(request.kind))
      return { kind: request.kind, energy: null, feeLimits: [], problem: null, revertReason: null };
    const [facts, parameters, factor] = await Promise.all([
      estimateEnergy(client, request.owner, plan),
      this.options.chain.chainParameters(),
      energyFactorOf(client, plan),
    ]);
    return estimateView(request.kind, facts, feeLimitSuggestions(facts, factor, parameters));
  }

  async build(request: TxRequest): Promise<BuiltTransaction> {
    const client = this.options.chain.requireClient();
    const networkKey = this.options.chain.network().key;
    const [refBlock, parameters, ownerState] = await Promise.all([
      client.getRefBlock(),
      this.options.chain.chainParameters(),
      this.options.reads.owner(client, request.owner),
    ]);
    const plan = await planRequest(request, this.options.reads.planReads(client));
    const { choice, permission } = this.permissionFor(request, ownerState);
    const energy = plan.execution ? await this.energy(request, plan, parameters) : null;
    const expirationMs = signingWindowMs(
      request.expirationMs,
      needsCosigners(choice, permission),
      this.options.chain.chainMsPerWallMs(),
    );
    let transaction: TransactionJson;
    try {
      transaction = buildTransaction(plan.spec, {
        header: transactionHeader({
          refBlock,
          headTimestamp: refBlock.timestamp,
          ...(expirationMs !== undefined ? { expirationMs } : {}),
        }),
        ...(energy ? { feeLimit: energy.feeLimit } : {}),
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
    const recipientExists = plan.recipient ? await this.options.reads.exists(client, plan.recipient) : null;
    const contractShare =
      request.kind === 'call' || request.kind === 'trc20-transfer'
        ? await contractShareOf(client, request.owner, plan.execution?.contract)
        : undefined;
    const cost = costView({
      transaction,
      expectedSignatures: Math.max(1, expectedSigners(permission, this.held()).length),
      owner: ownerState,
      recipientExists,
      energy: expectedEnergy(energy?.estimate ?? null, energy?.facts ?? null),
      contractShare,
      parameters,
    });
    return {
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
      feeLimit: energy?.feeLimit ?? null,
      memo: request.memo ? request.memo : null,
      estimate: energy?.estimate ?? null,
      cost,
      parameters,
      transaction,
    };
  }

  /** An unsigned transaction of a contract built elsewhere: the head block as TAPOS reference, expiry from its time. */
  async buildContract(
    spec: ContractSpec,
    permissionId: number,
    options: { expirationMs?: number } = {},
  ): Promise<TransactionJson> {
    const refBlock = await this.options.chain.requireClient().getRefBlock();
    return buildTransaction(spec, {
      header: transactionHeader({
        refBlock,
        headTimestamp: refBlock.timestamp,
        ...(options.expirationMs !== undefined ? { expirationMs: options.expirationMs } : {}),
      }),
      permissionId,
    });
  }

  /** The chooser's permission, or the one picked by hand when the account has it and it may sign this type. */
  private permissionFor(
    request: TxRequest,
    ownerState: OwnerState,
  ): { choice: PermissionChoiceView; permission: Permission } {
    const { view: choice, permission } = this.choose(request.owner, request.kind, ownerState, request.permissionId);
    if (request.permissionId !== undefined) {
      const candidate = choice.candidates.find((c) => c.id === request.permissionId);
      if (!candidate) {
        throw new PermissionError(
          TxErrorCode.badPermission,
          `The account has no permission with id ${request.permissionId}; pick one the account has.`,
          { field: 'permissionId' },
        );
      }
      if (!candidate.allowsType) {
        throw new PermissionError(
          TxErrorCode.badPermission,
          candidate.reasons[0]?.message ?? `Permission ${request.permissionId} cannot sign this transaction.`,
          { field: 'permissionId' },
        );
      }
    }
    if (!permission) throw new PermissionError(TxErrorCode.noPermission, choice.explanation);
    return { choice, permission };
  }

  /** Contract code: the energy estimate and the fee_limit (typed, else the estimate's suggestion). */
  private async energy(
    request: TxRequest,
    plan: ContractPlan,
    parameters: ChainParameters,
  ): Promise<{ estimate: EstimateView; facts: EnergyFacts; feeLimit: bigint }> {
    const client = this.options.chain.requireClient();
    const factor = await energyFactorOf(client, plan);
    const facts = await estimateEnergy(client, request.owner, plan);
    const estimate = estimateView(request.kind, facts, feeLimitSuggestions(facts, factor, parameters));
    let feeLimit = plan.feeLimit ?? estimate.feeLimits.find((s) => s.strategy === 'estimate')?.feeLimitSun ?? null;
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
    return { estimate, facts, feeLimit };
  }

  /**
   * One answer to who signs, for the panel, the selector, the build and the signer alike: the
   * permission given (`override`), else the one remembered for this owner and contract type, else
   * the chooser's rule. A remembered choice the account no longer allows is passed over.
   */
  private choose(
    owner: string,
    kind: TxKind,
    state: OwnerState,
    override?: number,
  ): { view: PermissionChoiceView; permission: Permission | undefined } {
    const contractType = TX_KINDS[kind];
    const pick = override ?? this.options.chain.stores().signerPicks.pickOf(toBase58Address(owner), contractType);
    const choice = choosePermission(state.permissions, contractType, this.held(), {
      ownerAddress: owner,
      ...(pick !== undefined ? { pick } : {}),
    });
    const chosenId = choice.permissionId ?? null;
    const view: PermissionChoiceView = {
      kind,
      contractType,
      owner: toBase58Address(owner),
      ownerExists: state.account !== null,
      permissionId: chosenId,
      picked: choice.picked,
      explanation: choice.explanation,
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
        bypasses: c.bypasses,
        reasons: c.reasons.map((r) => ({ code: r.code, message: r.message })),
      })),
    };
    const permission =
      chosenId === null ? undefined : permissionFor(state.permissions, chosenId, { ownerAddress: owner });
    return { view, permission };
  }
}

/**
 * Energy the cost breakdown counts: what the constant call measured (base + penalty), which is
 * what execution will use on unchanged state; estimateenergy's figure is an upper bound found by
 * a 1-TRX-step search and sizes the fee_limit instead.
 */
export function expectedEnergy(estimate: EstimateView | null, facts: EnergyFacts | null): bigint | undefined {
  const energy = estimate?.energy;
  if (energy && energy.baseEnergy !== null && energy.penalty !== null) return energy.baseEnergy + energy.penalty;
  if (energy) return energy.energy;
  return facts?.constant ? BigInt(facts.constant.energy_used) : undefined;
}

/** The vault's keys alone do not reach the permission's threshold: co-signers need the day, not a minute. */
function needsCosigners(choice: PermissionChoiceView, permission: Permission): boolean {
  return choice.candidates.find((c) => c.id === permission.id)?.reachableAlone === false;
}
