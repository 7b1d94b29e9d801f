import { FeeError, WalletError } from '../errors';
import { toBigInt } from '../json/lossless';
import { isContractTypeName, type ContractTypeName } from '../tx/contract-types';
import type { TransactionJson } from '../tx/types';
import { bandwidthBytes, bandwidthCharge, type BandwidthAccount, type BandwidthCharge } from './bandwidth';
import { energyCharge, type ContractEnergyShare, type EnergyAccount, type EnergyCharge } from './energy';
import { activationFee, fixedFeeOf, memoFee, multiSignFee } from './fixed';
import type { FeeParameters } from './parameters';

/**
 * What a transaction will cost before anyone signs it: what is burned, what comes out of
 * staked resources, and what value leaves the account. Facts the chain knows (does the
 * recipient exist, how much energy will the call use) are inputs.
 */
export type FeeKind = 'contract' | 'activation' | 'memo' | 'multi-signature';

export interface FeeLine {
  readonly kind: FeeKind;
  readonly sun: bigint;
  readonly label: string;
}

export type CostNoteCode =
  'COST_ENERGY_UNKNOWN' | 'COST_ENERGY_EXCEEDS_FEE_LIMIT' | 'COST_NO_FEE_LIMIT' | 'COST_RECIPIENT_ASSUMED_ACTIVE';

export interface CostNote {
  readonly code: CostNoteCode;
  readonly message: string;
}

export interface CostBreakdown {
  readonly contractType: ContractTypeName;
  readonly expectedSignatures: number;
  readonly bandwidth: BandwidthCharge;
  /** Absent for system contracts, and for calls without an energy estimate. */
  readonly energy: EnergyCharge | undefined;
  /** fee_limit: the most a call or deploy can burn on energy. */
  readonly feeLimitSun: bigint | undefined;
  readonly fees: readonly FeeLine[];
  /** All TRX burned: bandwidth, energy and every fee line. */
  readonly burnedSun: bigint;
  readonly fromStake: { readonly bandwidth: bigint; readonly energy: bigint };
  /** TRX the contract itself moves out (transfer amount, call_value, token purchase). */
  readonly valueSun: bigint;
  /** burnedSun + valueSun: how much the balance drops. */
  readonly totalDebitSun: bigint;
  readonly notes: readonly CostNote[];
}

export interface CostInput {
  readonly transaction: TransactionJson;
  /** Signatures it will carry at broadcast (default: those present, at least one). */
  readonly expectedSignatures?: number;
  readonly account?: BandwidthAccount & EnergyAccount;
  /** For TRX/TRC10 transfers: does the recipient already exist? Unknown counts as yes, with a note. */
  readonly recipientExists?: boolean;
  /** Energy a call or deploy will use (estimateenergy's energy_required, or a simulation). */
  readonly energy?: bigint;
  readonly contractShare?: ContractEnergyShare;
  readonly parameters?: FeeParameters;
}

function int(value: unknown, what: string): bigint {
  if (value === undefined || value === null) return 0n;
  try {
    return toBigInt(value, what);
  } catch {
    throw new FeeError('FEE_BAD_TRANSACTION', `The transaction's ${what} is not a whole number.`, { what });
  }
}

