import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { JsonRpcFailure } from '@main/node/jsonrpc/errors';
import { parseFirstJsonValue } from '@main/node/jsonrpc/json';
import { filterRequestParam, logQueryOf } from '@main/node/jsonrpc/log-filter';
import { queryLogs } from '@main/node/jsonrpc/log-query';
import type { NodeReads } from '@main/node/jsonrpc/node-reads';
import { idOf, stubBlockHash, stubReads } from './stub-reads';
import type { StubLog } from './stub-reads';

/** eth_getLogs results (LogMatch) and java-tron's 10,000 limits (LogBlockQuery.MAX_RESULT, -32005). */
const token = new Uint8Array(20).fill(0xaa);
const other = new Uint8Array(20).fill(0xbb);
const transfer = new Uint8Array(32).fill(0x11);
const approval = new Uint8Array(32).fill(0x22);
const log = (address: Uint8Array, topic: Uint8Array): StubLog => ({ address, topics: [topic] });

async function logsOf(reads: NodeReads, json: unknown) {
  const request = filterRequestParam(parseFirstJsonValue(JSON.stringify(json)))!;
  const head = BigInt(reads.headNumber());
  return queryLogs(reads, await logQueryOf(reads, request, head, false), head);
}

async function refusal(run: Promise<unknown>): Promise<JsonRpcFailure> {
  try {
    await run;
  } catch (error) {
    if (error instanceof JsonRpcFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('eth_getLogs results', () => {
  const reads = stubReads({
    head: 6,
    blocks: new Map([
      [2, [[log(other, transfer), log(token, transfer)], [log(token, approval)]]],
      [5, [[log(token, transfer)]]],
    ]),
  });

  it('returns the matching logs in block order, logIndex counted over every log of the block, transactionIndex per transaction', async () => {
    const logs = await logsOf(reads, {
      fromBlock: '0x0',
      address: `0x${bytesToHex(token)}`,
      topics: [`0x${bytesToHex(transfer)}`],
    });
    expect(logs).toEqual([
      {
        address: `0x${bytesToHex(token)}`,
        blockHash: `0x${bytesToHex(stubBlockHash(2))}`,
        blockNumber: '0x2',
        data: '0x',
        logIndex: '0x1',
        removed: false,
        topics: [`0x${bytesToHex(transfer)}`],
        transactionHash: `0x${bytesToHex(idOf(2, 0))}`,
        transactionIndex: '0x0',
      },
      expect.objectContaining({ blockNumber: '0x5', logIndex: '0x0' }),
    ]);
    const approvals = await logsOf(reads, { fromBlock: '0x0', topics: [[`0x${bytesToHex(approval)}`]] });
    expect(approvals).toEqual([
      expect.objectContaining({
        blockNumber: '0x2',
        logIndex: '0x2',
        transactionIndex: '0x1',
        transactionHash: `0x${bytesToHex(idOf(2, 1))}`,
      }),
    ]);
  });

  it('ends the range at the head, and answers [] for a range that starts after it', async () => {
    expect(await logsOf(reads, { fromBlock: '0x3', toBlock: '0x100' })).toHaveLength(1);
    expect(await logsOf(reads, { fromBlock: '0x7' })).toEqual([]);
  });

  it('refuses 10,000 candidate blocks: every block of the range when no address or topic is given', async () => {
    const long = stubReads({ head: 10_000, blocks: new Map() });
    expect(await refusal(logsOf(long, { fromBlock: '0x1' }))).toMatchObject({
      kind: 'tooManyResult',
      javaMessage: 'query returned more than 10000 results',
    });
    expect(await logsOf(long, { fromBlock: '0x2' })).toEqual([]);
  });

  it('refuses more than 10,000 matching logs', async () => {
    const busy = stubReads({
      head: 1,
      blocks: new Map([[1, [Array.from({ length: 10_001 }, () => log(token, transfer))]]]),
    });
    expect(await refusal(logsOf(busy, { fromBlock: '0x0', address: `0x${bytesToHex(token)}` }))).toMatchObject({
      kind: 'tooManyResult',
      javaMessage: 'query returned more than 10000 results',
    });
  });
});
