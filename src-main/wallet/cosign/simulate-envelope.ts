import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { TronNodeClient } from '../../../src-core/client/client';
import { fromPermissionSnapshot, type Envelope } from '../../../src-core/envelope';
import type { CostView, SimulationView, TxKind } from '../../../src-core/ipc/channels/tx';
import { TX_KINDS } from '../../../src-core/ipc/channels/tx';
import { toBigInt } from '../../../src-core/json/lossless';
import { heaviestFirst, permissionFor, type Permission } from '../../../src-core/permission/model';
import { signWeight } from '../../../src-core/permission/sign-weight';
import type { HexAddress } from '../../../src-core/brand';
import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { DryRunner } from '../node-host/chain-access';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import { contractShareOf, costView } from '../transactions/costing';
import { AbiCache } from '../transactions/logs';
import type { ContractPlan } from '../transactions/requests';
import { simulate } from '../transactions/simulation';

/**
 * The builder's simulation, run by each signer on their own node for a transaction someone else
 * built: the embedded node's dry run of the exact raw_data (as if the full set of signers had
 * signed, so bandwidth and the multi-signature fee are counted), else a constant call for
 * contract code, else fee arithmetic. Nothing is kept or broadcast.
 */
export interface EnvelopeSimulationInput {
  readonly envelope: Envelope;
  readonly client: TronNodeClient;
  readonly reads: ChainReads;
  readonly parameters: ChainParameters;
  readonly dryRun: DryRunner | null;
  readonly headTime: number;
}

const KIND_BY_TYPE = new Map<string, TxKind>(Object.entries(TX_KINDS).map(([kind, type]) => [type, kind as TxKind]));

function int(value: unknown): bigint {
  try {
    return value === undefined || value === null ? 0n : toBigInt(value);
  } catch {
    return 0n;
  }
}

/** The builder-side plan the simulation reads, rebuilt from the transaction itself. */
export function planFromEnvelope(envelope: Envelope): ContractPlan {
  const contract = envelope.transaction.raw_data.contract[0]!;
  const value = contract.parameter.value as Record<string, unknown>;
  const type = contract.type as ContractTypeName;
  const summary = envelope.summary;
  const transferEffect = summary.call?.decoded?.effects.find((e) => e.asset === 'TRC20' && e.role === 'send');
  // Types no builder form makes (a permission update) have no kind; fee arithmetic then adds no value movement.
  const kind: TxKind =
    type === 'TriggerSmartContract'
      ? transferEffect
        ? 'trc20-transfer'
        : 'call'
      : (KIND_BY_TYPE.get(type) ?? 'update-setting');
  const plan: ContractPlan = {
    kind,
    spec: { type, value },
    summary: [],
    ...(type === 'TransferContract' || type === 'TransferAssetContract' ? { recipient: String(value.to_address) } : {}),
    ...(envelope.abi ? { abi: [...envelope.abi] } : {}),
    ...(summary.feeLimitSun !== undefined ? { feeLimit: BigInt(summary.feeLimitSun) } : {}),
  };
  if (type === 'TriggerSmartContract') {
    return {
      ...plan,
      execution: {
        contract: String(value.contract_address),
        data: typeof value.data === 'string' ? value.data : '',
        callValue: int(value.call_value),
        ...(value.call_token_value !== undefined
          ? { tokenValue: int(value.call_token_value), tokenId: int(value.token_id) }
          : {}),
      },
    };
  }
  if (type === 'CreateSmartContract') {
    const created = (value.new_contract ?? {}) as Record<string, unknown>;
    return {
      ...plan,
      execution: {
        data: typeof created.bytecode === 'string' ? created.bytecode : '',
        callValue: int(created.call_value),
      },
    };
  }
  return plan;
}

/** Who will have signed once the threshold is met: those who did, then the heaviest missing keys. */
export function completingSigners(transaction: TransactionJson, permission: Permission): HexAddress[] {
  const result = signWeight(transaction, { permission });
  const signers = [...result.approved];
  let weight = result.currentWeight;
  for (const key of [...result.missing].sort(heaviestFirst)) {
    if (weight >= permission.threshold) break;
    signers.push(key.address);
    weight += key.weight;
  }
  return signers;
}

export async function simulateEnvelope(
  input: EnvelopeSimulationInput,
): Promise<{ simulation: SimulationView; cost: CostView }> {
  const { envelope, client, reads } = input;
  const owner = envelope.summary.owner;
  const { parameters } = input;
  const ownerState = await reads.owner(client, owner);
  const permission =
    (ownerState.permissions
      ? permissionFor(ownerState.permissions, envelope.summary.permissionId, { ownerAddress: owner })
      : undefined) ?? (envelope.permission ? fromPermissionSnapshot(envelope.permission) : undefined);
  const signers = permission ? completingSigners(envelope.transaction, permission) : [];
  const plan = planFromEnvelope(envelope);
  const { signature: _signatures, ...unsigned } = envelope.transaction;
  const recipientExists = plan.recipient ? await reads.exists(client, plan.recipient) : null;
  const contractShare = plan.execution?.contract
    ? await contractShareOf(client, owner, plan.execution.contract)
    : undefined;
  const costFor = (energy: bigint | undefined) =>
    costView({
      transaction: unsigned,
      expectedSignatures: Math.max(1, signers.length),
      owner: ownerState,
      recipientExists,
      energy,
      contractShare,
      parameters,
    });
  let cost = costFor(undefined);
  const abis = new AbiCache();
  if (plan.execution?.contract) abis.seed(plan.execution.contract, plan.abi);
  const simulation = await simulate({
    txid: envelope.transaction.txID,
    // Unsigned, with the signers named: the node checks the permission as if they had signed.
    transaction: unsigned,
    plan,
    owner,
    ownerState,
    cost,
    feeLimit: plan.feeLimit ?? null,
    parameters,
    client,
    dryRun: input.dryRun,
    signers,
    abiOf: abis.source(client),
    tokenOf: reads.tokenSource(client),
    headTime: input.headTime,
  });
  if (simulation.energyUsed !== null) cost = costFor(simulation.energyUsed);
  return { simulation, cost };
}
