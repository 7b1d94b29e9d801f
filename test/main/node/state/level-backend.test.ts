import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import type { AccountRecord } from '@main/node/state/account';
import { encodeAccount, newAccount } from '@main/node/state/account';
import type { DynamicProperties } from '@main/node/state/dynamic';
import type { ExtCodecs } from '@main/node/state/ext';
import { LevelStateBackend } from '@main/node/state/level-backend';
import { RECORD } from '@main/node/state/records';
import { StateView } from '@main/node/state/view';
import { key, PREFIX, Store } from '@main/node/store/store';

/** A contract-record kind for the test: JSON under the prefix byte 'Z'. */
const CODECS: ExtCodecs = new Map([
  [
    'Z',
    {
      prefix: 0x5a,
      encode: (value: unknown) => utf8ToBytes(JSON.stringify(value)),
      decode: (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown,
    },
  ],
]);
const PROPS = {} as DynamicProperties;

const stores: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function openStore(dir?: string): Promise<Store> {
  const location = dir ?? (await mkdtemp(join(tmpdir(), 'level-backend-')));
  if (!dir) dirs.push(location);
  const store = new Store(location);
  await store.open();
  stores.push(store);
  return store;
}

function address(i: number): Uint8Array {
  const out = new Uint8Array(21);
  out[0] = 0x41;
  new DataView(out.buffer).setUint32(17, i);
  return out;
}

function account(i: number, balance: bigint): AccountRecord {
  const a = newAccount(address(i), { createTime: 1, activeOperations: new Uint8Array(32) });
  a.balance = balance;
  return a;
}

/** Stages a view's changes, writes the batch and settles, as the chain does for a block. */
async function commit(store: Store, backend: LevelStateBackend, view: StateView): Promise<void> {
  await store.write(backend.stage(view));
  backend.settle(true);
}

describe('LevelStateBackend', () => {
  it('answers every account through a cache far smaller than the state', async () => {
    const store = await openStore();
    const backend = await LevelStateBackend.open(store, { cacheBytes: 20_000, extCodecs: CODECS });
    const view = new StateView(backend, PROPS);
    for (let i = 0; i < 300; i++) view.putNewAccount(account(i, BigInt(i) * 7n));
    await commit(store, backend, view);
    let total = 0n;
    for (let i = 0; i < 300; i++) total += backend.getAccount(bytesToHex(address(i)))!.balance;
    expect(total).toBe(7n * ((299n * 300n) / 2n));
    expect(backend.getAccount(bytesToHex(address(300)))).toBeUndefined();
  });

  it('answers a query for an uncached account from LevelDB each time, keeping no copy', async () => {
    const store = await openStore();
    const backend = await LevelStateBackend.open(store, { cacheBytes: 1_000_000, extCodecs: CODECS });
    const view = new StateView(backend, PROPS);
    view.putNewAccount(account(1, 5n));
    view.putNewAccount(account(2, 6n));
    await commit(store, backend, view);
    // A fresh backend over the same store has nothing cached yet.
    const fresh = await LevelStateBackend.open(store, { cacheBytes: 1_000_000, extCodecs: CODECS });
    const [one, two] = [bytesToHex(address(1)), bytesToHex(address(2))];
    expect(fresh.peekAccount(one)!.balance).toBe(5n);
    expect(fresh.getAccount(two)!.balance).toBe(6n);
    // Changed behind the backend's back: the peeked account is read again, the cached one is not.
    for (const [i, balance] of [
      [1, 50n],
      [2, 60n],
    ] as const)
      await store.write([
        { type: 'put', key: key(PREFIX.account, address(i)), value: encodeAccount(account(i, balance)) },
      ]);
    expect(fresh.peekAccount(one)!.balance).toBe(50n);
    expect(fresh.peekAccount(two)!.balance).toBe(6n);
    expect(fresh.peekAccount(bytesToHex(address(3)))).toBeUndefined();
  });

  it('answers the state before a block until its batch is settled, even once LevelDB holds it', async () => {
    const store = await openStore();
    const backend = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: CODECS });
    const hex = bytesToHex(address(1));
    const first = new StateView(backend, PROPS);
    first.putNewAccount(account(1, 100n));
    await commit(store, backend, first);

    const second = new StateView(backend, PROPS);
    second.mutableAccount(hex)!.balance = 50n;
    second.putNewAccount(account(2, 5n));
    second.putRecord(RECORD.votes, hex, { old: [], new: [] });
    second.putExt(`Z${hex}`, { n: 1 });
    await store.write(backend.stage(second));
    expect(backend.getAccount(hex)!.balance).toBe(100n);
    expect(backend.getAccount(bytesToHex(address(2)))).toBeUndefined();
    expect([...backend.recordKeys(RECORD.votes)]).toEqual([]);
    expect([...backend.extKeys('Z')]).toEqual([]);
    backend.settle(true);
    expect(backend.getAccount(hex)!.balance).toBe(50n);
    expect(backend.getAccount(bytesToHex(address(2)))!.balance).toBe(5n);
    expect([...backend.recordKeys(RECORD.votes)]).toEqual([hex]);
    expect([...backend.extKeys('Z')]).toEqual([`Z${hex}`]);
    expect(backend.getExt(`Z${hex}`)).toEqual({ n: 1 });
  });

  it('drops the staged changes when their batch was not written', async () => {
    const store = await openStore();
    const backend = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: CODECS });
    const view = new StateView(backend, PROPS);
    view.putNewAccount(account(3, 1n));
    backend.stage(view);
    backend.settle(false);
    expect(backend.getAccount(bytesToHex(address(3)))).toBeUndefined();
    const again = new StateView(backend, PROPS);
    again.putNewAccount(account(3, 2n));
    await commit(store, backend, again);
    expect(backend.getAccount(bytesToHex(address(3)))!.balance).toBe(2n);
  });

  it('scans the delegation index by account and refuses to list a namespace read by key', async () => {
    const store = await openStore();
    const backend = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: CODECS });
    const [a, b, c] = [1, 2, 3].map((i) => bytesToHex(address(i)));
    const view = new StateView(backend, PROPS);
    view.putRecord(RECORD.delegationIndex, `f${a}${b}`, { at: 1 });
    view.putRecord(RECORD.delegationIndex, `f${a}${c}`, { at: 2 });
    view.putRecord(RECORD.delegationIndex, `t${b}${a}`, { at: 1 });
    view.putRecord(RECORD.mortgage, `0-${a}-reward`, 5n);
    await commit(store, backend, view);
    expect([...backend.recordKeys(RECORD.delegationIndex, `f${a}`)].sort()).toEqual([`f${a}${b}`, `f${a}${c}`]);
    expect([...backend.recordKeys(RECORD.delegationIndex, `t${b}`)]).toEqual([`t${b}${a}`]);
    expect(backend.getRecord(RECORD.mortgage, `0-${a}-reward`)).toBe(5n);
    expect(() => backend.recordKeys(RECORD.mortgage)).toThrow(/read by key/);

    const removal = new StateView(backend, PROPS);
    removal.putRecord(RECORD.delegationIndex, `f${a}${b}`, undefined);
    await commit(store, backend, removal);
    expect([...backend.recordKeys(RECORD.delegationIndex, `f${a}`)]).toEqual([`f${a}${c}`]);
  });

  it('finds witnesses, names, records and contract-record keys again after reopening', async () => {
    const store = await openStore();
    const location = store.location;
    const backend = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: CODECS });
    const hex = bytesToHex(address(9));
    const view = new StateView(backend, PROPS);
    view.putNewAccount(account(9, 9n));
    view.setName('6e616d65', hex);
    view.putWitness({
      address: address(9),
      addressHex: hex,
      voteCount: 3n,
      url: 'http://w',
      totalProduced: 1,
      totalMissed: 0,
      latestBlockNum: 1,
      latestSlotNum: 1,
      isJobs: true,
    });
    view.putRecord(RECORD.asset, '1000001', { id: '1000001' });
    view.putExt(`Z${hex}01`, [1]);
    await commit(store, backend, view);
    await store.close();
    stores.splice(stores.indexOf(store), 1);

    const reopened = await LevelStateBackend.open(await openStore(location), {
      cacheBytes: 1 << 20,
      extCodecs: CODECS,
    });
    expect(reopened.getAccount(hex)!.balance).toBe(9n);
    expect(reopened.nameOwner('6e616d65')).toBe(hex);
    expect([...reopened.witnessAddresses()]).toEqual([hex]);
    expect(reopened.getWitness(hex)!.voteCount).toBe(3n);
    expect([...reopened.recordKeys(RECORD.asset)]).toEqual(['1000001']);
    expect([...reopened.extKeys(`Z${hex}`)]).toEqual([`Z${hex}01`]);
  });

  it('builds the name index from the accounts of a data directory that has none', async () => {
    const store = await openStore();
    const named = account(5, 1n);
    named.accountName = utf8ToBytes('treasury');
    await store.write([{ type: 'put', key: key(PREFIX.account, named.address), value: encodeAccount(named) }]);
    const backend = await LevelStateBackend.open(store, { cacheBytes: 1 << 20, extCodecs: CODECS });
    expect(backend.nameOwner(bytesToHex(utf8ToBytes('treasury')))).toBe(named.addressHex);
    const stored = await store.get(key(PREFIX.accountName, named.accountName));
    expect(bytesToHex(stored!)).toBe(named.addressHex);
  });
});
