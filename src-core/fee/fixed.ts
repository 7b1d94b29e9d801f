import type { ContractTypeName } from '../tx/contract-types';
import { chainParameters, type FeeParameters } from './parameters';

/**
 * Flat fees (java-tron's DynamicPropertiesStore fees: account creation, permission update, multi-signature, memo):
 * charged by the contract itself (`ret.fee`) or on top of it, always from the chain parameters so proposals that change
 * them are honoured.
 */
export function fixedFeeOf(type: ContractTypeName, parameters?: FeeParameters): bigint {
  const p = chainParameters(parameters);
  switch (type) {
    case 'WitnessCreateContract':
      return p.getAccountUpgradeCost;
    case 'AssetIssueContract':
      return p.getAssetIssueFee;
    case 'AccountCreateContract':
      return p.getCreateNewAccountFeeInSystemContract;
    case 'AccountPermissionUpdateContract':
      return p.getUpdateAccountPermissionFee;
    case 'ExchangeCreateContract':
      return p.getExchangeCreateFee;
    default:
      return 0n;
  }
}

/** Sending TRX or a TRC10 token to an address that does not exist yet activates it. */
export function activationFee(parameters?: FeeParameters): bigint {
  return chainParameters(parameters).getCreateNewAccountFeeInSystemContract;
}

/** Burned when raw_data.data (the memo) is not empty. */
export function memoFee(memoHex: string | undefined, parameters?: FeeParameters): bigint {
  return memoHex !== undefined && memoHex.length > 0 ? chainParameters(parameters).getMemoFee : 0n;
}

/** Burned when the transaction carries more than one signature. */
export function multiSignFee(signatures: number, parameters?: FeeParameters): bigint {
  return signatures > 1 ? chainParameters(parameters).getMultiSignFee : 0n;
}
