import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import type { Handler, Route } from './server';
import type { NodeServices } from './services';
import { INPUT, type InputKind } from './request';
import * as tx from './handlers/transactions';
import * as q from './handlers/queries';
import * as pending from './handlers/pending';
import * as staking from './handlers/staking';
import * as contracts from './handlers/contracts';
import * as admin from './handlers/admin';
import { adminDryRun } from './handlers/dry-run';
import * as governance from './handlers/governance';
import { adminFork, adminImpersonate } from './handlers/fork';
import { treRpc } from './handlers/tre-rpc';

/**
 * Every endpoint of the node, one row each (java-tron's FullNodeHttpApiService and
 * SolidityNodeHttpApiService servlets). The handlers live in `handlers/` by domain; this table says
 * which paths exist and which methods they answer:
 *
 * - `scope`: `wallet` serves `/wallet/<name>`; `wallet+solidity` also serves
 *   `/walletsolidity/<name>`, whose handler is built with `solidity = true` (the state of the
 *   solidified block); `admin` serves `/admin/<name>` and `tre` serves `/<name>` (TRE's own
 *   paths), both only when `adminApi` is on (dev mode).
 * - `get`: POST always runs the handler; GET runs it too (`same`, java-tron's doGet = doPost),
 *   prints an empty 200 (`empty`, a doGet that prints nothing) or is refused with 405 (`refused`,
 *   no doGet).
 * - `input`: how the servlet's doPost reads the request (`InputKind`): the body as sent
 *   (`reader`), the body through PostParams, which turns an exact `application/x-www-form-urlencoded`
 *   form into JSON (`postParams`), or the query string alone (`query`, a doPost that calls doGet).
 */
export const SCOPE = { wallet: 'wallet', walletAndSolidity: 'wallet+solidity', admin: 'admin', tre: 'tre' } as const;
export type Scope = (typeof SCOPE)[keyof typeof SCOPE];

export const GET = { same: 'same', empty: 'empty', refused: 'refused' } as const;
export type GetRule = (typeof GET)[keyof typeof GET];

export interface Endpoint {
  readonly name: string;
  readonly scope: Scope;
  readonly get: GetRule;
  readonly input: InputKind;
  readonly handler: (s: NodeServices, solidity: boolean) => Handler;
}

const { wallet, walletAndSolidity } = SCOPE;
const { same, empty, refused } = GET;
const { reader, postParams, query } = INPUT;

/** A builder endpoint: the contract from the body, validated, as an unsigned transaction. */
function build(type: ContractTypeName, allowExtraData = false): Endpoint['handler'] {
  return (s) => (req) => tx.buildUnsigned(s, req, type, allowExtraData);
}

