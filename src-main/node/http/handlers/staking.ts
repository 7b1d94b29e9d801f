import { jsonToMessage, messageToJson } from '../../../../src-core/proto/json-codec';
import { bigintToLong, longToBigint } from '../../../../src-core/proto/runtime';
import { bytesToHex, hexToBytes } from '../../../../src-core/bytes/hex';
import { decodeBase58Check } from '../../../../src-core/bytes/base58';
import type { ContractTypeName } from '../../../../src-core/tx/contract-types';
import type { StateReader } from '../../state/view';
import { StateView } from '../../state/view';
import { delegatedResources, delegationIndex } from '../../staking/delegation';
import type { DelegatedResourceRecord } from '../../staking/delegation';
import { availableUnfreezeCount, canDelegatedMaxSize, canWithdrawUnfreezeAmount } from '../../staking/queries';
import { brokerageOf, queryReward } from '../../staking/rewards';
import type { AssetRecord } from '../../trc10/assets';
import { allAssets, assetToMessage, getAsset, tokenIdText } from '../../trc10/assets';
import { increaseFixed } from '../../resources/account-usage';
import { JavaError } from '../errors';
import type { ApiRequest } from '../request';
import { params } from '../request';
import type { Route } from '../server';
import { RawReply } from '../server';
import type { NodeServices } from '../services';
import { buildUnsigned } from './transactions';

/**
 * Stake 2.0, votes, rewards, representatives and TRC-10 endpoints (java-tron-http.md §4): the
 * builders (java-tron's GET behaviour: empty 200 or 405) and the reads, each on /wallet and,
 * where java-tron serves it, /walletsolidity (state of the solidified block).
 */
type Json = Record<string, unknown>;
const CODEC = { hexMode: 'java-tron' as const };

/** [path, contract, extra_data allowed, GET prints nothing (else 405)]. */
const BUILDERS: readonly [string, ContractTypeName, boolean, boolean][] = [
  ['freezebalancev2', 'FreezeBalanceV2Contract', false, false],
  ['unfreezebalancev2', 'UnfreezeBalanceV2Contract', false, true],
  ['withdrawexpireunfreeze', 'WithdrawExpireUnfreezeContract', false, true],
  ['cancelallunfreezev2', 'CancelAllUnfreezeV2Contract', false, false],
  ['delegateresource', 'DelegateResourceContract', false, false],
  ['undelegateresource', 'UnDelegateResourceContract', false, true],
  ['votewitnessaccount', 'VoteWitnessContract', false, true],
  ['withdrawbalance', 'WithdrawBalanceContract', false, true],
  ['createwitness', 'WitnessCreateContract', false, true],
  ['updatewitness', 'WitnessUpdateContract', false, true],
  ['updatebrokerage', 'UpdateBrokerageContract', false, false],
  ['updateaccount', 'AccountUpdateContract', false, true],
  ['createassetissue', 'AssetIssueContract', false, true],
  ['transferasset', 'TransferAssetContract', true, true],
  ['participateassetissue', 'ParticipateAssetIssueContract', false, true],
];

/** An address parameter in the request's form (hex, or Base58Check with visible); undefined when absent. */
function addressOf(req: ApiRequest, field: string): string | undefined {
  const value = params(req)[field];
  if (value === undefined || value === null || value === '') return undefined;
  const message = jsonToMessage('protocol.Account', { address: value }, { ...CODEC, visible: req.visible() });
  const bytes = message.address as Uint8Array | undefined;
  return bytes && bytes.length > 0 ? bytesToHex(bytes) : undefined;
}

function numberOf(req: ApiRequest, field: string): bigint {
  const value = params(req)[field];
  if (value === undefined || value === null || value === '') return 0n;
  return longToBigint(jsonToMessage('protocol.NumberMessage', { num: value }, CODEC).num as never);
}

/** The state a read sees: pending state on /wallet, the solidified block on /walletsolidity. */
function stateFor(s: NodeServices, solid: boolean): StateView {
  return solid ? new StateView(s.chain.solidReader(), s.chain.props) : s.pool.view;
}

function delegatedResourceJson(r: DelegatedResourceRecord, visible: boolean): Json {
  const m: Json = { from: r.from, to: r.to };
  if (r.bandwidth) m.frozen_balance_for_bandwidth = bigintToLong(r.bandwidth);
  if (r.energy) m.frozen_balance_for_energy = bigintToLong(r.energy);
  if (r.expireBandwidth) m.expire_time_for_bandwidth = bigintToLong(BigInt(r.expireBandwidth));
  if (r.expireEnergy) m.expire_time_for_energy = bigintToLong(BigInt(r.expireEnergy));
  return messageToJson('protocol.DelegatedResource', m, { visible });
}

