import { jsonToMessage, messageToJson } from '../../../../src-core/proto/json-codec';
import { bigintToLong, longToBigint } from '../../../../src-core/proto/runtime';
import { bytesToHex, hexToBytes } from '../../../../src-core/bytes/hex';
import { decodeBase58Check } from '../../../../src-core/bytes/base58';
import type { StateReader } from '../../state/view';
import { StateView } from '../../state/view';
import { delegatedResources, delegationIndex } from '../../staking/delegation';
import type { DelegatedResourceRecord } from '../../staking/delegation';
import { availableUnfreezeCount, canDelegatedMaxSize, canWithdrawUnfreezeAmount } from '../../staking/queries';
import { brokerageOf, queryReward } from '../../staking/rewards';
import type { AssetRecord } from '../../trc10/assets';
import { allAssets, assetToMessage, getAsset, tokenIdText } from '../../trc10/assets';
import { increaseFixed } from '../../resources/account-usage';
import type { ApiRequest } from '../request';
import { addressValueParam, params, requestMessage } from '../request';
import { RawReply } from '../server';
import type { NodeServices } from '../services';
import { JavaError } from '../../errors';

/**
 * Stake 2.0, votes, rewards, representatives and TRC-10 reads (java-tron's Get…Servlet classes,
 * e.g. GetDelegatedResourceV2Servlet). Each takes
 * `solid`: the /walletsolidity form reads the state of the solidified block. Their builders are
 * plain `buildUnsigned` rows of the endpoint table (../routes.ts).
 */
type Json = Record<string, unknown>;
const CODEC = { hexMode: 'java-tron' as const };

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

/**
 * A POST body merged into the servlet's request message (JsonFormat.merge: an int64 as a string,
 * in exponent form or past the long range is a ParseException); undefined for a GET, whose doGet
 * reads the query parameters one by one.
 */
function postedMessage(req: ApiRequest, messageName: string): Record<string, unknown> | undefined {
  return req.method === 'POST' ? requestMessage(req, messageName) : undefined;
}

function postedAddress(message: Record<string, unknown>, field = 'owner_address'): string {
  const bytes = message[field];
  return bytes instanceof Uint8Array ? bytesToHex(bytes) : '';
}

/** The state a read sees: pending state on /wallet, the solidified block on /walletsolidity. */
export function stateFor(s: NodeServices, solid: boolean): StateView {
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
      s.chain.clock.headSlot,
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

export const getDelegatedResourceV2 =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const posted = postedMessage(req, 'protocol.DelegatedResourceMessage');
    const from = posted ? postedAddress(posted, 'fromAddress') : (addressOf(req, 'fromAddress') ?? '');
    const to = posted ? postedAddress(posted, 'toAddress') : (addressOf(req, 'toAddress') ?? '');
    const list = delegatedResources(stateFor(s, solid), from, to);
    return list.length ? { delegatedResource: list.map((r) => delegatedResourceJson(r, req.visible())) } : {};
  };

/**
 * GetDelegatedResourceServlet / GetDelegatedResourceAccountIndexServlet: Stake 1.0's records. This
 * node refuses FreezeBalance (Stake 1.0), so there are none: the request is read as java-tron reads
 * it (a malformed one gets the same error) and the reply is the empty message, `{}`.
 */
export const getDelegatedResource =
  () =>
  (req: ApiRequest): Json => {
    if (!postedMessage(req, 'protocol.DelegatedResourceMessage')) {
      addressOf(req, 'fromAddress');
      addressOf(req, 'toAddress');
    }
    return {};
  };

export const getDelegatedResourceAccountIndex =
  () =>
  (req: ApiRequest): Json => {
    addressValueParam(req);
    return {};
  };

export const getDelegatedResourceAccountIndexV2 =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const value = addressValueParam(req);
    const hex = value ? bytesToHex(value) : undefined;
    if (!hex || hex.length !== 42) return {};
    const index = delegationIndex(stateFor(s, solid), hex);
    const m: Json = { account: hexToBytes(hex) };
    if (index.fromAccounts.length) m.fromAccounts = index.fromAccounts;
    if (index.toAccounts.length) m.toAccounts = index.toAccounts;
    return messageToJson('protocol.DelegatedResourceAccountIndex', m, { visible: req.visible() });
  };

