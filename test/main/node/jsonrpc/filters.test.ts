import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { JsonRpcFailure } from '@main/node/jsonrpc/errors';
import { EXPIRE_MS, FilterRegistry, MAX_FILTERS } from '@main/node/jsonrpc/filters';
import type { FilterRequest } from '@main/node/jsonrpc/log-filter';
import { stubBlockHash, stubReads } from './stub-reads';
import type { StubChain } from './stub-reads';

/**
 * eth_newFilter / eth_newBlockFilter / eth_getFilterChanges / eth_getFilterLogs /
 * eth_uninstallFilter (TronJsonRpcImpl, FilterResult.EXPIRE_SECONDS = 300), on a stand-in chain
 * and a clock the test moves.
 */
const token = new Uint8Array(20).fill(0xaa);
const topic = new Uint8Array(32).fill(0x11);
const request = (fields: Partial<FilterRequest> = {}): FilterRequest => ({
  fromBlock: null,
  toBlock: null,
  address: null,
  topics: null,
  blockHash: null,
  ...fields,
});

function setup() {
  const chain: StubChain = { head: 3, blocks: new Map([[2, [[{ address: token, topics: [topic] }]]]]) };
  let now = 1_000_000;
  const filters = new FilterRegistry(stubReads(chain), () => now);
  const advance = (ms: number) => {
    now += ms;
  };
  const addBlock = (logs = false) => {
    chain.head += 1;
    if (logs) chain.blocks.set(chain.head, [[{ address: token, topics: [topic] }]]);
  };
  return { chain, filters, advance, addBlock };
}

function refusal(run: () => unknown): JsonRpcFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof JsonRpcFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('JSON-RPC filters', () => {
  it('gives a block filter the hashes of the blocks applied after it, once each, as 0x + blockID', async () => {
    const { filters, addBlock } = setup();
    const id = filters.newBlockFilter();
    expect(id).toMatch(/^0x[0-9a-f]{32}$/);
    addBlock();
    addBlock(true);
    await filters.catchUp();
    expect(filters.changes(id)).toEqual([`0x${bytesToHex(stubBlockHash(4))}`, `0x${bytesToHex(stubBlockHash(5))}`]);
    expect(filters.changes(id)).toEqual([]);
    // The id is accepted without 0x too (ByteArray.fromHex).
    expect(filters.changes(id.slice(2))).toEqual([]);
  });

  it('gives a log filter only new matching logs inside its range; eth_getFilterLogs queries the whole range again', async () => {
    const { filters, addBlock } = setup();
    const id = await filters.newLogFilter(request({ fromBlock: '0x0', toBlock: '0x5' }));
    addBlock(true);
    addBlock();
    addBlock(true);
    await filters.catchUp();
    // Block 2's log was there before the filter; block 6 is past toBlock.
    expect(filters.changes(id)).toEqual([
      expect.objectContaining({ blockNumber: '0x4', address: `0x${bytesToHex(token)}` }),
    ]);
    expect((await filters.logs(id)).map((l) => l.blockNumber)).toEqual(['0x2', '0x4']);
  });

  it('expires a filter 5 minutes after it was made or last polled, when a block arrives after that', async () => {
    const { filters, advance, addBlock } = setup();
    const polled = filters.newBlockFilter();
    const idle = filters.newBlockFilter();
    const lingering = filters.newBlockFilter();
    advance(EXPIRE_MS - 1);
    filters.changes(polled);
    advance(2);
    // Past its 5 minutes but no block since: still answered (java-tron drops it in handleBLockFilter), and renewed.
    expect(filters.changes(lingering)).toEqual([]);
    addBlock();
    await filters.catchUp();
    expect(refusal(() => filters.changes(idle))).toMatchObject({
      kind: 'itemNotFound',
      javaMessage: 'filter not found',
    });
    expect(filters.changes(polled)).toEqual([`0x${bytesToHex(stubBlockHash(4))}`]);
    expect(filters.changes(lingering)).toEqual([`0x${bytesToHex(stubBlockHash(4))}`]);
  });

  it('uninstalls a filter once: true, then "filter not found" (ItemNotFoundException)', async () => {
    const { filters } = setup();
    const id = filters.newBlockFilter();
    expect(filters.uninstall(id)).toBe(true);
    expect(refusal(() => filters.uninstall(id))).toMatchObject({
      kind: 'itemNotFound',
      javaMessage: 'filter not found',
    });
    expect(refusal(() => filters.changes(id))).toMatchObject({ kind: 'itemNotFound', javaMessage: 'filter not found' });
  });

  it('refuses "finalized" as a filter bound and eth_getFilterLogs of a block filter', async () => {
    const { filters } = setup();
    await expect(filters.newLogFilter(request({ fromBlock: 'finalized' }))).rejects.toMatchObject({
      kind: 'invalidParams',
      javaMessage: 'invalid block range params',
    });
    await expect(filters.logs(filters.newBlockFilter())).rejects.toMatchObject({
      kind: 'itemNotFound',
      javaMessage: 'filter not found',
    });
  });
});

describe('JSON-RPC filter limits', () => {
  it('refuses a block filter past MAX_FILTERS.block with JsonRpcExceedLimitException, and takes one again after an uninstall', () => {
    const { filters } = setup();
    const ids = Array.from({ length: MAX_FILTERS.block }, () => filters.newBlockFilter());
    expect(refusal(() => filters.newBlockFilter())).toMatchObject({
      kind: 'exceedLimit',
      javaMessage: `exceed max block filters: ${MAX_FILTERS.block}, try again later`,
    });
    filters.uninstall(ids[0]!);
    expect(filters.newBlockFilter()).toMatch(/^0x[0-9a-f]{32}$/);
  });

  it('refuses a log filter past MAX_FILTERS.log, block filters counted apart', async () => {
    const { filters } = setup();
    for (let i = 0; i < MAX_FILTERS.log; i++) await filters.newLogFilter(request());
    await expect(filters.newLogFilter(request())).rejects.toMatchObject({
      kind: 'exceedLimit',
      javaMessage: `exceed max log filters: ${MAX_FILTERS.log}, try again later`,
    });
    expect(filters.newBlockFilter()).toMatch(/^0x[0-9a-f]{32}$/);
  });

  it('gives the place of an expired filter to a new one even when no block arrived to drop it', async () => {
    const { filters, advance } = setup();
    const first = filters.newBlockFilter();
    for (let i = 1; i < MAX_FILTERS.block; i++) filters.newBlockFilter();
    for (let i = 0; i < MAX_FILTERS.log; i++) await filters.newLogFilter(request());
    advance(EXPIRE_MS + 1);
    expect(filters.newBlockFilter()).toMatch(/^0x[0-9a-f]{32}$/);
    expect(await filters.newLogFilter(request())).toMatch(/^0x[0-9a-f]{32}$/);
    expect(refusal(() => filters.changes(first))).toMatchObject({ kind: 'itemNotFound' });
  });
});
