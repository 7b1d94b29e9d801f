import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { JavaRuntimeFailure, JsonRpcFailure } from '@main/node/jsonrpc/errors';
import type { JsonNode } from '@main/node/jsonrpc/json';
import { parseFirstJsonValue } from '@main/node/jsonrpc/json';
import { filterRequestParam, logQueryOf, OPEN_END } from '@main/node/jsonrpc/log-filter';
import type { FilterRequest } from '@main/node/jsonrpc/log-filter';
import { stubBlockHash, stubReads } from './stub-reads';

/**
 * eth_getLogs / eth_newFilter criteria and ranges: java-tron's LogFilter and LogFilterWrapper,
 * with their exact messages (all JsonRpcInvalidParamsException, -32602, unless said otherwise).
 */
const reads = stubReads({ head: 20_000, blocks: new Map() });
const HEAD = 20_000n;
const ADDRESS = `0x${'ab'.repeat(20)}`;
const TOPIC = `0x${'cd'.repeat(32)}`;

function requestOf(json: unknown): FilterRequest {
  return filterRequestParam(parseFirstJsonValue(JSON.stringify(json)) as JsonNode)!;
}

async function failureOf(json: unknown, checkRange = true): Promise<JsonRpcFailure | JavaRuntimeFailure> {
  try {
    await logQueryOf(reads, requestOf(json), HEAD, checkRange);
  } catch (error) {
    if (error instanceof JsonRpcFailure || error instanceof JavaRuntimeFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const rangeOf = async (json: unknown, checkRange = false) => {
  const query = await logQueryOf(reads, requestOf(json), HEAD, checkRange);
  return [query.fromBlock, query.toBlock];
};

describe('log filter criteria (LogFilter)', () => {
  it('refuses addresses that are not 20 bytes, naming them (and their index in a list)', async () => {
    expect(await failureOf({ address: '0x1234' })).toMatchObject({
      kind: 'invalidParams',
      javaMessage: 'invalid address: 0x1234',
    });
    expect(await failureOf({ address: [ADDRESS, '0x1234'] })).toMatchObject({
      kind: 'invalidParams',
      javaMessage: 'invalid address at index 1: 0x1234',
    });
    expect(await failureOf({ address: 5 })).toMatchObject({
      kind: 'invalidParams',
      javaMessage: 'invalid addresses in query',
    });
    // `(String) s` on a number: a ClassCastException java-tron does not list (-32001).
    expect(await failureOf({ address: [5] })).toMatchObject({
      javaClass: 'java.lang.ClassCastException',
      javaMessage: 'java.lang.Integer cannot be cast to java.lang.String',
    });
  });

  it('refuses more than 4 topic positions, topics that are not 32 bytes, other topic shapes and more than 1000 alternatives', async () => {
    expect(await failureOf({ topics: [null, null, null, null, null] })).toMatchObject({
      javaMessage: 'topics size should be <= 4',
    });
    expect(await failureOf({ topics: ['0x12'] })).toMatchObject({ javaMessage: 'invalid topic(s): 0x12' });
    expect(await failureOf({ topics: [[TOPIC, '0x12']] })).toMatchObject({ javaMessage: 'invalid topic(s): 0x12' });
    expect(await failureOf({ topics: [{}] })).toMatchObject({ javaMessage: 'invalid topic(s)' });
    expect(await failureOf({ topics: [Array.from({ length: 1001 }, () => TOPIC)] })).toMatchObject({
      javaMessage: 'exceed max topics: 1000',
    });
  });

  it('matches by address and by position, null and [] meaning any topic', async () => {
    const other = new Uint8Array(32).fill(1);
    const topic = new Uint8Array(32).fill(0xcd);
    const log = { address: new Uint8Array(20).fill(0xab), topics: [other, topic], data: new Uint8Array() };
    const match = async (json: unknown) =>
      (await logQueryOf(reads, requestOf(json), HEAD, false)).criteria.matches(log);
    expect(await match({ address: ADDRESS, topics: [null, TOPIC] })).toBe(true);
    expect(await match({ topics: [[], [TOPIC, `0x${bytesToHex(other)}`]] })).toBe(true);
    expect(await match({ topics: [TOPIC] })).toBe(false);
    expect(await match({ topics: [null, null, null] })).toBe(false);
    expect(await match({ address: `0x${'ee'.repeat(20)}` })).toBe(false);
  });
});

describe('log filter ranges (LogFilterWrapper)', () => {
  it('opens the range at the head when nothing is given, and at "latest"', async () => {
    expect(await rangeOf({})).toEqual([HEAD, OPEN_END]);
    expect(await rangeOf({ fromBlock: 'latest', toBlock: 'latest' })).toEqual([HEAD, OPEN_END]);
    expect(await rangeOf({ fromBlock: '0x10' })).toEqual([16n, OPEN_END]);
    expect(await rangeOf({ toBlock: '0x10' })).toEqual([16n, 16n]);
    expect(await rangeOf({ fromBlock: 'earliest', toBlock: '0x10' })).toEqual([0n, 16n]);
    expect(await rangeOf({ fromBlock: 'finalized' })).toEqual([HEAD - 19n, OPEN_END]);
  });

  it('refuses a reversed range, "pending" and numbers without 0x', async () => {
    expect(await failureOf({ fromBlock: '0x10', toBlock: '0x5' })).toMatchObject({
      javaMessage: 'please verify: fromBlock <= toBlock',
    });
    expect(await failureOf({ fromBlock: 'pending' })).toMatchObject({ javaMessage: 'TAG pending not supported' });
    expect(await failureOf({ fromBlock: '16' })).toMatchObject({ javaMessage: 'Incorrect hex syntax' });
    // Long.parseLong's failure is not listed by eth_getLogs: -32001 NumberFormatException.
    expect(await failureOf({ fromBlock: '0xzz' })).toMatchObject({
      javaClass: 'java.lang.NumberFormatException',
      javaMessage: 'For input string: "zz"',
    });
  });

  it('limits eth_getLogs to 5000 blocks below the head (node.jsonrpc.maxBlockRange), not eth_newFilter', async () => {
    expect(await rangeOf({ fromBlock: `0x${(20_000 - 5000).toString(16)}` }, true)).toEqual([15_000n, OPEN_END]);
    expect(await failureOf({ fromBlock: `0x${(20_000 - 5001).toString(16)}` })).toMatchObject({
      javaMessage: 'exceed max block range: 5000',
    });
    expect(await failureOf({ fromBlock: '0x0', toBlock: '0x1389' })).toMatchObject({
      javaMessage: 'exceed max block range: 5000',
    });
    expect(await rangeOf({ fromBlock: '0x0' }, false)).toEqual([0n, OPEN_END]);
  });

  it('takes a blockHash alone (EIP-234): one block, and refuses it with fromBlock/toBlock or when unknown', async () => {
    const hash = `0x${bytesToHex(stubBlockHash(7))}`;
    expect(await rangeOf({ blockHash: hash })).toEqual([7n, 7n]);
    expect(await failureOf({ blockHash: hash, fromBlock: '0x1' })).toMatchObject({
      javaMessage: 'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
    });
    expect(await failureOf({ blockHash: `0x${'99'.repeat(32)}` })).toMatchObject({ javaMessage: 'invalid blockHash' });
  });
});
