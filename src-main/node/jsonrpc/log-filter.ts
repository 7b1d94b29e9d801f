import type { protocol } from '../../../src-core/proto/runtime';
import { equalBytes } from '../../../src-core/bytes/bytes';
import { evmAddress, topicBytes } from './arguments';
import { logBlockNumber } from './block-params';
import { invalidParams, JAVA_CLASS, JavaRuntimeFailure, JsonRpcFailure } from './errors';
import { fromHexString, stripHexPrefix } from './java-hex';
import type { JsonNode } from './json';
import { isIntegralLiteral } from './json';
import type { NodeReads } from './node-reads';
import { objectArrayParam, pojoParam, stringParam } from './params';
import type { Converter } from './params';

/**
 * eth_getLogs / eth_newFilter criteria: java-tron's FilterRequest, LogFilter (addresses and
 * topics, checked with java-tron's messages, matched exactly) and LogFilterWrapper (the block range).
 */
export type FilterRequest = {
  readonly fromBlock: string | null;
  readonly toBlock: string | null;
  /** Declared `Object`: a string, a list, or anything else (refused). */
  readonly address: JsonNode | null;
  /** Declared `Object[]`. */
  readonly topics: readonly JsonNode[] | null;
  /** EIP-234. */
  readonly blockHash: string | null;
};

const nullableNode: Converter<JsonNode | null> = (node) => (node.kind === 'null' ? null : node);

export const filterRequestParam = pojoParam<FilterRequest>(
  'org.tron.core.services.jsonrpc.TronJsonRpc$FilterRequest',
  {
    fromBlock: stringParam,
    toBlock: stringParam,
    address: nullableNode,
    topics: objectArrayParam,
    blockHash: stringParam,
  },
  { fromBlock: null, toBlock: null, address: null, topics: null, blockHash: null },
);

/** vm LOG4 − LOG0. */
const MAX_TOPICS = 4;
/** node.jsonrpc.maxSubTopics default. */
export const MAX_SUB_TOPICS = 1000;
/** node.jsonrpc.maxBlockRange default. */
export const MAX_BLOCK_RANGE = 5000n;
/** Long.MAX_VALUE: an open end. */
export const OPEN_END = (1n << 63n) - 1n;

/** `(String) element` on a Jackson-mapped Object. */
function castToString(node: JsonNode): string | null {
  if (node.kind === 'string') return node.value;
  if (node.kind === 'null') return null;
  throw new JavaRuntimeFailure(JAVA_CLASS.classCast, `${javaClassOf(node)} cannot be cast to java.lang.String`);
}

/** The Java class Jackson maps an `Object` to. */
function javaClassOf(node: JsonNode): string {
  switch (node.kind) {
    case 'boolean':
      return 'java.lang.Boolean';
    case 'array':
      return 'java.util.ArrayList';
    case 'object':
      return 'java.util.LinkedHashMap';
    case 'number': {
      if (!isIntegralLiteral(node.text)) return 'java.lang.Double';
      const value = BigInt(node.text);
      if (BigInt.asIntN(32, value) === value) return 'java.lang.Integer';
      return BigInt.asIntN(64, value) === value ? 'java.lang.Long' : 'java.math.BigInteger';
    }
    default:
      return 'java.lang.String';
  }
}

function rethrowInvalid<T>(run: () => T, message: string): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof JsonRpcFailure && error.kind === 'invalidParams') throw invalidParams(message);
    throw error;
  }
}

/** LogFilter: OR-lists per position; an empty or null position matches anything. */
export class LogCriteria {
  private constructor(
    readonly addresses: readonly Uint8Array[],
    readonly topics: readonly (readonly Uint8Array[] | null)[],
  ) {}

