import { buildArgumentsParam, buildTransaction } from './build-transaction';
import {
  blockByHash,
  blockByNumber,
  blockReceipts,
  transactionByBlockHashAndIndex,
  transactionByBlockNumberAndIndex,
  transactionByHash,
  transactionCountByHash,
  transactionCountByNumber,
  transactionReceipt,
} from './block-reads';
import { callArgumentsParam, estimateGas, ethCall } from './calls';
import { chainId, clientVersion, coinbase, protocolVersion, sha3, work } from './chain-info';
import { methodNotFound, nullPointer } from './errors';
import type { ErrorKind } from './errors';
import type { FilterRegistry } from './filters';
import { quantity } from './java-hex';
import type { JsonNode, JsonOut } from './json';
import { logQueryOf, filterRequestParam } from './log-filter';
import { queryLogs } from './log-query';
import type { NodeReads } from './node-reads';
import { booleanParam, objectParam, stringParam } from './params';
import type { Converter } from './params';
import { getBalance, getCode, getStorageAt } from './state-reads';

/**
 * The methods of java-tron's TronJsonRpc: the JSON-RPC name, the Java method name (jsonrpc4j answers
 * to both: `@JsonRpcMethod(required = false)`), the parameter types (jsonrpc4j requires exactly that
 * many), the exceptions the method's `@JsonRpcErrors` lists, and the implementation.
 */
export interface MethodContext {
  readonly reads: NodeReads;
  readonly filters: FilterRegistry;
}

export interface MethodSpec {
  readonly name: string;
  readonly javaName: string;
  readonly arity: number;
  readonly annotated: readonly ErrorKind[];
  /** Maps every parameter (a failure is a ParamMappingError), then runs the method. */
  invoke(context: MethodContext, params: readonly JsonNode[]): Promise<JsonOut>;
}

type Converters<A extends unknown[]> = { readonly [K in keyof A]: Converter<A[K]> };

function define<A extends unknown[]>(
  name: string,
  javaName: string,
  converters: Converters<A>,
  annotated: readonly ErrorKind[],
  run: (context: MethodContext, args: A) => JsonOut | Promise<JsonOut>,
): MethodSpec {
  const list = converters as unknown as readonly Converter<unknown>[];
  return {
    name,
    javaName,
    arity: list.length,
    annotated,
    async invoke(context, params) {
      const args = list.map((convert, i) => convert(params[i]!)) as A;
      return run(context, args);
    },
  };
}

/** A method java-tron declares but refuses: -32601 "the method … does not exist/is not available". */
function unsupported<A extends unknown[]>(name: string, javaName: string, converters: Converters<A>): MethodSpec {
  return define<A>(name, javaName, converters, ['methodNotFound'], () => {
    throw methodNotFound(`the method ${name} does not exist/is not available`);
  });
}

const S = stringParam;
const B = booleanParam;
const NONE: readonly ErrorKind[] = [];
const PARAMS: readonly ErrorKind[] = ['invalidParams'];
const CALL: readonly ErrorKind[] = ['invalidRequest', 'invalidParams', 'internal'];
const FILTER: readonly ErrorKind[] = ['methodNotFound', 'invalidParams', 'itemNotFound'];
const LOGS: readonly ErrorKind[] = ['invalidParams', 'methodNotFound', 'tooManyResult', 'itemNotFound'];

