import type { HexAddress } from '../../../src-core/brand';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { BlockRef } from '../../../src-core/client/types';
import { PermissionError } from '../../../src-core/errors';
import { feeLimitFromEstimate, type ContractEnergyShare } from '../../../src-core/fee';
import type { PayoutRow } from '../../../src-core/payouts/format';
import { choosePermission } from '../../../src-core/permission/chooser';
import { permissionFor, type Permission } from '../../../src-core/permission/model';
import { TX_KINDS } from '../../../src-core/ipc/channels/tx';
import { buildTransaction } from '../../../src-core/tx/builders';
import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import { signingWindowMs, transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { ChainReads, OwnerState, PlanReads } from '../chain-knowledge/chain-reads';
import { contractShareOf, expectedSigners } from '../transactions/costing';
import { energyFactorOf, estimateEnergy, estimateView, feeLimitSuggestions } from '../transactions/energy';
import { planRequest, type ContractPlan } from '../transactions/requests';
import { expectedEnergy } from '../transactions/transaction-builder';
import { mapLimited } from './limited';

/** Who signs a contract type: the permission the chooser picks and the keys expected to sign it. */
export interface SigningChoice {
  readonly contractType: ContractTypeName;
  readonly permission: Permission;
  readonly signers: readonly HexAddress[];
  readonly needsCosigners: boolean;
}

/** The chooser's permission per contract type, as the transaction builder picks it for one transaction. */
export function signingChoices(
  owner: string,
  state: OwnerState,
  rows: readonly PayoutRow[],
  held: readonly HexAddress[],
): Map<ContractTypeName, SigningChoice> {
  if (!state.account)
    throw new PermissionError(
      'PAYOUT_OWNER_MISSING',
      `The paying account ${owner} does not exist on this network: it must receive TRX before it can pay anyone.`,
    );
  const out = new Map<ContractTypeName, SigningChoice>();
  for (const row of rows) {
    const contractType = TX_KINDS[row.request.kind];
    if (out.has(contractType)) continue;
    const choice = choosePermission(state.permissions, contractType, held, { ownerAddress: owner });
    const candidate = choice.candidates.find((c) => c.id === choice.permissionId);
    // A desk with none of the account's keys (headless planning) plans for the group that would
    // propose it: the first active permission that may sign this type, else the owner.
    const fallback =
      held.length === 0
        ? permissionFor(
            state.permissions,
            choice.candidates.find((c) => c.allowsType && c.type === 'Active')?.id ?? 0,
            { ownerAddress: owner },
          )
        : undefined;
    const permission = choice.permission ?? fallback;
    if (!permission) throw new PermissionError('PAYOUT_NO_PERMISSION', choice.explanation);
    out.set(contractType, {
      contractType,
      permission,
      signers: expectedSigners(permission, held),
      needsCosigners: choice.permission ? candidate?.reachableAlone === false : true,
    });
  }
  return out;
}

/** A TRC-20 row's energy as the node measured it, and the fee_limit the builder would set. */
export interface RowEnergy {
  readonly energy: bigint | null;
  readonly feeLimit: bigint | null;
  /** The call would fail (a revert, or no estimate): the node's reason. */
  readonly problem: string | null;
}

/** Planning reads with TRC-10 facts asked once per token (the kind asks on every row). */
export function cachedPlanReads(reads: ChainReads, client: TronNodeClient): PlanReads {
  const base = reads.planReads(client);
  const trc10 = new Map<string, ReturnType<PlanReads['trc10']>>();
  return {
    contractAbi: base.contractAbi,
    trc20: base.trc20,
    trc10: (tokenId) => {
      let answer = trc10.get(tokenId);
      if (!answer) trc10.set(tokenId, (answer = base.trc10(tokenId)));
      return answer;
    },
  };
}

/**
 * Energy per TRC-20 row, measured by the node (estimateenergy and a constant call, as the builder
 * does for one transaction) and the fee_limit from it; each token's energy factor read once.
 */
export async function rowEnergies(input: {
  client: TronNodeClient;
  owner: string;
  plans: readonly ContractPlan[];
  parameters: ChainParameters;
  onDone: (done: number, total: number) => void;
}): Promise<(RowEnergy | null)[]> {
  const factors = new Map<string, Promise<bigint | null>>();
  const calls = input.plans.map((plan, index) => ({ plan, index })).filter((p) => p.plan.execution);
  const measured = await mapLimited(
    calls,
    4,
    async ({ plan }) => {
      const contract = plan.execution!.contract ?? '';
      let factor = factors.get(contract);
      if (!factor) factors.set(contract, (factor = energyFactorOf(input.client, plan)));
      const facts = await estimateEnergy(input.client, input.owner, plan);
      const estimate = estimateView(plan.kind, facts, feeLimitSuggestions(facts, await factor, input.parameters));
      const energy = expectedEnergy(estimate, facts) ?? null;
      let feeLimit = plan.feeLimit ?? estimate.feeLimits.find((s) => s.strategy === 'estimate')?.feeLimitSun ?? null;
      if (feeLimit === null && energy !== null) {
        try {
          feeLimit = feeLimitFromEstimate({ energyRequired: energy, parameters: input.parameters }).feeLimit;
        } catch {
          feeLimit = null;
        }
      }
      return { energy, feeLimit, problem: facts.problem };
    },
    (done) => input.onDone(done, calls.length),
  );
  const out: (RowEnergy | null)[] = input.plans.map(() => null);
  calls.forEach((call, i) => (out[call.index] = measured[i]!));
  return out;
}

/** The deployer's energy share per token contract, read once per contract. */
export async function contractShares(
  client: TronNodeClient,
  owner: string,
  plans: readonly ContractPlan[],
): Promise<Map<string, ContractEnergyShare | undefined>> {
  const contracts = [...new Set(plans.flatMap((p) => (p.execution?.contract ? [p.execution.contract] : [])))];
  const shares = await Promise.all(contracts.map((c) => contractShareOf(client, owner, c)));
  return new Map(contracts.map((c, i) => [c, shares[i]]));
}

/**
 * The row's transaction as the bundle would carry it: the head as reference, the co-signing window.
 * Its creation time (raw_data.timestamp) is the head's time plus the row's place in the file, so two
 * rows that pay the same recipient the same amount under different references are two transactions
 * with two txids; with one timestamp they would be one transaction, which the node takes only once.
 */
export function rowTransaction(input: {
  plan: ContractPlan;
  row: PayoutRow;
  /** The row's place in the file, 0-based. */
  index: number;
  refBlock: BlockRef;
  choice: SigningChoice;
  feeLimit: bigint | null;
  parameters: ChainParameters;
  chainMsPerWallMs: number;
}): TransactionJson {
  const expirationMs = signingWindowMs(undefined, input.choice.needsCosigners, input.chainMsPerWallMs);
  return buildTransaction(input.plan.spec, {
    header: transactionHeader({
      refBlock: input.refBlock,
      headTimestamp: input.refBlock.timestamp,
      timestamp: input.refBlock.timestamp + input.index,
      ...(expirationMs !== undefined ? { expirationMs } : {}),
    }),
    ...(input.plan.execution ? { feeLimit: input.feeLimit ?? 0n } : {}),
    maxFeeLimit: input.parameters.getMaxFeeLimit,
    ...(input.row.memo !== '' ? { memo: input.row.memo } : {}),
    permissionId: input.choice.permission.id,
  });
}

/** Every row's kind plan (contract, call, token facts), in file order. */
export function rowPlans(rows: readonly PayoutRow[], reads: PlanReads): Promise<ContractPlan[]> {
  return mapLimited(rows, 8, (row) => planRequest(row.request, reads));
}