export const ENDPOINTS: readonly Endpoint[] = [
  // Transactions: build, broadcast, look up, check signatures (handlers/transactions.ts).
  { name: 'createtransaction', scope: wallet, get: empty, input: reader, handler: build('TransferContract', true) },
  {
    name: 'accountpermissionupdate',
    scope: wallet,
    get: empty,
    input: postParams,
    handler: build('AccountPermissionUpdateContract'),
  },
  {
    name: 'broadcasttransaction',
    scope: wallet,
    get: refused,
    input: postParams,
    handler: (s) => tx.broadcastTransaction(s),
  },
  { name: 'broadcasthex', scope: wallet, get: refused, input: reader, handler: (s) => tx.broadcastHex(s) },
  {
    name: 'gettransactionbyid',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: tx.getTransactionById,
  },
  {
    name: 'gettransactioninfobyid',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: tx.getTransactionInfoById,
  },
  { name: 'getpendingsize', scope: wallet, get: same, input: query, handler: (s) => pending.getPendingSize(s) },
  {
    name: 'gettransactionfrompending',
    scope: wallet,
    get: same,
    input: postParams,
    handler: (s) => pending.getTransactionFromPending(s),
  },
  {
    name: 'gettransactionlistfrompending',
    scope: wallet,
    get: same,
    input: postParams,
    handler: (s) => pending.getTransactionListFromPending(s),
  },
  { name: 'getsignweight', scope: wallet, get: empty, input: postParams, handler: (s) => tx.getSignWeight(s) },
  { name: 'getapprovedlist', scope: wallet, get: empty, input: postParams, handler: (s) => tx.getApprovedList(s) },

  // Accounts, blocks, chain (handlers/queries.ts).
  { name: 'getaccount', scope: walletAndSolidity, get: same, input: postParams, handler: q.getAccount },
  { name: 'getaccountresource', scope: wallet, get: same, input: postParams, handler: (s) => q.getAccountResource(s) },
  { name: 'getaccountnet', scope: wallet, get: same, input: postParams, handler: (s) => q.getAccountNet(s) },
  // The solidity forms print the head's price histories, burn total and node info (see README).
  {
    name: 'getbandwidthprices',
    scope: walletAndSolidity,
    get: same,
    input: query,
    handler: (s) => q.getPrices(s, 'bandwidth'),
  },
  {
    name: 'getenergyprices',
    scope: walletAndSolidity,
    get: same,
    input: query,
    handler: (s) => q.getPrices(s, 'energy'),
  },
  { name: 'getmemofee', scope: wallet, get: same, input: query, handler: (s) => q.getPrices(s, 'memo') },
  { name: 'getburntrx', scope: walletAndSolidity, get: same, input: query, handler: q.getBurnTrx },
  { name: 'getnowblock', scope: walletAndSolidity, get: same, input: query, handler: q.getNowBlock },
  { name: 'getblock', scope: walletAndSolidity, get: same, input: postParams, handler: q.getBlock },
  { name: 'getblockbynum', scope: walletAndSolidity, get: same, input: postParams, handler: q.getBlockByNum },
  { name: 'getblockbyid', scope: walletAndSolidity, get: same, input: postParams, handler: q.getBlockById },
  {
    name: 'getblockbylimitnext',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: q.getBlockByLimitNext,
  },
  {
    name: 'getblockbylatestnum',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: q.getBlockByLatestNum,
  },
  {
    name: 'gettransactioncountbyblocknum',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: q.getTransactionCountByBlockNum,
  },
  {
    name: 'gettransactioninfobyblocknum',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: q.getTransactionInfoByBlockNum,
  },
  { name: 'getchainparameters', scope: wallet, get: same, input: query, handler: (s) => q.getChainParameters(s) },
  { name: 'listwitnesses', scope: walletAndSolidity, get: same, input: query, handler: q.listWitnesses },
  { name: 'getnodeinfo', scope: walletAndSolidity, get: same, input: query, handler: (s) => q.getNodeInfo(s) },
  { name: 'validateaddress', scope: wallet, get: same, input: reader, handler: () => q.validateAddress() },

  // Stake 2.0, votes, rewards, representatives, TRC-10: builders (handlers/transactions.ts) ...
  {
    name: 'freezebalancev2',
    scope: wallet,
    get: refused,
    input: postParams,
    handler: build('FreezeBalanceV2Contract'),
  },
  {
    name: 'unfreezebalancev2',
    scope: wallet,
    get: empty,
    input: postParams,
    handler: build('UnfreezeBalanceV2Contract'),
  },
  {
    name: 'withdrawexpireunfreeze',
    scope: wallet,
    get: empty,
    input: reader,
    handler: build('WithdrawExpireUnfreezeContract'),
  },
  {
    name: 'cancelallunfreezev2',
    scope: wallet,
    get: refused,
    input: postParams,
    handler: build('CancelAllUnfreezeV2Contract'),
  },
  {
    name: 'delegateresource',
    scope: wallet,
    get: refused,
    input: postParams,
    handler: build('DelegateResourceContract'),
  },
  {
    name: 'undelegateresource',
    scope: wallet,
    get: empty,
    input: postParams,
    handler: build('UnDelegateResourceContract'),
  },
  { name: 'votewitnessaccount', scope: wallet, get: empty, input: reader, handler: build('VoteWitnessContract') },
  { name: 'withdrawbalance', scope: wallet, get: empty, input: reader, handler: build('WithdrawBalanceContract') },
  { name: 'createwitness', scope: wallet, get: empty, input: postParams, handler: build('WitnessCreateContract') },
  { name: 'updatewitness', scope: wallet, get: empty, input: postParams, handler: build('WitnessUpdateContract') },
  { name: 'createaccount', scope: wallet, get: refused, input: postParams, handler: build('AccountCreateContract') },
  {
    name: 'updateBrokerage',
    scope: wallet,
    get: refused,
    input: postParams,
    handler: build('UpdateBrokerageContract'),
  },
  { name: 'updateaccount', scope: wallet, get: empty, input: postParams, handler: build('AccountUpdateContract') },
  { name: 'createassetissue', scope: wallet, get: empty, input: postParams, handler: build('AssetIssueContract') },
  { name: 'transferasset', scope: wallet, get: empty, input: reader, handler: build('TransferAssetContract', true) },
  {
    name: 'participateassetissue',
    scope: wallet,
    get: empty,
    input: reader,
    handler: build('ParticipateAssetIssueContract'),
  },
  // ... and reads (handlers/staking.ts).
  {
    name: 'getdelegatedresourcev2',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getDelegatedResourceV2,
  },
  {
    name: 'getdelegatedresource',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: () => staking.getDelegatedResource(),
  },
  {
    name: 'getdelegatedresourceaccountindex',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: () => staking.getDelegatedResourceAccountIndex(),
  },
  {
    name: 'getdelegatedresourceaccountindexv2',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getDelegatedResourceAccountIndexV2,
  },
  {
    name: 'getcandelegatedmaxsize',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getCanDelegatedMaxSize,
  },
  {
    name: 'getavailableunfreezecount',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getAvailableUnfreezeCount,
  },
  {
    name: 'getcanwithdrawunfreezeamount',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getCanWithdrawUnfreezeAmount,
  },
  { name: 'getReward', scope: walletAndSolidity, get: same, input: reader, handler: staking.getReward },
  { name: 'getBrokerage', scope: walletAndSolidity, get: same, input: reader, handler: staking.getBrokerage },
  {
    name: 'getassetissuebyid',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getAssetIssueById,
  },
  { name: 'getassetissuelist', scope: walletAndSolidity, get: same, input: query, handler: staking.getAssetIssueList },
  {
    name: 'getpaginatedassetissuelist',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getPaginatedAssetIssueList,
  },
  {
    name: 'getassetissuebyname',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getAssetIssueByName,
  },
  {
    name: 'getassetissuelistbyname',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: staking.getAssetIssueListByName,
  },
  {
    name: 'getassetissuebyaccount',
    scope: wallet,
    get: same,
    input: postParams,
    handler: (s) => staking.getAssetIssueByAccount(s, false),
  },
  {
    name: 'getnextmaintenancetime',
    scope: wallet,
    get: same,
    input: query,
    handler: (s) => staking.getNextMaintenanceTime(s),
  },

  // Smart contracts (handlers/contracts.ts).
  { name: 'deploycontract', scope: wallet, get: empty, input: postParams, handler: (s) => contracts.deployContract(s) },
  {
    name: 'triggersmartcontract',
    scope: wallet,
    get: empty,
    input: reader,
    handler: (s) => contracts.triggerSmartContract(s),
  },
  {
    name: 'triggerconstantcontract',
    scope: walletAndSolidity,
    get: empty,
    input: reader,
    handler: contracts.triggerConstantContract,
  },
  { name: 'estimateenergy', scope: walletAndSolidity, get: empty, input: reader, handler: contracts.estimateEnergy },
  { name: 'getcontract', scope: wallet, get: same, input: postParams, handler: (s) => contracts.getContract(s) },
  {
    name: 'getcontractinfo',
    scope: wallet,
    get: same,
    input: postParams,
    handler: (s) => contracts.getContractInfo(s),
  },
  { name: 'updatesetting', scope: wallet, get: empty, input: postParams, handler: build('UpdateSettingContract') },
  {
    name: 'updateenergylimit',
    scope: wallet,
    get: empty,
    input: postParams,
    handler: build('UpdateEnergyLimitContract'),
  },
  { name: 'clearabi', scope: wallet, get: empty, input: postParams, handler: build('ClearABIContract') },

  // Proposals, exchanges, account ids, v1 stake: builders and reads (handlers/governance.ts).
  { name: 'proposalcreate', scope: wallet, get: empty, input: postParams, handler: build('ProposalCreateContract') },
  { name: 'proposalapprove', scope: wallet, get: empty, input: postParams, handler: build('ProposalApproveContract') },
  { name: 'proposaldelete', scope: wallet, get: empty, input: postParams, handler: build('ProposalDeleteContract') },
  {
    name: 'getproposalbyid',
    scope: wallet,
    get: same,
    input: postParams,
    handler: (s) => governance.getProposalById(s),
  },
  { name: 'listproposals', scope: wallet, get: same, input: postParams, handler: (s) => governance.listProposals(s) },
  {
    name: 'getpaginatedproposallist',
    scope: wallet,
    get: same,
    input: postParams,
    handler: (s) => governance.getPaginatedProposalList(s),
  },
  { name: 'exchangecreate', scope: wallet, get: refused, input: postParams, handler: build('ExchangeCreateContract') },
  { name: 'exchangeinject', scope: wallet, get: refused, input: postParams, handler: build('ExchangeInjectContract') },
  {
    name: 'exchangewithdraw',
    scope: wallet,
    get: refused,
    input: postParams,
    handler: build('ExchangeWithdrawContract'),
  },
  {
    name: 'exchangetransaction',
    scope: wallet,
    get: refused,
    input: postParams,
    handler: build('ExchangeTransactionContract'),
  },
  {
    name: 'getexchangebyid',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: governance.getExchangeById,
  },
  { name: 'listexchanges', scope: walletAndSolidity, get: same, input: postParams, handler: governance.listExchanges },
  {
    name: 'getpaginatedexchangelist',
    scope: wallet,
    get: same,
    input: postParams,
    handler: (s) => governance.getPaginatedExchangeList(s),
  },
  { name: 'setaccountid', scope: wallet, get: empty, input: postParams, handler: build('SetAccountIdContract') },
  {
    name: 'getaccountbyid',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: governance.getAccountById,
  },
  { name: 'updateasset', scope: wallet, get: empty, input: postParams, handler: build('UpdateAssetContract') },
  { name: 'unfreezeasset', scope: wallet, get: empty, input: postParams, handler: build('UnfreezeAssetContract') },
  { name: 'freezebalance', scope: wallet, get: refused, input: postParams, handler: build('FreezeBalanceContract') },
  { name: 'unfreezebalance', scope: wallet, get: empty, input: postParams, handler: build('UnfreezeBalanceContract') },
  { name: 'listnodes', scope: wallet, get: same, input: postParams, handler: () => governance.listNodes() },
  {
    name: 'getpaginatednowwitnesslist',
    scope: walletAndSolidity,
    get: same,
    input: postParams,
    handler: governance.getPaginatedNowWitnessList,
  },

  // Dev mode with adminApi: funded keys, mine now, move chain time, dry run (handlers/admin.ts, handlers/dry-run.ts).
  { name: 'accounts', scope: SCOPE.admin, get: same, input: reader, handler: (s) => admin.adminAccounts(s) },
  { name: 'mine', scope: SCOPE.admin, get: refused, input: reader, handler: (s) => admin.adminMine(s) },
  { name: 'time', scope: SCOPE.admin, get: refused, input: reader, handler: (s) => admin.adminTime(s) },
  { name: 'dryrun', scope: SCOPE.admin, get: refused, input: reader, handler: (s) => adminDryRun(s.dryRunner) },
  // TRE's dev endpoints (handlers/admin.ts): TronBox's test accounts, more funded accounts on request.
  { name: 'accounts-json', scope: SCOPE.admin, get: same, input: reader, handler: (s) => admin.adminAccountsJson(s) },
  {
    name: 'temporary-accounts-generation',
    scope: SCOPE.admin,
    get: same,
    input: reader,
    handler: (s) => admin.adminTemporaryAccounts(s),
  },
  // TRE's dev JSON-RPC (POST /tre: tre_mine), which TronBox and TronWeb's test helpers call.
  { name: 'tre', scope: SCOPE.tre, get: refused, input: reader, handler: (s) => treRpc(s) },
  { name: 'fork', scope: SCOPE.admin, get: same, input: reader, handler: (s) => adminFork(s) },
  { name: 'impersonate', scope: SCOPE.admin, get: refused, input: reader, handler: (s) => adminImpersonate(s) },
];

