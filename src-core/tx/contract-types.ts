/**
 * System contract type ids (`Transaction.Contract.ContractType` in
 * java-tron's Tron.proto). The id is the enum value in Transaction.Contract.type and the bit in a permission's
 * operations mask.
 */
export const CONTRACT_TYPE_IDS = {
  AccountCreateContract: 0,
  TransferContract: 1,
  TransferAssetContract: 2,
  VoteAssetContract: 3,
  VoteWitnessContract: 4,
  WitnessCreateContract: 5,
  AssetIssueContract: 6,
  WitnessUpdateContract: 8,
  ParticipateAssetIssueContract: 9,
  AccountUpdateContract: 10,
  FreezeBalanceContract: 11,
  UnfreezeBalanceContract: 12,
  WithdrawBalanceContract: 13,
  UnfreezeAssetContract: 14,
  UpdateAssetContract: 15,
  ProposalCreateContract: 16,
  ProposalApproveContract: 17,
  ProposalDeleteContract: 18,
  SetAccountIdContract: 19,
  CustomContract: 20,
  CreateSmartContract: 30,
  TriggerSmartContract: 31,
  GetContract: 32,
  UpdateSettingContract: 33,
  ExchangeCreateContract: 41,
  ExchangeInjectContract: 42,
  ExchangeWithdrawContract: 43,
  ExchangeTransactionContract: 44,
  UpdateEnergyLimitContract: 45,
  AccountPermissionUpdateContract: 46,
  ClearABIContract: 48,
  UpdateBrokerageContract: 49,
  ShieldedTransferContract: 51,
  MarketSellAssetContract: 52,
  MarketCancelOrderContract: 53,
  FreezeBalanceV2Contract: 54,
  UnfreezeBalanceV2Contract: 55,
  WithdrawExpireUnfreezeContract: 56,
  DelegateResourceContract: 57,
  UnDelegateResourceContract: 58,
  CancelAllUnfreezeV2Contract: 59,
} as const;

export type ContractTypeName = keyof typeof CONTRACT_TYPE_IDS;
export type ContractTypeId = (typeof CONTRACT_TYPE_IDS)[ContractTypeName];

const NAMES_BY_ID = new Map<number, ContractTypeName>(
  Object.entries(CONTRACT_TYPE_IDS).map(([name, id]) => [id, name as ContractTypeName]),
);

export function isContractTypeName(name: unknown): name is ContractTypeName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CONTRACT_TYPE_IDS, name);
}

export function contractTypeName(id: number): ContractTypeName | undefined {
  return NAMES_BY_ID.get(id);
}

export const TYPE_URL_PREFIX = 'type.googleapis.com/protocol.';

export function typeUrlOf(type: ContractTypeName): string {
  return TYPE_URL_PREFIX + type;
}

// Types listed in the enum for which no parameter message exists (or is not modelled here:
// shielded and market contracts are outside what the wallet builds or the node executes).
const WITHOUT_MESSAGE = new Set<ContractTypeName>([
  'VoteAssetContract',
  'CustomContract',
  'GetContract',
  'ShieldedTransferContract',
  'MarketSellAssetContract',
  'MarketCancelOrderContract',
]);

/** Full protobuf message name of a contract's parameter, e.g. `protocol.TransferContract`. */
export function parameterMessageOf(type: ContractTypeName): string | undefined {
  return WITHOUT_MESSAGE.has(type) ? undefined : `protocol.${type}`;
}