  static of(request: FilterRequest): LogCriteria {
    let addresses: Uint8Array[] = [];
    const address = request.address;
    if (address?.kind === 'string') addresses = [evmAddress(address.value)];
    else if (address?.kind === 'array') {
      addresses = address.items.map((item, index) => {
        const text = castToString(item);
        return rethrowInvalid(() => evmAddress(text), `invalid address at index ${index}: ${text}`);
      });
    } else if (address !== null) throw invalidParams('invalid addresses in query');

    const topics: (Uint8Array[] | null)[] = [];
    if (request.topics !== null) {
      if (request.topics.length > MAX_TOPICS) throw invalidParams(`topics size should be <= ${MAX_TOPICS}`);
      for (const topic of request.topics) {
        if (topic.kind === 'null') topics.push(null);
        else if (topic.kind === 'string')
          topics.push([rethrowInvalid(() => topicBytes(topic.value), `invalid topic(s): ${topic.value}`)]);
        else if (topic.kind === 'array') {
          if (topic.items.length > MAX_SUB_TOPICS) throw invalidParams(`exceed max topics: ${MAX_SUB_TOPICS}`);
          topics.push(
            topic.items.map((item) => {
              const text = castToString(item);
              return rethrowInvalid(() => topicBytes(text), `invalid topic(s): ${text}`);
            }),
          );
        } else throw invalidParams('invalid topic(s)');
      }
    }
    return new LogCriteria(addresses, topics);
  }

  /** LogFilter.matchesExactly. */
  matches(log: protocol.TransactionInfo.Log.$Properties): boolean {
    const address = log.address ?? new Uint8Array();
    if (this.addresses.length > 0 && !this.addresses.some((a) => equalBytes(a, address))) return false;
    for (let i = 0; i < this.topics.length; i++) {
      const logTopic = log.topics?.[i];
      if (logTopic === undefined) return false;
      const choices = this.topics[i];
      if (choices && choices.length > 0 && !choices.some((t) => equalBytes(t, logTopic))) return false;
    }
    return true;
  }

  /** Without addresses and topics every block is a candidate (java-tron's bloom query then returns the whole range). */
  get unconditional(): boolean {
    return this.addresses.length === 0 && this.topics.every((t) => t === null || t.length === 0);
  }
}

/** LogFilterWrapper: criteria plus [fromBlock, toBlock], OPEN_END for "up to the newest". */
export interface LogQuery {
  readonly criteria: LogCriteria;
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
}

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** LogFilterWrapper's constructor; `checkRange` for eth_getLogs (maxBlockRange). */
export async function logQueryOf(
  reads: NodeReads,
  request: FilterRequest,
  head: bigint,
  checkRange: boolean,
): Promise<LogQuery> {
  const criteria = LogCriteria.of(request);
  if (request.blockHash !== null) {
    const hash = stripHexPrefix(request.blockHash);
    if (request.fromBlock !== null || request.toBlock !== null)
      throw invalidParams('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
    const number = await reads.blockNumberOfId(fromHexString(hash));
    if (number === undefined) throw invalidParams('invalid blockHash');
    return { criteria, fromBlock: BigInt(number), toBlock: BigInt(number) };
  }
  const fromSet = request.fromBlock !== null && request.fromBlock !== '';
  const toSet = request.toBlock !== null && request.toBlock !== '';
  let from: bigint;
  let to: bigint;
  if (!fromSet && toSet) {
    to = logBlockNumber(reads, request.toBlock);
    if (to === -1n) to = OPEN_END;
    from = min(to, head);
  } else if (fromSet && !toSet) {
    from = logBlockNumber(reads, request.fromBlock);
    if (from === -1n) from = head;
    to = OPEN_END;
  } else if (!fromSet && !toSet) {
    from = head;
    to = OPEN_END;
  } else {
    from = logBlockNumber(reads, request.fromBlock);
    to = logBlockNumber(reads, request.toBlock);
    if (from === -1n && to === -1n) {
      from = head;
      to = OPEN_END;
    } else if (from === -1n && to >= 0n) from = head;
    else if (from >= 0n && to === -1n) to = OPEN_END;
    if (from > to) throw invalidParams('please verify: fromBlock <= toBlock');
  }
  if (checkRange && min(to, head) - from > MAX_BLOCK_RANGE)
    throw invalidParams(`exceed max block range: ${MAX_BLOCK_RANGE}`);
  return { criteria, fromBlock: from, toBlock: to };
}
