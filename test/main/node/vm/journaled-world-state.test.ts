import { describe, expect, it } from 'vitest';
import type { Hex, HexAddress } from '@core/brand';
import { AccountType, createMemoryWorldState } from '@main/node/vm/index';
import { VmStateError } from '@main/node/errors';

const A = `41${'0a'.repeat(20)}` as HexAddress;
const B = `41${'0b'.repeat(20)}` as HexAddress;
const KEY = '01'.padStart(64, '0') as Hex;
const ONE = new Uint8Array(32);
ONE[31] = 1;
const ZERO = new Uint8Array(32);

describe('JournaledWorldState', () => {
  it('reverts a frame without touching the frames below it', () => {
    const { world } = createMemoryWorldState();
    world.putAccount(A, { type: AccountType.Normal, balance: 10n });
    world.checkpoint();
    world.putAccount(A, { type: AccountType.Normal, balance: 20n });
    world.checkpoint();
    world.putAccount(A, { type: AccountType.Normal, balance: 30n });
    world.setTokenBalance(A, '1000001', 5n);
    world.putRecord('stake', A, { frozen: 1n });
    world.revert();
    expect(world.getAccount(A)?.balance).toBe(20n);
    expect(world.getTokenBalance(A, '1000001')).toBe(0n);
    expect(world.getRecord('stake', A)).toBeUndefined();
    world.commit();
    expect(world.getAccount(A)?.balance).toBe(20n);
    expect(world.depth).toBe(0);
  });

  it('lets an outer revert undo a committed inner frame', () => {
    const { world } = createMemoryWorldState();
    world.checkpoint();
    world.checkpoint();
    world.putAccount(B, { type: AccountType.Normal, balance: 7n });
    world.commit();
    expect(world.getAccount(B)?.balance).toBe(7n);
    world.revert();
    expect(world.getAccount(B)).toBeUndefined();
  });

  it('keeps a row written zero until the transaction commits, then deletes it', () => {
    const { world } = createMemoryWorldState();
    world.checkpoint();
    world.setStorage(A, KEY, ONE);
    world.setStorage(A, KEY, ZERO);
    expect(world.getStorage(A, KEY)).toEqual(ZERO);
    world.commit();
    expect(world.getStorage(A, KEY)).toBeUndefined();
  });

  it('flushes committed changes into the backend, deletions included', () => {
    const { world, backend } = createMemoryWorldState();
    world.putAccount(A, { type: AccountType.Contract, balance: 1n });
    world.setCode(A, Uint8Array.of(0x00));
    world.checkpoint();
    world.setStorage(A, KEY, ONE);
    world.commit();
    const diff = world.flush();
    expect(diff.storage.get(A + KEY)).toEqual(ONE);
    expect(backend.getStorage(A, KEY)).toEqual(ONE);
    expect(backend.getCode(A)).toEqual(Uint8Array.of(0x00));
    world.deleteContract(A);
    world.deleteAccount(A);
    world.flush();
    expect(backend.getAccount(A)).toBeUndefined();
    expect(backend.getCode(A).length).toBe(0);
  });

  it('refuses unbalanced journal calls and negative balances with typed errors', () => {
    const { world } = createMemoryWorldState();
    expect(() => world.commit()).toThrowError(VmStateError);
    expect(() => world.revert()).toThrowError(expect.objectContaining({ code: 'JOURNAL_UNBALANCED' }));
    expect(() => world.putAccount(A, { type: AccountType.Normal, balance: -1n })).toThrowError(
      expect.objectContaining({ code: 'NEGATIVE_BALANCE' }),
    );
    expect(() => world.setStorage(A, KEY, new Uint8Array(31))).toThrowError(
      expect.objectContaining({ code: 'STORAGE_VALUE_LENGTH' }),
    );
    world.checkpoint();
    expect(() => world.flush()).toThrowError(expect.objectContaining({ code: 'JOURNAL_OPEN' }));
  });
});
