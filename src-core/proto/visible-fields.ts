/**
 * Which bytes fields change form when a request or response has `visible: true`
 * (java-tron JsonFormat with HttpSelfFormatFieldName). Everything else stays hex.
 * Keys are `Message.field` with the message's short name, or a bare field name for fields that
 * are addresses in every message that has them.
 */
const ADDRESS_FIELDS_ANYWHERE = new Set([
  'owner_address',
  'to_address',
  'receiver_address',
  'contract_address',
  'account_address',
  'origin_address',
  'caller_address',
  'transferTo_address',
  'witness_address',
  'vote_address',
  'approved_list',
  'fromAccounts',
  'toAccounts',
  'proposer_address',
  'creator_address',
]);

const ADDRESS_FIELDS_IN_MESSAGE = new Set([
  'Account.address',
  'Key.address',
  'Witness.address',
  'Log.address',
  'DelegatedResource.from',
  'DelegatedResource.to',
  'DelegatedResourceMessage.fromAddress',
  'DelegatedResourceMessage.toAddress',
  'DelegatedResourceAccountIndex.account',
  'AccountId.address',
]);

const NAME_FIELDS = new Set([
  'Return.message',
  'Account.account_name',
  'Account.asset_issued_name',
  'Account.asset_issued_ID',
  'Account.account_id',
  'AccountUpdateContract.account_name',
  'SetAccountIdContract.account_id',
  'TransferAssetContract.asset_name',
  'ParticipateAssetIssueContract.asset_name',
  'WitnessCreateContract.url',
  'WitnessUpdateContract.update_url',
  'Contract.ContractName',
  'TransactionInfo.resMessage',
  'AssetIssueContract.name',
  'AssetIssueContract.abbr',
  'AssetIssueContract.description',
  'AssetIssueContract.url',
  'UpdateAssetContract.description',
  'UpdateAssetContract.url',
]);

export type BytesForm = 'hex' | 'address' | 'text';

/** How a bytes field prints and parses under `visible: true`. */
export function visibleFormOf(messageName: string, fieldName: string): BytesForm {
  const qualified = `${messageName}.${fieldName}`;
  if (ADDRESS_FIELDS_ANYWHERE.has(fieldName) || ADDRESS_FIELDS_IN_MESSAGE.has(qualified)) return 'address';
  if (NAME_FIELDS.has(qualified)) return 'text';
  return 'hex';
}
