import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { decodeHeader } from '@main/node/model/block';
import { assertNotForkData, ForkPoint } from '@main/node/fork/fork-point';
import { ForkDataError } from '@main/node/errors';
import { key, PREFIX } from '@main/node/store/store';
import { blockAt, GENESIS_TS, Script, tempStores } from './helpers';

/** Where a fork leaves its upstream, and which data directories a fork may open. */
describe('ForkPoint', () => {
  const freshStore = tempStores();

  it('takes the chain parameters, totals and fork point from upstream, a listed parameter without a value as 0', async () => {
    const store = await freshStore();
    const { point } = await ForkPoint.open(store, new Script());
    expect(point.info).toMatchObject({
      number: 100,
      id: blockAt(100).blockID,
      genesisId: blockAt(0).blockID,
      genesisTimestamp: GENESIS_TS,
      parameters: { getEnergyFee: 420n, getAllowMultiSign: 0n },
      totalEnergyWeight: 5n,
      totalNetWeight: 7n,
      priceHistories: { energy: '0:100,1575331200000:10,1606240800000:420', bandwidth: '0:10,1606240800000:1000' },
    });
    // The fork point's block is kept as its header alone, which gives upstream's id back.
    expect(bytesToHex(decodeHeader(point.info.headBlock).id)).toBe(blockAt(100).blockID);
  });

  it("keeps the fork point in the data directory, and refuses a plain chain's directory and a fork's without --fork-url", async () => {
    const store = await freshStore();
    const { ops } = await ForkPoint.open(store, new Script());
    await store.write(ops);
    const again = new Script();
    expect((await ForkPoint.open(store, again)).ops).toEqual([]);
    expect(again.calls).toEqual([]);
    await expect(assertNotForkData(store)).rejects.toThrow(
      'This data directory holds a fork of http://upstream.test; start it with --fork-url http://upstream.test, or use another --datadir.',
    );

    const plain = await freshStore();
    await plain.write([{ type: 'put', key: key(PREFIX.meta), value: new Uint8Array([0x7b, 0x7d]) }]);
    await expect(ForkPoint.open(plain, new Script())).rejects.toThrow(ForkDataError);
    await expect(assertNotForkData(plain)).resolves.toBeUndefined();
  });
});
