import { afterEach, describe, expect, it } from 'vitest';
import type { protocol } from '@core/proto/runtime';
import { bigintToLong } from '@core/proto/runtime';
import { sealBlock } from '@main/node/model/block';
import { ChainIndexes } from '@main/node/chain/indexes';
import { encodeWithResult, parseRawTransaction } from '@main/node/model/tx';
import type { ParsedTransaction } from '@main/node/model/tx';
import type { Store } from '@main/node/store/store';
import { key, PREFIX, u64 } from '@main/node/store/store';
import { tempStore } from '../helpers';

const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

function block(number: number, timestamp: number) {
  return sealBlock({
    number,
    timestamp,
    parentHash: new Uint8Array(32),
    witnessAddress: new Uint8Array(21),
    transactions: [],
  });
}

function transaction(serial: number, expiration: number): ParsedTransaction {
  return parseRawTransaction(
    {
      ref_block_bytes: Uint8Array.of(0, 1),
      ref_block_hash: new Uint8Array(8),
      expiration: bigintToLong(BigInt(expiration)),
      timestamp: bigintToLong(BigInt(serial)),
      contract: [],
    } as protocol.Transaction.Iraw as Record<string, unknown>,
    [],
  );
}

/** What a block's batch writes for each packed transaction (chain/commit.ts): block number ‖ Transaction with its ret. */
async function storeInBlock(store: Store, blockNumber: number, txs: readonly ParsedTransaction[]): Promise<void> {
  await store.write(
    txs.map((tx) => {
      const encoded = encodeWithResult(tx, 1);
      const value = new Uint8Array(8 + encoded.length);
      value.set(u64(blockNumber));
      value.set(encoded, 8);
      return { type: 'put' as const, key: key(PREFIX.tx, tx.id), value };
    }),
  );
}

async function openStore(): Promise<Store> {
  const { store, dispose } = await tempStore();
  disposals.push(dispose);
  return store;
}

describe('chain indexes', () => {
  it('accepts a reference to a block once it is added, and nothing else', async () => {
    const indexes = new ChainIndexes(await openStore());
    const b = block(7, 21_000);
    const staged = indexes.stage(b, []);
    expect(indexes.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(false);
    staged.add();
    expect(indexes.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(true);
    expect(indexes.tapos(b.id.subarray(6, 8), new Uint8Array(8))).toBe(false);
    expect(indexes.tapos(b.id.subarray(5, 8), b.id.subarray(8, 16))).toBe(false);
  });

  it('holds an id packed since the start until a block reaches its expiration', async () => {
    const indexes = new ChainIndexes(await openStore());
    const tx = transaction(1, 120_000);
    indexes.stage(block(1, 3_000), [tx]).add();
    expect(indexes.isPackedAndUnexpired(tx.idHex, 3_000)).toBe(true);
    indexes.stage(block(2, 117_000), []).add();
    expect(indexes.isPackedAndUnexpired(tx.idHex, 117_000)).toBe(true);
    indexes.stage(block(3, 120_000), []).add();
    expect(indexes.isPackedAndUnexpired(tx.idHex, 120_000)).toBe(false);
  });

  it('after a restart, finds ids packed before it in the transaction store until the latest expiration written', async () => {
    const store = await openStore();
    const early = transaction(2, 60_000);
    const late = transaction(3, 600_000);
    const never = transaction(4, 600_000);
    const b = block(4, 12_000);
    await store.write(new ChainIndexes(store).stage(b, [early, late]).ops);
    await storeInBlock(store, 4, [early, late]);
    const loaded = await ChainIndexes.load(store, { headNumber: 4, headTimestamp: 12_000 });
    expect(loaded.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(true);
    expect(loaded.isPackedAndUnexpired(early.idHex, 12_000)).toBe(true);
    expect(loaded.isPackedAndUnexpired(early.idHex, 90_000)).toBe(false);
    expect(loaded.isPackedAndUnexpired(late.idHex, 90_000)).toBe(true);
    expect(loaded.isPackedAndUnexpired(never.idHex, 90_000)).toBe(false);
    expect(loaded.isPackedAndUnexpired(late.idHex, 600_000)).toBe(false);
  });

  it('reads the store for the longest expiration window after the head when the latest expiration was never written', async () => {
    const store = await openStore();
    const tx = transaction(5, 50_000_000);
    await storeInBlock(store, 9, [tx]);
    const loaded = await ChainIndexes.load(store, { headNumber: 9, headTimestamp: 27_000 });
    expect(loaded.isPackedAndUnexpired(tx.idHex, 27_000)).toBe(true);
    expect(loaded.isPackedAndUnexpired(tx.idHex, 49_999_999)).toBe(true);
    const atGenesis = await ChainIndexes.load(store, { headNumber: 0, headTimestamp: 27_000 });
    expect(atGenesis.isPackedAndUnexpired(tx.idHex, 27_000)).toBe(false);
  });
});
