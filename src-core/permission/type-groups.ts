import type { ContractTypeName } from '../tx/contract-types';

/**
 * The one grouping of contract types. Each type has a row naming the permission editor's
 * section it sits in (every type in exactly one) and the capability it grants in "who can do
 * what" (security-oriented slices; types nobody uses grant none). The editor's groups
 * (`OPERATION_GROUPS`, labels.ts) and the capabilities (`CAPABILITIES`, coalitions.ts) are views
 * of this table, in its order.
 */
export const SECTION_LABELS = {
  'trx-tokens': 'TRX & tokens',
  'staking-resources': 'Staking & resources',
  'voting-sr': 'Voting & SR',
  'smart-contracts': 'Smart contracts',
  'account-permissions': 'Account & permissions',
  'governance-exchange': 'Governance / exchange',
  legacy: 'Legacy & unused',
} as const;
export type OperationGroupId = keyof typeof SECTION_LABELS;

export const CAPABILITY_LABELS = {
  'move-funds': 'Move TRX and TRC10 tokens',
  'call-contracts': 'Call smart contracts (TRC20 transfers, approvals)',
  'manage-contracts': 'Deploy and manage smart contracts',
  'stake-resources': 'Stake, unstake and delegate resources',
  vote: 'Vote and claim rewards',
  'change-permissions': 'Change permissions',
  'super-representative': 'Super Representative and proposals',
  'issue-tokens': 'Issue and manage TRC10 tokens',
  'account-settings': 'Activate accounts and change account settings',
  exchange: 'Use exchange pairs',
} as const;
export type CapabilityId = keyof typeof CAPABILITY_LABELS;

interface TypeGroupRow {
  readonly type: ContractTypeName;
  readonly section: OperationGroupId;
  readonly capability: CapabilityId | null;
}

const row = (type: ContractTypeName, section: OperationGroupId, capability: CapabilityId | null): TypeGroupRow => ({
  type,
  section,
  capability,
});

export const CONTRACT_TYPE_GROUPS: readonly TypeGroupRow[] = [
  row('TransferContract', 'trx-tokens', 'move-funds'),
  row('TransferAssetContract', 'trx-tokens', 'move-funds'),
  row('ParticipateAssetIssueContract', 'trx-tokens', 'move-funds'),
  row('AssetIssueContract', 'trx-tokens', 'issue-tokens'),
  row('UpdateAssetContract', 'trx-tokens', 'issue-tokens'),
  row('UnfreezeAssetContract', 'trx-tokens', 'issue-tokens'),
  row('FreezeBalanceV2Contract', 'staking-resources', 'stake-resources'),
  row('UnfreezeBalanceV2Contract', 'staking-resources', 'stake-resources'),
  row('WithdrawExpireUnfreezeContract', 'staking-resources', 'stake-resources'),
  row('DelegateResourceContract', 'staking-resources', 'stake-resources'),
  row('UnDelegateResourceContract', 'staking-resources', 'stake-resources'),
  row('CancelAllUnfreezeV2Contract', 'staking-resources', 'stake-resources'),
  row('VoteWitnessContract', 'voting-sr', 'vote'),
  row('WithdrawBalanceContract', 'voting-sr', 'vote'),
  row('WitnessCreateContract', 'voting-sr', 'super-representative'),
  row('WitnessUpdateContract', 'voting-sr', 'super-representative'),
  row('UpdateBrokerageContract', 'voting-sr', 'super-representative'),
  row('TriggerSmartContract', 'smart-contracts', 'call-contracts'),
  row('CreateSmartContract', 'smart-contracts', 'manage-contracts'),
  row('UpdateSettingContract', 'smart-contracts', 'manage-contracts'),
  row('UpdateEnergyLimitContract', 'smart-contracts', 'manage-contracts'),
  row('ClearABIContract', 'smart-contracts', 'manage-contracts'),
  row('AccountCreateContract', 'account-permissions', 'account-settings'),
  row('AccountUpdateContract', 'account-permissions', 'account-settings'),
  row('SetAccountIdContract', 'account-permissions', 'account-settings'),
  row('AccountPermissionUpdateContract', 'account-permissions', 'change-permissions'),
  row('ProposalCreateContract', 'governance-exchange', 'super-representative'),
  row('ProposalApproveContract', 'governance-exchange', 'super-representative'),
  row('ProposalDeleteContract', 'governance-exchange', 'super-representative'),
  row('ExchangeCreateContract', 'governance-exchange', 'exchange'),
  row('ExchangeInjectContract', 'governance-exchange', 'exchange'),
  row('ExchangeWithdrawContract', 'governance-exchange', 'exchange'),
  row('ExchangeTransactionContract', 'governance-exchange', 'exchange'),
  // Stake 1.0 types still grant staking: an account may hold old stake to unfreeze.
  row('FreezeBalanceContract', 'legacy', 'stake-resources'),
  row('UnfreezeBalanceContract', 'legacy', 'stake-resources'),
  row('VoteAssetContract', 'legacy', null),
  row('CustomContract', 'legacy', null),
  row('GetContract', 'legacy', null),
  row('ShieldedTransferContract', 'legacy', null),
  row('MarketSellAssetContract', 'legacy', null),
  row('MarketCancelOrderContract', 'legacy', null),
];

export interface TypeGroup {
  readonly label: string;
  readonly types: readonly ContractTypeName[];
}

function view<K extends string>(
  labels: Readonly<Record<K, string>>,
  keyOf: (row: TypeGroupRow) => K | null,
): { readonly [G in K]: TypeGroup } {
  const entries = (Object.keys(labels) as K[]).map((key) => [
    key,
    { label: labels[key], types: CONTRACT_TYPE_GROUPS.filter((r) => keyOf(r) === key).map((r) => r.type) },
  ]);
  return Object.fromEntries(entries) as { readonly [G in K]: TypeGroup };
}

/** The permission editor's checkbox sections: every type in exactly one. */
export const OPERATION_GROUPS = view(SECTION_LABELS, (r) => r.section);
/** "Who can do what": the capabilities, overlapping nothing. */
export const CAPABILITIES = view(CAPABILITY_LABELS, (r) => r.capability);
