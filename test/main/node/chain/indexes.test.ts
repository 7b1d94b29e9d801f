import { afterEach, describe, expect, it } from 'vitest';
import type { protocol } from '../../../../src-core/proto/runtime';
import { bigintToLong } from '../../../../src-core/proto/runtime';
import { sealBlock } from '../../../../src-main/node/chain/block';
import { ChainIndexes } from '../../../../src-main/node/chain/indexes';
import { encodeWithResult, parseRawTransaction } from '../../../../src-main/node/chain/tx';
import type { ParsedTransaction } from '../../../../src-main/node/chain/tx';
import type { Store } from '../../../../src-main/node/store/store';
import { key, PREFIX, u64 } from '../../../../src-main/node/store/store';
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
    const staged = indexes.stage(b);
    expect(indexes.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(false);
    staged.add();
    expect(indexes.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(true);
    expect(indexes.tapos(b.id.subarray(6, 8), new Uint8Array(8))).toBe(false);
    expect(indexes.tapos(b.id.subarray(5, 8), b.id.subarray(8, 16))).toBe(false);
  });

  it('reads the TAPOS index back from the store', async () => {
    const store = await openStore();
    const b = block(4, 12_000);
    await store.write(new ChainIndexes(store).stage(b).ops);
    const loaded = await ChainIndexes.load(store);
    expect(loaded.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(true);
  });

  it('finds a packed id until the head reaches its expiration', async () => {
    const store = await openStore();
    const indexes = new ChainIndexes(store);
    const tx = transaction(1, 120_000);
    expect(indexes.isPackedAndUnexpired(tx.idHex, 3_000)).toBe(false);
    await storeInBlock(store, 1, [tx]);
    expect(indexes.isPackedAndUnexpired(tx.idHex, 3_000)).toBe(true);
    expect(indexes.isPackedAndUnexpired(tx.idHex, 117_000)).toBe(true);
    expect(indexes.isPackedAndUnexpired(tx.idHex, 120_000)).toBe(false);
  });

  it('answers for the transactions of a reopened store without reading them back first', async () => {
    const store = await openStore();
    const early = transaction(2, 60_000);
    const late = transaction(3, 600_000);
    const never = transaction(4, 600_000);
    await storeInBlock(store, 4, [early, late]);
    const loaded = await ChainIndexes.load(store);
    expect(loaded.isPackedAndUnexpired(early.idHex, 90_000)).toBe(false);
    expect(loaded.isPackedAndUnexpired(late.idHex, 90_000)).toBe(true);
    expect(loaded.isPackedAndUnexpired(never.idHex, 90_000)).toBe(false);
  });
});
