import { afterEach, describe, expect, it } from 'vitest';
import { writeBatch } from '@main/node/chain/commit';
import { SolidState } from '@main/node/chain/solid-state';
import { encodeRecordUndo, encodeUndo } from '@main/node/chain/undo';
import type { AccountRecord } from '@main/node/state/account';
import { newAccount } from '@main/node/state/account';
import type { DynamicProperties } from '@main/node/state/dynamic';
import { LevelStateBackend } from '@main/node/state/level-backend';
import { recordSlot, RECORD } from '@main/node/state/records';
import { StateView } from '@main/node/state/view';
import { key, PREFIX, u64 } from '@main/node/store/store';
import { tempStore } from '../helpers';

const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

function account(balance: bigint): AccountRecord {
  const a = newAccount(new Uint8Array(21).fill(7), { createTime: 0, activeOperations: new Uint8Array(32) });
  a.balance = balance;
  return a;
}
const HEX = account(0n).addressHex;

/** A head at block 3 holding balance 30 and a vote record "created" in block 3. */
async function headAt3() {
  const { store, dispose } = await tempStore();
  disposals.push(dispose);
  const state = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: new Map() });
  const view = new StateView(state, {} as DynamicProperties);
  view.putNewAccount(account(30n));
  view.putRecord(RECORD.votes, 'created', { n: 3 });
  await writeBatch(store, state, state.stage(view));
  const props = { headNumber: 3, solidNumber: 1 } as DynamicProperties;
  return { store, state, props };
}

describe('solidified state', () => {
  it('undoes the blocks above the solidified one, newest first', async () => {
    const { store, state, props } = await headAt3();
    const solid = new SolidState(state, store, () => props);
    solid.add(2, new Map([[HEX, account(10n)]]), new Map());
    solid.add(3, new Map([[HEX, account(20n)]]), new Map([[recordSlot(RECORD.votes, 'created'), null]]));
    expect(solid.account(HEX)!.balance).toBe(10n);
    expect(solid.record(RECORD.votes, 'created')).toBeUndefined();
    expect([...solid.reader().recordKeys(RECORD.votes)]).toEqual([]);
    props.solidNumber = 2;
    expect(solid.account(HEX)!.balance).toBe(20n);
    solid.drop(2, 3);
    props.solidNumber = 3;
    expect(solid.account(HEX)!.balance).toBe(30n);
    expect([...solid.reader().recordKeys(RECORD.votes)]).toEqual(['created']);
  });

  it('lists a record the blocks above deleted, reading undo records from the store when first needed', async () => {
    const { store, state, props } = await headAt3();
    await store.write([
      { type: 'put', key: key(PREFIX.undo, u64(3)), value: encodeUndo(new Map([[HEX, null]])) },
      {
        type: 'put',
        key: key(PREFIX.recordUndo, u64(3)),
        value: encodeRecordUndo(new Map([[recordSlot(RECORD.votes, 'gone'), { n: 1 }]])),
      },
    ]);
    const solid = new SolidState(state, store, () => props);
    expect(solid.account(HEX)).toBeUndefined();
    expect(solid.record(RECORD.votes, 'gone')).toEqual({ n: 1 });
    expect([...solid.reader().recordKeys(RECORD.votes)].sort()).toEqual(['created', 'gone']);
  });
});
