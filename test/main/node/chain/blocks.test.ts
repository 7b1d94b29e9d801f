import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { sealBlock } from '@main/node/model/block';
import { BLOCK_TEXT_FORM, BlockLog, blockTextKey } from '@main/node/chain/blocks';
import { key, PREFIX, u64 } from '@main/node/store/store';
import { tempStore } from '../helpers';

const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

const blocks = Array.from({ length: 300 }, (_, n) =>
  sealBlock({
    number: n,
    timestamp: 3000 * n,
    parentHash: new Uint8Array(32),
    witnessAddress: new Uint8Array(21),
    transactions: [],
  }),
);

describe('block log', () => {
  it('answers BLOCKHASH for the last 256 blocks only, and reads any stored block and its id', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    await store.write(
      blocks.flatMap((b) => [
        { type: 'put' as const, key: key(PREFIX.block, u64(b.number)), value: b.bytes },
        { type: 'put' as const, key: key(PREFIX.blockId, b.id), value: u64(b.number) },
      ]),
    );
    const log = await BlockLog.load(store, 299);
    expect(log.recentBlockId(299)).toEqual(blocks[299]!.id);
    expect(log.recentBlockId(44)).toEqual(blocks[44]!.id);
    expect(log.recentBlockId(43)).toBeUndefined();
    expect(await log.blockIdHex(10)).toBe(blocks[10]!.idHex);
    expect(bytesToHex((await log.blockBytes(10))!)).toBe(bytesToHex(blocks[10]!.bytes));
    expect(await log.blockNumberOfId(bytesToHex(blocks[123]!.id))).toBe(123);
    expect(await log.blockIdHex(300)).toBeUndefined();
  });

  it('moves the BLOCKHASH window as blocks are added', async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const log = await BlockLog.load(store, -1);
    for (const b of blocks) log.add(b);
    expect(log.recentBlockId(299)).toEqual(blocks[299]!.id);
    expect(log.recentBlockId(43)).toBeUndefined();
    expect(await log.blockBytes(299)).toEqual(blocks[299]!.bytes);
  });

  it("reads a block's text by number and form, as stored, and nothing for a form not written", async () => {
    const { store, dispose } = await tempStore();
    disposals.push(dispose);
    const hex = new TextEncoder().encode('{"blockID":"00"}\n');
    await store.write([{ type: 'put', key: blockTextKey(7, BLOCK_TEXT_FORM.hex), value: hex }]);
    const log = await BlockLog.load(store, -1);
    expect(new Uint8Array((await log.blockText(7, BLOCK_TEXT_FORM.hex))!)).toEqual(hex);
    expect(await log.blockText(7, BLOCK_TEXT_FORM.visible)).toBeUndefined();
    expect(await log.blockText(8, BLOCK_TEXT_FORM.hex)).toBeUndefined();
    expect(blockTextKey(7, BLOCK_TEXT_FORM.hex)).not.toEqual(blockTextKey(7, BLOCK_TEXT_FORM.visible));
  });
});
