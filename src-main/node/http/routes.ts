import type { Route } from './server';
import type { NodeServices } from './services';
import * as tx from './handlers/transactions';
import * as q from './handlers/queries';
import * as admin from './handlers/admin';
import { stakingRoutes } from './handlers/staking';

/**
 * The endpoint table (java-tron-http.md §4): which methods each path answers. `get: 'empty'` is
 * java-tron's doGet that prints nothing; a missing `get` is HTTP 405.
 */
export function buildRoutes(s: NodeServices): Map<string, Route> {
  const routes = new Map<string, Route>();
  const both = (handler: Route['post']): Route => ({ post: handler, get: handler });
  routes.set('/wallet/createtransaction', { post: tx.createTransaction(s), get: 'empty' });
  routes.set('/wallet/accountpermissionupdate', { post: tx.accountPermissionUpdate(s), get: 'empty' });
  routes.set('/wallet/broadcasttransaction', { post: tx.broadcastTransaction(s) });
  routes.set('/wallet/broadcasthex', { post: tx.broadcastHex(s) });
  routes.set('/wallet/gettransactionbyid', both(tx.getTransactionById(s, false)));
  routes.set('/walletsolidity/gettransactionbyid', both(tx.getTransactionById(s, true)));
  routes.set('/wallet/gettransactioninfobyid', both(tx.getTransactionInfoById(s, false)));
  routes.set('/walletsolidity/gettransactioninfobyid', both(tx.getTransactionInfoById(s, true)));
  routes.set('/wallet/getsignweight', { post: tx.getSignWeight(s), get: 'empty' });
  routes.set('/wallet/getapprovedlist', { post: tx.getApprovedList(s), get: 'empty' });
  routes.set('/wallet/getaccount', both(q.getAccount(s, false)));
  routes.set('/walletsolidity/getaccount', both(q.getAccount(s, true)));
  routes.set('/wallet/getaccountresource', both(q.getAccountResource(s)));
  routes.set('/wallet/getaccountnet', both(q.getAccountNet(s)));
  routes.set('/wallet/getbandwidthprices', both(q.getPrices(s, 'getTransactionFee')));
  routes.set('/wallet/getenergyprices', both(q.getPrices(s, 'getEnergyFee')));
  routes.set('/wallet/getnowblock', both(q.getNowBlock(s, false)));
  routes.set('/walletsolidity/getnowblock', both(q.getNowBlock(s, true)));
  routes.set('/wallet/getblock', both(q.getBlock(s)));
  routes.set('/wallet/getblockbynum', both(q.getBlockByNum(s)));
  routes.set('/wallet/getblockbyid', both(q.getBlockById(s)));
  routes.set('/wallet/getblockbylimitnext', both(q.getBlockByLimitNext(s)));
  routes.set('/wallet/gettransactioninfobyblocknum', both(q.getTransactionInfoByBlockNum(s, false)));
  routes.set('/walletsolidity/gettransactioninfobyblocknum', both(q.getTransactionInfoByBlockNum(s, true)));
  routes.set('/wallet/getchainparameters', both(q.getChainParameters(s)));
  routes.set('/wallet/listwitnesses', both(q.listWitnesses(s)));
  routes.set('/wallet/getnodeinfo', both(q.getNodeInfo(s)));
  routes.set('/wallet/validateaddress', both(q.validateAddress()));
  for (const [path, route] of stakingRoutes(s)) routes.set(path, route);
  if (s.config.dev) {
    routes.set('/admin/accounts', { get: admin.adminAccounts(s), post: admin.adminAccounts(s) });
    routes.set('/admin/mine', { post: admin.adminMine(s) });
    routes.set('/admin/time', { post: admin.adminTime(s) });
  }
  return routes;
}
