import {
  addressArg,
  booleanArg,
  integer,
  optionalTextArg,
  optionalUint64,
  resourceArg,
  textArg,
  uint64,
} from './requests';
import type {
  BuilderOptions,
  ClearAbiRequest,
  CreateTransactionRequest,
  CreateWitnessRequest,
  DelegateResourceRequest,
  FreezeBalanceV2Request,
  OwnerRequest,
  ParticipateAssetIssueRequest,
  TransferAssetRequest,
  UnDelegateResourceRequest,
  UnfreezeBalanceV2Request,
  UpdateAccountRequest,
  UpdateEnergyLimitRequest,
  UpdateSettingRequest,
} from './types';

/**
 * The node's transaction-building endpoints whose body is the request's fields, each checked
 * and converted on its own (java-tron's `/wallet/<endpoint>` servlets). The client makes one
 * method per row; endpoints with lists or cross-field rules keep their own method there.
 */
type Arg = (value: unknown, field: string) => unknown;

export interface BuilderEndpoint<R extends BuilderOptions> {
  readonly endpoint: string;
  /** Every field of the request but Permission_id, in the order the node's body lists them. */
  readonly args: { readonly [F in Exclude<keyof R, keyof BuilderOptions>]-?: Arg };
}

const endpoint = <R extends BuilderOptions>(name: string, args: BuilderEndpoint<R>['args']): BuilderEndpoint<R> => ({
  endpoint: name,
  args,
});

const stakedResource: Arg = (value, field) => resourceArg(value, field, false);
const percent: Arg = (value, field) => integer(value, field, 0, 100);
const owner = { owner_address: addressArg };

export const BUILDER_ENDPOINTS = {
  createTransaction: endpoint<CreateTransactionRequest>('createtransaction', {
    ...owner,
    to_address: addressArg,
    amount: uint64,
    extra_data: optionalTextArg,
  }),
  freezeBalanceV2: endpoint<FreezeBalanceV2Request>('freezebalancev2', {
    ...owner,
    frozen_balance: uint64,
    resource: resourceArg,
  }),
  unfreezeBalanceV2: endpoint<UnfreezeBalanceV2Request>('unfreezebalancev2', {
    ...owner,
    unfreeze_balance: uint64,
    resource: resourceArg,
  }),
  delegateResource: endpoint<DelegateResourceRequest>('delegateresource', {
    ...owner,
    receiver_address: addressArg,
    balance: uint64,
    resource: stakedResource,
    lock: booleanArg,
    lock_period: optionalUint64,
  }),
  unDelegateResource: endpoint<UnDelegateResourceRequest>('undelegateresource', {
    ...owner,
    receiver_address: addressArg,
    balance: uint64,
    resource: stakedResource,
  }),
  withdrawExpireUnfreeze: endpoint<OwnerRequest>('withdrawexpireunfreeze', owner),
  cancelAllUnfreezeV2: endpoint<OwnerRequest>('cancelallunfreezev2', owner),
  /** Claims voting rewards (WithdrawBalanceContract). */
  withdrawBalance: endpoint<OwnerRequest>('withdrawbalance', owner),
  createWitness: endpoint<CreateWitnessRequest>('createwitness', { ...owner, url: textArg }),
  updateAccount: endpoint<UpdateAccountRequest>('updateaccount', { ...owner, account_name: textArg }),
  updateSetting: endpoint<UpdateSettingRequest>('updatesetting', {
    ...owner,
    contract_address: addressArg,
    consume_user_resource_percent: percent,
  }),
  updateEnergyLimit: endpoint<UpdateEnergyLimitRequest>('updateenergylimit', {
    ...owner,
    contract_address: addressArg,
    origin_energy_limit: uint64,
  }),
  clearAbi: endpoint<ClearAbiRequest>('clearabi', { ...owner, contract_address: addressArg }),
  transferAsset: endpoint<TransferAssetRequest>('transferasset', {
    ...owner,
    to_address: addressArg,
    asset_name: textArg,
    amount: uint64,
    extra_data: optionalTextArg,
  }),
  participateAssetIssue: endpoint<ParticipateAssetIssueRequest>('participateassetissue', {
    ...owner,
    to_address: addressArg,
    asset_name: textArg,
    amount: uint64,
  }),
};

/** The body's fields: each request field through its check, named as the node names it. */
export function endpointFields<R extends BuilderOptions>(
  spec: BuilderEndpoint<R>,
  request: R,
): Record<string, unknown> {
  const values = request as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const [name, arg] of Object.entries(spec.args) as [string, Arg][]) fields[name] = arg(values[name], name);
  return fields;
}