export const getCanDelegatedMaxSize =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const posted = postedMessage(req, 'protocol.CanDelegatedMaxSizeRequestMessage');
    const hex = posted ? postedAddress(posted) : (addressOf(req, 'owner_address') ?? '');
    const type = posted ? Number(posted.type ?? 0) : Number(numberOf(req, 'type'));
    const size = canDelegatedMaxSize(stateFor(s, solid), hex, type);
    return size ? { max_size: size } : {};
  };

export const getAvailableUnfreezeCount =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const posted = postedMessage(req, 'protocol.GetAvailableUnfreezeCountRequestMessage');
    const hex = posted
      ? postedAddress(posted)
      : (addressOf(req, 'ownerAddress') ?? addressOf(req, 'owner_address') ?? '');
    const count = availableUnfreezeCount(stateFor(s, solid), hex);
    return count ? { count } : {};
  };

export const getCanWithdrawUnfreezeAmount =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const posted = postedMessage(req, 'protocol.CanWithdrawUnfreezeAmountRequestMessage');
    const hex = posted ? postedAddress(posted) : (addressOf(req, 'owner_address') ?? '');
    const timestamp = posted ? longToBigint((posted.timestamp ?? 0) as never) : numberOf(req, 'timestamp');
    const amount = canWithdrawUnfreezeAmount(stateFor(s, solid), hex, Number(timestamp));
    return amount ? { amount } : {};
  };

export const getReward =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): RawReply => {
    const hex = rewardAddress(req);
    if (hex instanceof Error) return new RawReply(`{"Error": "INVALID address, ${hex.message}"}\n`);
    const reader: StateReader = solid ? s.chain.solidReader() : s.pool.view;
    const value = hex ? queryReward(reader, s.chain.props.maintenanceCycle, s.chain.props.parameters, hex) : 0n;
    return new RawReply(`{"reward": ${value}}\n`);
  };

export const getBrokerage =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): RawReply => {
    const hex = rewardAddress(req);
    if (hex instanceof Error) return new RawReply(`{"Error": "INVALID address, ${hex.message}"}\n`);
    const reader: StateReader = solid ? s.chain.solidReader() : s.pool.view;
    const value = hex ? brokerageOf(reader, s.chain.props.maintenanceCycle, hex) : 0;
    return new RawReply(`{"brokerage": ${value}}\n`);
  };

export const getNextMaintenanceTime = (s: NodeServices) => (): Json => ({ num: s.chain.props.nextMaintenanceTime });

export const getAssetIssueById =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const value = params(req).value;
    if (value === undefined || value === null || value === '') return {};
    const asset = getAsset(stateFor(s, solid), String(value));
    return asset ? assetJson(s, asset, req.visible()) : {};
  };

export const getAssetIssueList =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json =>
    assetListJson(s, allAssets(stateFor(s, solid)), req.visible());

export const getPaginatedAssetIssueList =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const posted = postedMessage(req, 'protocol.PaginatedMessage');
    const offset = Number(posted ? longToBigint((posted.offset ?? 0) as never) : numberOf(req, 'offset'));
    const limit = Number(posted ? longToBigint((posted.limit ?? 0) as never) : numberOf(req, 'limit'));
    // AssetIssueStore.getAssetIssuesPaginated: offset and limit must be ≥ 0, at most 1000 entries.
    if (offset < 0 || limit < 0) return {};
    const page = allAssets(stateFor(s, solid)).slice(offset, offset + Math.min(limit, 1000));
    return assetListJson(s, page, req.visible());
  };

export const getAssetIssueByAccount =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    // GetAssetIssueByAccountServlet merges an Account (JsonFormat.merge).
    const address = requestMessage(req, 'protocol.Account').address;
    const hex = address instanceof Uint8Array && address.length > 0 ? bytesToHex(address) : undefined;
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
export const getAssetIssueByName =
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

export const getAssetIssueListByName =
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
