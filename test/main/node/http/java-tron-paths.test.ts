import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRoutes, ENDPOINTS } from '@main/node/http/routes';
import type { NodeServices } from '@main/node/http/services';

/** java-tron 4.8.0's registered HTTP paths (see the fixture's header for where they come from). */
const JAVA_TRON_PATHS = readFileSync(
  new URL('../../../fixtures/java-tron/http-paths-4.8.0.txt', import.meta.url),
  'utf8',
)
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

const SHIELDED = [
  'getexpandedspendingkey',
  'getakfromask',
  'getnkfromnsk',
  'getspendingkey',
  'getnewshieldedaddress',
  'getdiversifier',
  'getincomingviewingkey',
  'getzenpaymentaddress',
  'createshieldedtransaction',
  'createshieldedtransactionwithoutspendauthsig',
  'scannotebyivk',
  'scanandmarknotebyivk',
  'scannotebyovk',
  'getrcm',
  'getmerkletreevoucherinfo',
  'isspend',
  'createspendauthsig',
  'createshieldnullifier',
  'getshieldtransactionhash',
  'isshieldedtrc20contractnotespent',
  'createshieldedcontractparameters',
  'createshieldedcontractparameterswithoutask',
  'scanshieldedtrc20notesbyivk',
  'scanshieldedtrc20notesbyovk',
  'gettriggerinputforshieldedtrc20contract',
];
const MARKET = [
  'marketsellasset',
  'marketcancelorder',
  'getmarketorderbyaccount',
  'getmarketorderbyid',
  'getmarketpricebypair',
  'getmarketorderlistbypair',
  'getmarketpairlist',
];

/** Paths the node leaves unserved on purpose (they answer 404), each with the reason. */
const NOT_SERVED = new Map<string, string>([
  ...[...SHIELDED, ...MARKET].flatMap((name): [string, string][] => {
    const reason = SHIELDED.includes(name)
      ? 'shielded (zk-SNARK) transactions are not modelled'
      : 'the on-chain market (MarketSellAsset) is not modelled';
    const paths = [`/wallet/${name}`, `/walletsolidity/${name}`].filter((path) => JAVA_TRON_PATHS.includes(path));
    return paths.map((path) => [path, reason]);
  }),
  ['/wallet/gettransactionreceiptbyid', 'the receipt-only view of a TransactionInfo is not modelled'],
  ['/wallet/totaltransaction', 'no count of every transaction stored is kept'],
  ['/wallet/getaccountbalance', 'the balance-history store (storage.balance.history.lookup) is not modelled'],
  ['/wallet/getblockbalance', 'the balance-history store (storage.balance.history.lookup) is not modelled'],
  ['/wallet/createCommonTransaction', 'the generic any-contract builder is not modelled; the typed builders are'],
  ['/net/listnodes', 'the node has no peer-to-peer network'],
  ['/monitor/getstatsinfo', 'no JVM or network metrics exist to report'],
  ['/monitor/getnodeinfo', 'no JVM or network metrics exist to report'],
]);

function servedPaths(): Set<string> {
  const services = { config: { dev: true, adminApi: false } } as unknown as NodeServices;
  const endpoints = ENDPOINTS.map((e) => ({ ...e, handler: () => () => ({}) }));
  return new Set(buildRoutes(services, endpoints).keys());
}

describe("java-tron's HTTP paths", () => {
  it('reads the fixture: the full node’s and the solidity node’s paths', () => {
    expect(JAVA_TRON_PATHS.length).toBeGreaterThan(150);
    expect(JAVA_TRON_PATHS).toContain('/wallet/getburntrx');
    expect(JAVA_TRON_PATHS).toContain('/walletsolidity/getblockbynum');
  });

  it('serves every path java-tron 4.8.0 registers, except the ones listed with a reason', () => {
    const served = servedPaths();
    const missing = JAVA_TRON_PATHS.filter((path) => !served.has(path) && !NOT_SERVED.has(path));
    expect(missing).toEqual([]);
  });

  it('lists as unserved only paths that java-tron has and the node does not serve', () => {
    const served = servedPaths();
    const known = new Set(JAVA_TRON_PATHS);
    const stale = [...NOT_SERVED.keys()].filter((path) => served.has(path) || !known.has(path));
    expect(stale).toEqual([]);
  });

  it('serves camel-case paths only in java-tron’s spelling', () => {
    const served = servedPaths();
    for (const path of ['/wallet/updateBrokerage', '/wallet/getReward', '/wallet/getBrokerage'])
      expect(served.has(path)).toBe(true);
    expect(served.has('/wallet/updatebrokerage')).toBe(false);
  });
});
