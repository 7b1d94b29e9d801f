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
      });
    } finally {
      await stores.close();
    }
  });
});
