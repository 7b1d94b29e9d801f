import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { sealBlock } from '@main/node/chain/block';
import { ChainIndexes } from '@main/node/chain/indexes';
import type { ParsedTransaction } from '@main/node/chain/tx';
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

function packed(byte: number, expiration: number): ParsedTransaction {
  const id = new Uint8Array(32).fill(byte);
  return { id, idHex: bytesToHex(id), expiration } as unknown as ParsedTransaction;
}

describe('chain indexes', () => {
  it('accepts a reference to a block once it is added, and nothing else', () => {
    const indexes = new ChainIndexes();
    const b = block(7, 21_000);
    const staged = indexes.stage(b, []);
    expect(indexes.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(false);
    staged.add();
    expect(indexes.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(true);
    expect(indexes.tapos(b.id.subarray(6, 8), new Uint8Array(8))).toBe(false);
    expect(indexes.tapos(b.id.subarray(5, 8), b.id.subarray(8, 16))).toBe(false);
  });

  it('holds a packed id until a block reaches its expiration, and deletes its entry with that block', () => {
    const indexes = new ChainIndexes();
    const tx = packed(1, 120_000);
    indexes.stage(block(1, 3000), [tx]).add();
    expect(indexes.isPackedAndUnexpired(tx.idHex)).toBe(true);
    indexes.stage(block(2, 117_000), []).add();
    expect(indexes.isPackedAndUnexpired(tx.idHex)).toBe(true);
    const expiring = indexes.stage(block(3, 120_000), []);
    expect(expiring.ops.filter((op) => op.type === 'del')).toHaveLength(1);
    expiring.add();
    expect(indexes.isPackedAndUnexpired(tx.idHex)).toBe(false);
  });

  it('reads both indexes back from the store, without the ids expired by the head', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const b = block(4, 12_000);
    const early = packed(2, 60_000);
    const late = packed(3, 600_000);
    await store.write(new ChainIndexes().stage(b, [early, late]).ops);
    const loaded = await ChainIndexes.load(store, 90_000);
    expect(loaded.tapos(b.id.subarray(6, 8), b.id.subarray(8, 16))).toBe(true);
    expect(loaded.isPackedAndUnexpired(early.idHex)).toBe(false);
    expect(loaded.isPackedAndUnexpired(late.idHex)).toBe(true);
  });

  it('reads back every unexpired id when there are more than one batch of keys', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const txs: ParsedTransaction[] = [];
    for (let i = 0; i < 10_000; i++) {
      const id = new Uint8Array(32);
      new DataView(id.buffer).setUint32(0, i);
      txs.push({ id, idHex: bytesToHex(id), expiration: 600_000 + i } as unknown as ParsedTransaction);
    }
    await store.write(new ChainIndexes().stage(block(5, 15_000), txs).ops);
    const loaded = await ChainIndexes.load(store, 600_000 + 4_999);
    expect(txs.filter((tx) => loaded.isPackedAndUnexpired(tx.idHex))).toHaveLength(5_000);
    expect(loaded.isPackedAndUnexpired(txs[4_999]!.idHex)).toBe(false);
    expect(loaded.isPackedAndUnexpired(txs[5_000]!.idHex)).toBe(true);
    expect(loaded.isPackedAndUnexpired(txs[9_999]!.idHex)).toBe(true);
  });
});