export function transactionCost(input: CostInput): CostBreakdown {
  const tx = input.transaction;
  const contract = tx.raw_data?.contract?.[0];
  if (!contract || !isContractTypeName(contract.type)) {
    throw new FeeError('FEE_BAD_TRANSACTION', 'The transaction has no contract of a known type to cost.');
  }
  const type = contract.type;
  const value = (contract.parameter?.value ?? {}) as Record<string, unknown>;
  const expectedSignatures = input.expectedSignatures ?? Math.max(tx.signature?.length ?? 0, 1);
  const notes: CostNote[] = [];
  const fees: FeeLine[] = [];

  const transfersToAccount = type === 'TransferContract' || type === 'TransferAssetContract';
  const createsAccount = type === 'AccountCreateContract' || (transfersToAccount && input.recipientExists === false);
  if (transfersToAccount && input.recipientExists === undefined) {
    notes.push({
      code: 'COST_RECIPIENT_ASSUMED_ACTIVE',
      message: 'The recipient was assumed to exist; sending to a new address costs 1 TRX more to activate it.',
    });
  }

  let bytes: bigint;
  try {
    bytes = bandwidthBytes(tx, { expectedSignatures });
  } catch (error) {
    if (error instanceof FeeError || !(error instanceof WalletError)) throw error;
    throw new FeeError(
      'FEE_BAD_TRANSACTION',
      `The transaction cannot be encoded to measure its size: ${error.message}`,
      { cause: error.code },
    );
  }
  const bandwidth = bandwidthCharge({
    bytes,
    createsAccount,
    ...(input.account ? { account: input.account } : {}),
    ...(input.parameters ? { parameters: input.parameters } : {}),
  });

  const fixed = fixedFeeOf(type, input.parameters);
  if (fixed > 0n) fees.push({ kind: 'contract', sun: fixed, label: `${type} fee` });
  if (transfersToAccount && input.recipientExists === false)
    fees.push({
      kind: 'activation',
      sun: activationFee(input.parameters),
      label: 'Activating the new recipient account',
    });
  const memo = memoFee(tx.raw_data.data, input.parameters);
  if (memo > 0n) fees.push({ kind: 'memo', sun: memo, label: 'Memo fee' });
  const multi = multiSignFee(expectedSignatures, input.parameters);
  if (multi > 0n) fees.push({ kind: 'multi-signature', sun: multi, label: 'Multi-signature fee' });

  const runsCode = type === 'TriggerSmartContract' || type === 'CreateSmartContract';
  const feeLimitSun = runsCode ? int(tx.raw_data.fee_limit, 'fee_limit') : undefined;
  let energy: EnergyCharge | undefined;
  if (runsCode) {
    if (input.energy === undefined) {
      notes.push({
        code: 'COST_ENERGY_UNKNOWN',
        message: `Without an energy estimate the call may burn up to its fee_limit of ${feeLimitSun} sun.`,
      });
    } else {
      energy = energyCharge({
        energy: input.energy,
        ...(input.account ? { account: input.account } : {}),
        ...(input.contractShare ? { contractShare: input.contractShare } : {}),
        ...(input.parameters ? { parameters: input.parameters } : {}),
      });
      if (energy.burnedSun > feeLimitSun!) {
        notes.push({
          code: 'COST_ENERGY_EXCEEDS_FEE_LIMIT',
          message:
            `The energy to burn (${energy.burnedSun} sun) exceeds the fee_limit (${feeLimitSun} sun): the call ` +
            'would run out of energy and fail.',
        });
      }
    }
    if (feeLimitSun === 0n)
      notes.push({
        code: 'COST_NO_FEE_LIMIT',
        message: 'fee_limit is 0, so no TRX may be burned for energy: only staked energy can pay for this call.',
      });
  }

  let valueSun = 0n;
  if (type === 'TransferContract' || type === 'ParticipateAssetIssueContract') valueSun = int(value.amount, 'amount');
  else if (type === 'TriggerSmartContract') valueSun = int(value.call_value, 'call_value');
  else if (type === 'CreateSmartContract')
    valueSun = int((value.new_contract as Record<string, unknown> | undefined)?.call_value, 'call_value');

  const burnedSun = bandwidth.burnedSun + (energy?.burnedSun ?? 0n) + fees.reduce((sum, f) => sum + f.sun, 0n);
  return {
    contractType: type,
    expectedSignatures,
    bandwidth,
    energy,
    feeLimitSun,
    fees,
    burnedSun,
    fromStake: { bandwidth: bandwidth.stakedBytes, energy: energy?.fromStake ?? 0n },
    valueSun,
    totalDebitSun: burnedSun + valueSun,
    notes,
  };
}
