import type { TronNodeClient } from '../../../src-core/client/client';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { transactionCost, type ContractEnergyShare } from '../../../src-core/fee';
import type { CostView } from '../../../src-core/ipc/channels/tx';
import { minimalKeySets } from '../../../src-core/permission/coalitions';
import { heaviestFirst, type Permission } from '../../../src-core/permission/model';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { HexAddress } from '../../../src-core/brand';
import { toHexAddress } from '../../../src-core/address/address';
import type { OwnerState } from '../chain-knowledge/chain-reads';

/**
 * The cost breakdown shown before signing (java-tron BandwidthProcessor, ReceiptCapsule.payEnergyBill): bandwidth from
 * stake, the free allowance or burned; energy from stake, the deployer's share or burned; the
 * activation, memo, multi-signature and fixed fees — all from the live chain parameters.
 */

/**
 * Who will sign: the held key that reaches the threshold alone, otherwise the smallest coalition
 * that includes a held key (its size decides the multi-signature fee and the bandwidth of the
 * extra signatures). Never empty: at least one signature is always needed.
 */
export function expectedSigners(permission: Permission, held: readonly HexAddress[]): HexAddress[] {
  const alone = permission.keys
    .filter((k) => held.includes(k.address) && k.weight >= permission.threshold)
    .sort(heaviestFirst)[0];
  if (alone) return [alone.address];
  const sets = minimalKeySets(permission);
  const withHeld = sets.filter((set) => set.addresses.some((a) => held.includes(a)));
  const pool = withHeld.length > 0 ? withHeld : sets;
  const smallest = [...pool].sort((a, b) => a.addresses.length - b.addresses.length)[0];
  return smallest ? [...smallest.addresses] : [permission.keys[0]?.address ?? ('' as HexAddress)].filter(Boolean);
}

/** The deployer's share of a call's energy, when the caller is not the deployer. */
export async function contractShareOf(
  client: TronNodeClient,
  owner: string,
  contractAddress: string | undefined,
): Promise<ContractEnergyShare | undefined> {
  if (!contractAddress) return undefined;
  const contract = await client.getContract(contractAddress);
  if (!contract?.origin_address) return undefined;
  if (contract.origin_address === toHexAddress(owner)) return undefined;
  if (contract.consume_user_resource_percent >= 100) return undefined;
  const origin = await client.getAccountResource(contract.origin_address);
  const available = origin ? BigInt(Math.max(0, origin.EnergyLimit - origin.EnergyUsed)) : 0n;
  return {
    consumeUserResourcePercent: contract.consume_user_resource_percent,
    originEnergyAvailable: available,
    originEnergyLimit: BigInt(contract.origin_energy_limit),
  };
}

export function costView(input: {
  transaction: TransactionJson;
  expectedSignatures: number;
  owner: OwnerState;
  recipientExists: boolean | null;
  energy: bigint | undefined;
  contractShare: ContractEnergyShare | undefined;
  parameters: ChainParameters;
}): CostView {
  const cost = transactionCost({
    transaction: input.transaction,
    expectedSignatures: input.expectedSignatures,
    account: input.owner.resources,
    ...(input.recipientExists !== null ? { recipientExists: input.recipientExists } : {}),
    ...(input.energy !== undefined ? { energy: input.energy } : {}),
    ...(input.contractShare ? { contractShare: input.contractShare } : {}),
    parameters: input.parameters,
  });
  return {
    expectedSignatures: cost.expectedSignatures,
    recipientExists: input.recipientExists,
    bandwidth: { ...cost.bandwidth },
    energy: cost.energy ? { ...cost.energy } : null,
    fees: cost.fees.map((f) => ({ kind: f.kind, label: f.label, sun: f.sun })),
    feeLimitSun: cost.feeLimitSun ?? null,
    burnedSun: cost.burnedSun,
    valueSun: cost.valueSun,
    totalDebitSun: cost.totalDebitSun,
    notes: cost.notes.map((n) => ({ code: n.code, message: n.message })),
  };
}