export const METHODS: readonly MethodSpec[] = [
  define('web3_clientVersion', 'web3ClientVersion', [], NONE, () => clientVersion()),
  define('web3_sha3', 'web3Sha3', [S], PARAMS, (_, [data]) => sha3(data)),
  define('eth_getBlockTransactionCountByHash', 'ethGetBlockTransactionCountByHash', [S], PARAMS, (c, [hash]) =>
    transactionCountByHash(c.reads, hash),
  ),
  define('eth_getBlockTransactionCountByNumber', 'ethGetBlockTransactionCountByNumber', [S], PARAMS, (c, [tag]) =>
    transactionCountByNumber(c.reads, tag),
  ),
  define('eth_getBlockByHash', 'ethGetBlockByHash', [S, B], PARAMS, (c, [hash, full]) =>
    blockByHash(c.reads, hash, full),
  ),
  define('eth_getBlockByNumber', 'ethGetBlockByNumber', [S, B], PARAMS, (c, [tag, full]) =>
    blockByNumber(c.reads, tag, full),
  ),
  define('net_version', 'getNetVersion', [], NONE, (c) => chainId(c.reads)),
  define('eth_chainId', 'ethChainId', [], NONE, (c) => chainId(c.reads)),
  define('net_listening', 'isListening', [], NONE, () => false),
  define('eth_protocolVersion', 'getProtocolVersion', [], NONE, (c) => protocolVersion(c.reads)),
  define('eth_blockNumber', 'getLatestBlockNum', [], NONE, (c) => quantity(c.reads.headNumber())),
  define('eth_getBalance', 'getTrxBalance', [S, S], PARAMS, (c, [address, tag]) => getBalance(c.reads, address, tag)),
  define('eth_getStorageAt', 'getStorageAt', [S, S, S], PARAMS, (c, [address, key, tag]) =>
    getStorageAt(c.reads, address, key, tag),
  ),
  define('eth_getCode', 'getABIOfSmartContract', [S, S], PARAMS, (c, [address, tag]) => getCode(c.reads, address, tag)),
  define('eth_coinbase', 'getCoinbase', [], ['internal'], (c) => coinbase(c.reads)),
  define('eth_gasPrice', 'gasPrice', [], NONE, (c) => quantity(c.reads.energyFee())),
  define('eth_estimateGas', 'estimateGas', [callArgumentsParam], CALL, (c, [args]) => estimateGas(c.reads, args)),
  define('eth_getTransactionByHash', 'getTransactionByHash', [S], PARAMS, (c, [hash]) =>
    transactionByHash(c.reads, hash),
  ),
  define(
    'eth_getTransactionByBlockHashAndIndex',
    'getTransactionByBlockHashAndIndex',
    [S, S],
    PARAMS,
    (c, [hash, index]) => transactionByBlockHashAndIndex(c.reads, hash, index),
  ),
  define(
    'eth_getTransactionByBlockNumberAndIndex',
    'getTransactionByBlockNumberAndIndex',
    [S, S],
    PARAMS,
    (c, [tag, index]) => transactionByBlockNumberAndIndex(c.reads, tag, index),
  ),
  define('eth_getTransactionReceipt', 'getTransactionReceipt', [S], PARAMS, (c, [hash]) =>
    transactionReceipt(c.reads, hash),
  ),
  define('eth_getBlockReceipts', 'getBlockReceipts', [S], ['invalidParams', 'internal'], (c, [block]) =>
    blockReceipts(c.reads, block),
  ),
  define('eth_call', 'getCall', [callArgumentsParam, objectParam], CALL, (c, [args, block]) =>
    ethCall(c.reads, args, block),
  ),
  define('net_peerCount', 'getPeerCount', [], NONE, () => '0x0'),
  define('eth_syncing', 'getSyncingStatus', [], NONE, () => false),
  define('eth_getUncleByBlockHashAndIndex', 'getUncleByBlockHashAndIndex', [S, S], NONE, () => null),
  define('eth_getUncleByBlockNumberAndIndex', 'getUncleByBlockNumberAndIndex', [S, S], NONE, () => null),
  define('eth_getUncleCountByBlockHash', 'getUncleCountByBlockHash', [S], NONE, () => '0x0'),
  define('eth_getUncleCountByBlockNumber', 'getUncleCountByBlockNumber', [S], NONE, () => '0x0'),
  define('eth_getWork', 'ethGetWork', [], NONE, (c) => work(c.reads)),
  define('eth_hashrate', 'getHashRate', [], NONE, () => '0x0'),
  define('eth_mining', 'isMining', [], NONE, (c) => c.reads.mining()),
  define('eth_accounts', 'getAccounts', [], NONE, () => []),
  define(
    'buildTransaction',
    'buildTransaction',
    [buildArgumentsParam],
    ['invalidRequest', 'methodNotFound', 'invalidParams', 'internal'],
    (c, [args]) => buildTransaction(c.reads, args),
  ),
  unsupported('eth_submitWork', 'ethSubmitWork', [S, S, S]),
  unsupported('eth_sendRawTransaction', 'ethSendRawTransaction', [S]),
  unsupported('eth_sendTransaction', 'ethSendTransaction', [callArgumentsParam]),
  unsupported('eth_sign', 'ethSign', [S, S]),
  unsupported('eth_signTransaction', 'ethSignTransaction', [callArgumentsParam]),
  unsupported('parity_nextNonce', 'parityNextNonce', [S]),
  unsupported('eth_getTransactionCount', 'getSendTransactionCountOfAddress', [S, S]),
  unsupported('eth_getCompilers', 'getCompilers', []),
  unsupported('eth_compileSolidity', 'ethCompileSolidity', [S]),
  unsupported('eth_compileLLL', 'ethCompileLLL', [S]),
  unsupported('eth_compileSerpent', 'ethCompileSerpent', [S]),
  unsupported('eth_submitHashrate', 'ethSubmitHashrate', [S, S]),
  define(
    'eth_newFilter',
    'newFilter',
    [filterRequestParam],
    ['methodNotFound', 'invalidParams', 'exceedLimit'],
    (c, [request]) => {
      if (request === null) throw nullPointer();
      return c.filters.newLogFilter(request);
    },
  ),
  define('eth_newBlockFilter', 'newBlockFilter', [], ['methodNotFound', 'exceedLimit'], (c) =>
    c.filters.newBlockFilter(),
  ),
  define('eth_uninstallFilter', 'uninstallFilter', [S], FILTER, (c, [id]) => c.filters.uninstall(id)),
  define('eth_getFilterChanges', 'getFilterChanges', [S], FILTER, (c, [id]) => c.filters.changes(id)),
  define('eth_getLogs', 'getLogs', [filterRequestParam], LOGS, async (c, [request]) => {
    if (request === null) throw nullPointer();
    const head = BigInt(c.reads.headNumber());
    return queryLogs(c.reads, await logQueryOf(c.reads, request, head, true), head);
  }),
  define('eth_getFilterLogs', 'getFilterLogs', [S], LOGS, (c, [id]) => c.filters.logs(id)),
];

/** Both names of every method. */
export function methodTable(methods: readonly MethodSpec[] = METHODS): ReadonlyMap<string, MethodSpec> {
  const table = new Map<string, MethodSpec>();
  for (const method of methods) {
    table.set(method.name, method);
    table.set(method.javaName, method);
  }
  return table;
}
