import { jsonToMessage, messageToJson } from '../../../../src-core/proto/json-codec';
import { longToBigint } from '../../../../src-core/proto/runtime';
import type { StateReader } from '../../state/view';
import type { WitnessRecord } from '../../state/witness';
import { witnessToMessage } from '../../state/witness';
import {
  getProposal,
  latestProposalNum,
  proposalsById,
  proposalToMessage,
} from '../../governance/governance-proposals';
import type { ProposalRecord } from '../../governance/governance-proposals';
import { exchangesById, exchangeToMessage, getExchange, latestExchangeNum } from '../../exchanges/store';
import type { ExchangeRecord } from '../../exchanges/store';
import { accountIdOwner } from '../../governance/account-id';
import { pendingVoteDelta } from '../../staking/votes';
import { sortedWitnesses } from '../../staking/rewards';
import { accountJson } from '../format';
import type { ApiRequest } from '../request';
import { params } from '../request';
import type { NodeServices } from '../services';
import { nullPointer } from '../../java-json/error-body';
import { longQueryParam } from '../../java-json/java-numbers';
import { stateFor } from './staking';
import { JavaError } from '../../errors';

/**
 * Proposal, exchange, account-id, node and representative-list reads (java-tron's
 * GetProposalByIdServlet, ListProposalsServlet, GetPaginatedProposalListServlet,
 * GetExchangeByIdServlet, ListExchangesServlet, GetPaginatedExchangeListServlet,
 * GetAccountByIdServlet, ListNodesServlet, GetPaginatedNowWitnessListServlet). Their builders are
 * plain `buildUnsigned` rows of the endpoint table (../routes.ts).
 */
type Json = Record<string, unknown>;

/** Parameter.DatabaseConstants PROPOSAL_COUNT_LIMIT_MAX, EXCHANGE_COUNT_LIMIT_MAX, WITNESS_LIST_LIMIT_MAX. */
const PAGE_LIMIT_MAX = 1000;

/** The `id` a by-id read names: GET `?id=` (Long.parseLong), POST Util.getJsonLongValue(…, "id", true). */
function idOf(req: ApiRequest): bigint {
  if (req.method === 'GET') return longQueryParam(req.query.get('id'));
  const value = req.body().id;
  if (value === undefined || value === null)
    throw new JavaError('java.security.InvalidParameterException', 'key [id] does not exist');
  return longToBigint(jsonToMessage('protocol.NumberMessage', { num: value }, { hexMode: 'java-tron' }).num as never);
}

/** PaginatedMessage's offset and limit: GET query parameters (both required), POST body fields (0 when absent). */
function pageOf(req: ApiRequest): { offset: bigint; limit: bigint } {
  if (req.method === 'GET')
    return { offset: longQueryParam(req.query.get('offset')), limit: longQueryParam(req.query.get('limit')) };
  const m = jsonToMessage('protocol.PaginatedMessage', req.body(), { hexMode: 'java-tron', visible: req.visible() });
  return { offset: longToBigint(m.offset as never), limit: longToBigint(m.limit as never) };
}

/** Wallet.getPaginated{Proposal,Exchange}List: ids offset+1 … offset+limit, at most 1000. */
function idPage(offset: bigint, limit: bigint, latest: number): number[] | undefined {
  if (limit < 0n || offset < 0n || BigInt(latest) <= offset) return undefined;
  const end = offset + (limit > BigInt(PAGE_LIMIT_MAX) ? BigInt(PAGE_LIMIT_MAX) : limit);
  const last = end > BigInt(latest) ? latest : Number(end);
  const ids: number[] = [];
  for (let id = Number(offset) + 1; id <= last; id++) ids.push(id);
  return ids;
}

/** ProposalStore.getAllProposals / ExchangeStore.getAllExchanges: newest creation time first. */
function newestFirst<T extends { createTime: number; id: number }>(list: T[]): T[] {
  return list.sort((a, b) => b.createTime - a.createTime || a.id - b.id);
}

const proposalJson = (p: ProposalRecord, visible: boolean): Json =>
  messageToJson('protocol.Proposal', proposalToMessage(p), { visible });
const exchangeJson = (e: ExchangeRecord, visible: boolean): Json =>
  messageToJson('protocol.Exchange', exchangeToMessage(e), { visible });