/** The paths an endpoint is served on, each with whether it answers from the solidified block. */
function pathsOf(endpoint: Endpoint): [string, boolean][] {
  if (endpoint.scope === SCOPE.admin) return [[`/admin/${endpoint.name}`, false]];
  if (endpoint.scope === SCOPE.tre) return [[`/${endpoint.name}`, false]];
  const paths: [string, boolean][] = [[`/wallet/${endpoint.name}`, false]];
  if (endpoint.scope === SCOPE.walletAndSolidity) paths.push([`/walletsolidity/${endpoint.name}`, true]);
  return paths;
}

function routeOf(endpointHandler: Handler, get: GetRule, input: InputKind): Route {
  const handler: Handler = input === INPUT.reader ? endpointHandler : (req) => endpointHandler(req.readAs(input));
  if (get === GET.same) return { post: handler, get: handler };
  if (get === GET.empty) return { post: handler, get: 'empty' };
  return { post: handler };
}

/** Path → route for the HTTP server: every row of `endpoints`, the admin and TRE ones only with `adminApi`. */
export function buildRoutes(s: NodeServices, endpoints: readonly Endpoint[] = ENDPOINTS): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const endpoint of endpoints) {
    if ((endpoint.scope === SCOPE.admin || endpoint.scope === SCOPE.tre) && !s.config.adminApi) continue;
    for (const [path, solidity] of pathsOf(endpoint)) {
      if (routes.has(path)) throw new Error(`The endpoint table lists ${path} twice.`);
      routes.set(path, routeOf(endpoint.handler(s, solidity), endpoint.get, endpoint.input));
    }
  }
  return routes;
}