/** Wallet's updateUsage on a token: its public free bandwidth decayed to the head slot. */
function assetJson(s: NodeServices, asset: AssetRecord, visible: boolean): Json {
  const decayed = {
    ...asset,
    publicFreeAssetNetUsage: increaseFixed(
      asset.publicFreeAssetNetUsage,
      0n,
      asset.publicLatestFreeNetTime,
      s.chain.headSlot,
    ),
  };
  return messageToJson('protocol.AssetIssueContract', assetToMessage(decayed), { visible });
}

function assetListJson(s: NodeServices, assets: readonly AssetRecord[], visible: boolean): Json {
  return assets.length ? { assetIssue: assets.map((a) => assetJson(s, a, visible)) } : {};
}

/** Util.getAddress (getReward, getBrokerage): `41…` hex, else Base58Check, whatever `visible` says. */
function rewardAddress(req: ApiRequest): string | undefined | Error {
  const value = params(req).address;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    if (value.startsWith('41')) return bytesToHex(hexToBytes(value));
    return bytesToHex(decodeBase58Check(value));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

// --- reads -----------------------------------------------------------------------------------------

const getDelegatedResourceV2 =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const from = addressOf(req, 'fromAddress') ?? '';
    const to = addressOf(req, 'toAddress') ?? '';
    const list = delegatedResources(stateFor(s, solid), from, to);
    return list.length ? { delegatedResource: list.map((r) => delegatedResourceJson(r, req.visible())) } : {};
  };

const getDelegatedResourceAccountIndexV2 =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const hex = addressOf(req, 'value');
    if (!hex || hex.length !== 42) return {};
    const index = delegationIndex(stateFor(s, solid), hex);
    const m: Json = { account: hexToBytes(hex) };
    if (index.fromAccounts.length) m.fromAccounts = index.fromAccounts;
    if (index.toAccounts.length) m.toAccounts = index.toAccounts;
    return messageToJson('protocol.DelegatedResourceAccountIndex', m, { visible: req.visible() });
  };

const getCanDelegatedMaxSize =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const hex = addressOf(req, 'owner_address') ?? '';
    const size = canDelegatedMaxSize(stateFor(s, solid), hex, Number(numberOf(req, 'type')));
    return size ? { max_size: size } : {};
  };

const getAvailableUnfreezeCount =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const hex = addressOf(req, 'owner_address') ?? addressOf(req, 'ownerAddress') ?? '';
    const count = availableUnfreezeCount(stateFor(s, solid), hex);
    return count ? { count } : {};
  };

const getCanWithdrawUnfreezeAmount =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const hex = addressOf(req, 'owner_address') ?? '';
    const amount = canWithdrawUnfreezeAmount(stateFor(s, solid), hex, Number(numberOf(req, 'timestamp')));
    return amount ? { amount } : {};
  };

const getReward =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): RawReply => {
    const hex = rewardAddress(req);
    if (hex instanceof Error) return new RawReply(`{"Error": "INVALID address, ${hex.message}"}\n`);
    const reader: StateReader = solid ? s.chain.solidReader() : s.pool.view;
    const value = hex ? queryReward(reader, s.chain.props.maintenanceCycle, s.chain.props.parameters, hex) : 0n;
    return new RawReply(`{"reward": ${value}}\n`);
  };

const getBrokerage =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): RawReply => {
    const hex = rewardAddress(req);
    if (hex instanceof Error) return new RawReply(`{"Error": "INVALID address, ${hex.message}"}\n`);
    const reader: StateReader = solid ? s.chain.solidReader() : s.pool.view;
    const value = hex ? brokerageOf(reader, s.chain.props.maintenanceCycle, hex) : 0;
    return new RawReply(`{"brokerage": ${value}}\n`);
  };

const getNextMaintenanceTime = (s: NodeServices) => (): Json => ({ num: s.chain.props.nextMaintenanceTime });

const getAssetIssueById =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const value = params(req).value;
    if (value === undefined || value === null || value === '') return {};
    const asset = getAsset(stateFor(s, solid), String(value));
    return asset ? assetJson(s, asset, req.visible()) : {};
  };