function proposalList(list: readonly ProposalRecord[], visible: boolean): Json {
  return list.length ? { proposals: list.map((p) => proposalJson(p, visible)) } : {};
}

function exchangeList(list: readonly ExchangeRecord[], visible: boolean): Json {
  return list.length ? { exchanges: list.map((e) => exchangeJson(e, visible)) } : {};
}

// --- proposals ---------------------------------------------------------------------------------------

export const getProposalById =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const proposal = getProposal(s.pool.view, idOf(req));
    return proposal ? proposalJson(proposal, req.visible()) : {};
  };

export const listProposals =
  (s: NodeServices) =>
  (req: ApiRequest): Json =>
    proposalList(newestFirst(proposalsById(s.pool.view)), req.visible());

export const getPaginatedProposalList =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const { offset, limit } = pageOf(req);
    const view = s.pool.view;
    const ids = idPage(offset, limit, latestProposalNum(view));
    if (!ids) return {};
    return proposalList(
      ids.map((id) => getProposal(view, id)).filter((p): p is ProposalRecord => !!p),
      req.visible(),
    );
  };

// --- exchanges ---------------------------------------------------------------------------------------

/** An unknown id prints null, which java-tron's JsonFormat answers with a NullPointerException. */
export const getExchangeById =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const exchange = getExchange(stateFor(s, solid), idOf(req));
    if (!exchange) throw nullPointer();
    return exchangeJson(exchange, req.visible());
  };

export const listExchanges =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json =>
    exchangeList(newestFirst(exchangesById(stateFor(s, solid))), req.visible());

export const getPaginatedExchangeList =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const { offset, limit } = pageOf(req);
    const view = s.pool.view;
    const ids = idPage(offset, limit, latestExchangeNum(view));
    if (!ids) return {};
    return exchangeList(
      ids.map((id) => getExchange(view, id)).filter((e): e is ExchangeRecord => !!e),
      req.visible(),
    );
  };

// --- accounts, nodes, representatives ----------------------------------------------------------------

/** Wallet.getAccountById: the account whose account_id is the given one (the index ignores case). */
export const getAccountById =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const value = params(req).account_id;
    if (value === undefined || value === null || value === '') return {};
    const message = jsonToMessage(
      'protocol.Account',
      { account_id: value },
      { hexMode: 'java-tron', visible: req.visible() },
    );
    const id = (message.account_id as Uint8Array | undefined) ?? new Uint8Array();
    const reader = stateFor(s, solid);
    const owner = accountIdOwner(reader, id);
    const account = owner ? reader.getAccount(owner) : undefined;
    return account ? accountJson(s.chain, account, req.visible()) : {};
  };

/** Wallet.listNodes: this node keeps no peers, so java-tron's empty NodeList. */
export const listNodes = () => (): Json => ({});

/** A reader whose witnesses carry the votes the next maintenance will count. */
function withPendingVotes(reader: StateReader): StateReader {
  const delta = pendingVoteDelta(reader);
  return {
    getAccount: (hex) => reader.getAccount(hex),
    nameOwner: (name) => reader.nameOwner(name),
    getRecord: (namespace, key) => reader.getRecord(namespace, key),
    recordKeys: (namespace, prefix) => reader.recordKeys(namespace, prefix),
    witnessAddresses: () => reader.witnessAddresses(),
    getWitness: (hex): WitnessRecord | undefined => {
      const w = reader.getWitness(hex);
      return w && { ...w, voteCount: w.voteCount + (delta.get(hex) ?? 0n) };
    },
  };
}

/** Wallet.getPaginatedNowWitnessList: representatives by their votes as of now (pending votes counted). */
export const getPaginatedNowWitnessList =
  (s: NodeServices, solid: boolean) =>
  (req: ApiRequest): Json => {
    const { offset, limit } = pageOf(req);
    if (limit <= 0n || offset < 0n) return {};
    const ranked = sortedWitnesses(withPendingVotes(stateFor(s, solid)));
    if (offset >= BigInt(ranked.length)) return {};
    const count = limit > BigInt(PAGE_LIMIT_MAX) ? PAGE_LIMIT_MAX : Number(limit);
    const page = ranked.slice(Number(offset), Number(offset) + count);
    const visible = req.visible();
    return { witnesses: page.map((w) => messageToJson('protocol.Witness', witnessToMessage(w), { visible })) };
  };
