import { CONTRACT_TYPE_IDS, contractTypeName, type ContractTypeId, type ContractTypeName } from '../tx/contract-types';
import { CONTRACT_TYPE_GROUPS, OPERATION_GROUPS, type OperationGroupId } from './type-groups';

/**
 * Human names for every contract type the operations mask can allow, and the groups the
 * permission editor shows as checkbox sections. Every type id belongs to exactly one group.
 */
export const OPERATION_LABELS: Readonly<Record<ContractTypeName, string>> = {
  AccountCreateContract: 'Activate a new account',
  TransferContract: 'Transfer TRX',
  TransferAssetContract: 'Transfer TRC10 tokens',
  VoteAssetContract: 'Vote for assets (unused)',
  VoteWitnessContract: 'Vote for Super Representatives',
  WitnessCreateContract: 'Apply to become a Super Representative',
  AssetIssueContract: 'Issue a TRC10 token',
  WitnessUpdateContract: 'Update the Super Representative website',
  ParticipateAssetIssueContract: 'Buy a TRC10 token during its issue',
  AccountUpdateContract: 'Set the account name',
  FreezeBalanceContract: 'Stake TRX (Stake 1.0, legacy)',
  UnfreezeBalanceContract: 'Unstake TRX (Stake 1.0, legacy)',
  WithdrawBalanceContract: 'Claim voting rewards',
  UnfreezeAssetContract: 'Unfreeze issued TRC10 tokens',
  UpdateAssetContract: 'Update TRC10 token details',
  ProposalCreateContract: 'Create a committee proposal',
  ProposalApproveContract: 'Approve a committee proposal',
  ProposalDeleteContract: 'Withdraw a committee proposal',
  SetAccountIdContract: 'Set the account ID',
  CustomContract: 'Custom contract (no described use)',
  CreateSmartContract: 'Deploy a smart contract',
  TriggerSmartContract: 'Call smart contracts (including TRC20 transfers)',
  GetContract: 'Get contract (no described use)',
  UpdateSettingContract: "Change a contract's caller energy share",
  ExchangeCreateContract: 'Create an exchange pair',
  ExchangeInjectContract: 'Add funds to an exchange pair',
  ExchangeWithdrawContract: 'Withdraw funds from an exchange pair',
  ExchangeTransactionContract: 'Trade on an exchange pair',
  UpdateEnergyLimitContract: "Change a contract's owner energy limit",
  AccountPermissionUpdateContract: 'Change account permissions',
  ClearABIContract: "Clear a contract's ABI",
  UpdateBrokerageContract: 'Set the Super Representative brokerage',
  ShieldedTransferContract: 'Shielded transfer',
  MarketSellAssetContract: 'Place a market sell order (no described use)',
  MarketCancelOrderContract: 'Cancel a market order (no described use)',
  FreezeBalanceV2Contract: 'Stake TRX (Stake 2.0)',
  UnfreezeBalanceV2Contract: 'Unstake TRX (Stake 2.0)',
  WithdrawExpireUnfreezeContract: 'Withdraw unstaked TRX',
  DelegateResourceContract: 'Delegate bandwidth or energy',
  UnDelegateResourceContract: 'Reclaim delegated bandwidth or energy',
  CancelAllUnfreezeV2Contract: 'Cancel all pending unstakes',
};

/** The editor's checkbox sections (see type-groups.ts, which also gives the capabilities). */
export { OPERATION_GROUPS, type OperationGroupId } from './type-groups';

const GROUP_OF = new Map<ContractTypeName, OperationGroupId>(CONTRACT_TYPE_GROUPS.map((r) => [r.type, r.section]));

/** Why some operations deserve a second look before granting them to an active group. */
export const OPERATION_RISKS: Partial<Record<ContractTypeName, string>> = {
  AccountPermissionUpdateContract: 'lets the group rewrite every permission, including the owner',
  TriggerSmartContract: 'lets the group call any contract, which moves TRC20 tokens and grants token allowances',
  TransferContract: 'lets the group send the TRX balance anywhere',
  TransferAssetContract: 'lets the group send TRC10 tokens anywhere',
  DelegateResourceContract: 'lets the group lend the staked resources to any account',
};

export interface OperationInfo {
  readonly id: number;
  /** Undefined for a bit that is not a contract type. */
  readonly type: ContractTypeName | undefined;
  readonly label: string;
  readonly group: OperationGroupId | undefined;
  readonly risk: string | undefined;
}

export function describeOperation(id: number): OperationInfo {
  const type = contractTypeName(id);
  if (type === undefined)
    return {
      id,
      type,
      label: `Unknown operation bit ${id}`,
      group: undefined,
      risk: 'is not a contract type; java-tron refuses the whole permission update',
    };
  return { id, type, label: OPERATION_LABELS[type], group: GROUP_OF.get(type), risk: OPERATION_RISKS[type] };
}

export function operationLabel(type: ContractTypeName | number): string {
  return describeOperation(typeof type === 'number' ? type : CONTRACT_TYPE_IDS[type]).label;
}

export function operationGroupOf(type: ContractTypeName): OperationGroupId | undefined {
  return GROUP_OF.get(type);
}

export function groupTypeIds(group: OperationGroupId): ContractTypeId[] {
  return OPERATION_GROUPS[group].types.map((type) => CONTRACT_TYPE_IDS[type]);
}