const getAssetIssueList =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json =>
    assetListJson(s, allAssets(stateFor(s, solid)), req.visible());

const getPaginatedAssetIssueList =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const offset = Number(numberOf(req, 'offset'));
    const limit = Number(numberOf(req, 'limit'));
    // AssetIssueStore.getAssetIssuesPaginated: offset and limit must be ≥ 0, at most 1000 entries.
    if (offset < 0 || limit < 0) return {};
    const page = allAssets(stateFor(s, solid)).slice(offset, offset + Math.min(limit, 1000));
    return assetListJson(s, page, req.visible());
  };

const getAssetIssueByAccount =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const hex = addressOf(req, 'address');
    if (!hex) return {};
    return assetListJson(
      s,
      allAssets(stateFor(s, solid)).filter((a) => a.ownerHex === hex),
      req.visible(),
    );
  };

/** The name as java-tron reads it: hex, or UTF-8 text with visible. */
function nameOf(req: ApiRequest): string | undefined {
  const value = params(req).value;
  if (typeof value !== 'string' || value === '') return undefined;
  return req.visible()
    ? bytesToHex(new TextEncoder().encode(value))
    : bytesToHex(hexToBytes(value.length % 2 ? `0${value}` : value));
}

/** Wallet.getAssetIssueByName: by name, and by the same bytes read as a token id (TronWeb's getTokenFromID). */
const getAssetIssueByName =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const name = nameOf(req);
    if (name === undefined) return {};
    const state = stateFor(s, solid);
    const matches = allAssets(state).filter((a) => bytesToHex(a.name) === name);
    const unique = (): never => {
      throw new JavaError(
        'org.tron.core.exception.NonUniqueObjectException',
        'To get more than one asset, please use getAssetIssueById syntax',
      );
    };
    if (matches.length > 1) unique();
    const byId = getAsset(state, tokenIdText(hexToBytes(name)));
    if (byId && !matches.some((a) => a.id === byId.id)) matches.push(byId);
    if (matches.length > 1) unique();
    return matches[0] ? assetJson(s, matches[0], req.visible()) : {};
  };

const getAssetIssueListByName =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const name = nameOf(req);
    if (name === undefined) return {};
    return assetListJson(
      s,
      allAssets(stateFor(s, solid)).filter((a) => bytesToHex(a.name) === name),
      req.visible(),
    );
  };

/** The routes this module adds to the java-tron table. */
export function stakingRoutes(s: NodeServices): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const [path, type, extraData, emptyGet] of BUILDERS) {
    routes.set(`/wallet/${path}`, {
      post: (req) => buildUnsigned(s, req, type, extraData),
      get: emptyGet ? 'empty' : undefined,
    });
  }
  const both = (handler: Route['post']): Route => ({ post: handler, get: handler });
  const reads: [string, (solid: boolean) => Route['post'], boolean][] = [
    ['getdelegatedresourcev2', (solid) => getDelegatedResourceV2(s, solid), true],
    ['getdelegatedresourceaccountindexv2', (solid) => getDelegatedResourceAccountIndexV2(s, solid), true],
    ['getcandelegatedmaxsize', (solid) => getCanDelegatedMaxSize(s, solid), true],
    ['getavailableunfreezecount', (solid) => getAvailableUnfreezeCount(s, solid), true],
    ['getcanwithdrawunfreezeamount', (solid) => getCanWithdrawUnfreezeAmount(s, solid), true],
    ['getReward', (solid) => getReward(s, solid), true],
    ['getBrokerage', (solid) => getBrokerage(s, solid), true],
    ['getassetissuebyid', (solid) => getAssetIssueById(s, solid), true],
    ['getassetissuelist', (solid) => getAssetIssueList(s, solid), true],
    ['getpaginatedassetissuelist', (solid) => getPaginatedAssetIssueList(s, solid), true],
    ['getassetissuebyname', (solid) => getAssetIssueByName(s, solid), true],
    ['getassetissuelistbyname', (solid) => getAssetIssueListByName(s, solid), true],
    ['getassetissuebyaccount', (solid) => getAssetIssueByAccount(s, solid), false],
  ];
  for (const [path, handler, onSolidity] of reads) {
    routes.set(`/wallet/${path}`, both(handler(false)));
    if (onSolidity) routes.set(`/walletsolidity/${path}`, both(handler(true)));
  }
  routes.set('/wallet/getnextmaintenancetime', both(getNextMaintenanceTime(s)));
  return routes;
}
