import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import { WATCH_LIST_FILE, WatchStores } from '@main/wallet/watchtower/watch-stores';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watch-stores-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('the watch list file', () => {
  it('reads a version 1 list: its rules expect the chain’s keys and list no signer, every other rule kept', async () => {
    const address = toBase58Address(`41${'ab'.repeat(20)}`);
    const rules = {
      permissionChanged: true,
      unexpectedSigner: true,
      outgoingValue: true,
      outgoingTrxSun: 5_000_000,
      stakingChanged: false,
      contractSettings: true,
      balanceFloor: true,
      floorTrxSun: 100_000_000,
    };
    const v1 = {
      format: 'tron-wallet-watch-list',
      version: 1,
      data: { entries: [{ address, label: 'Exchange', origin: 'added', rules, addedAt: 1000 }] },
    };
    await writeFile(join(dir, WATCH_LIST_FILE), JSON.stringify(v1));
    const stores = await WatchStores.open(dir);
    try {
      expect(stores.list.store.report.migratedFrom).toBe(1);
      expect(stores.list.get(address)!.rules).toEqual({
        ...rules,
        outgoingTrxSun: 5_000_000n,
        floorTrxSun: 100_000_000n,
        signersFromChain: true,
        expectedSigners: [],
        outgoingTokens: [],
      });
    } finally {
      await stores.close();
    }
  });

  it('reads a token threshold as a whole number of base units, and a list written without any as none set', async () => {
    const [withToken, without] = [`41${'ab'.repeat(20)}`, `41${'cd'.repeat(20)}`].map((a) => toBase58Address(a));
    const token = toBase58Address(`41${'ef'.repeat(20)}`);
    const rules = {
      permissionChanged: true,
      unexpectedSigner: true,
      signersFromChain: true,
      expectedSigners: [],
      outgoingValue: true,
      outgoingTrxSun: 0,
      stakingChanged: true,
      contractSettings: true,
      balanceFloor: true,
      floorTrxSun: 0,
    };
    const entry = (address: string, extra: object) => ({
      address,
      label: '',
      origin: 'added',
      rules: { ...rules, ...extra },
      addedAt: 1000,
    });
    const v2 = {
      format: 'tron-wallet-watch-list',
      version: 2,
      data: {
        entries: [
          entry(withToken!, { outgoingTokens: [{ token, symbol: 'TT', decimals: 6, above: 300_000_000_000 }] }),
          entry(without!, {}),
        ],
      },
    };
    await writeFile(join(dir, WATCH_LIST_FILE), JSON.stringify(v2));
    const stores = await WatchStores.open(dir);
    try {
      expect(stores.list.get(withToken!)!.rules.outgoingTokens).toEqual([
        { token, symbol: 'TT', decimals: 6, above: 300_000_000_000n },
      ]);
      expect(stores.list.get(without!)!.rules.outgoingTokens).toEqual([]);
    } finally {
      await stores.close();
    }
  });
});
