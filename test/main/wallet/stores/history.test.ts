import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Drafts, DRAFTS_FILE } from '@main/wallet/stores/drafts';
import { Envelopes, ENVELOPES_FILE } from '@main/wallet/stores/envelopes';
import { proposal } from '../../../core/envelope/helpers';
import { History, HISTORY_FILE } from '@main/wallet/stores/history';
import { NetworkStores } from '@main/wallet/stores/network-stores';
import { defaultSettings, Settings, SETTINGS_FILE } from '@main/wallet/stores/settings';
import { expectWalletError, removeDir, tempDir } from '../helpers';

const TXID = 'ab'.repeat(32);

describe('history', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => removeDir(dir));

  it('records a transaction once per txid and merges later facts, fees as exact sun', async () => {
    const history = await History.open(join(dir, HISTORY_FILE));
    await history.record(
      { txid: TXID.toUpperCase(), type: 'TransferContract', status: 'signed', permissionId: 2, owner: 'TXYZ' },
      100,
    );
    const fee = 2n ** 55n + 3n;
    await history.record(
      { txid: TXID, type: 'TransferContract', status: 'confirmed', feeSun: fee, blockNumber: 77, confirmedAt: 300 },
      300,
    );
    const reopened = await History.open(join(dir, HISTORY_FILE));
    expect(reopened.list()).toEqual([
      {
        txid: TXID,
        type: 'TransferContract',
        status: 'confirmed',
        owner: 'TXYZ',
        permissionId: 2,
        feeSun: fee,
        blockNumber: 77,
        message: null,
        createdAt: 100,
        updatedAt: 300,
        broadcastAt: null,
        confirmedAt: 300,
        expiresAt: null,
      },
    ]);
    expect(await readFile(join(dir, HISTORY_FILE), 'utf8')).toContain(`"feeSun": ${fee}`);
  });

  it('refuses a malformed txid and a negative fee', async () => {
    const history = await History.open(join(dir, HISTORY_FILE));
    await expectWalletError(
      history.record({ txid: 'xyz', type: 'TransferContract', status: 'pending' }),
      'StoreError',
      'STORE_INVALID_UPDATE',
    );
    await expectWalletError(
      history.record({ txid: TXID, type: 'TransferContract', status: 'pending', feeSun: -1n }),
      'StoreError',
      'STORE_INVALID_UPDATE',
    );
  });
});

describe('drafts and envelopes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => removeDir(dir));

  it('keeps draft content as opaque JSON and updates it in place', async () => {
    const drafts = await Drafts.open(join(dir, DRAFTS_FILE));
    const draft = await drafts.save(
      {
        label: 'Pay Bob',
        kind: 'TransferContract',
        accountId: null,
        permissionId: 2,
        content: { to: 'TBob', amount: '12.5', nested: [1, { a: null }] },
      },
      5,
    );
    const updated = await drafts.save({ ...draft, label: 'Pay Bob (edited)' }, 9);
    expect(updated).toMatchObject({ id: draft.id, label: 'Pay Bob (edited)', createdAt: 5, updatedAt: 9 });
    expect((await Drafts.open(join(dir, DRAFTS_FILE))).get(draft.id)?.content).toEqual({
      to: 'TBob',
      amount: '12.5',
      nested: [1, { a: null }],
    });
  });

  it('refuses draft content that is not JSON', async () => {
    const drafts = await Drafts.open(join(dir, DRAFTS_FILE));
    await expectWalletError(
      drafts.save({
        label: 'x',
        kind: 'k',
        accountId: null,
        permissionId: null,
        content: { when: new Date(0) } as never,
      }),
      'StoreError',
      'STORE_INVALID_UPDATE',
    );
  });

  it('finds envelopes by txid in either case', async () => {
    const envelopes = await Envelopes.open(join(dir, ENVELOPES_FILE));
    const envelope = proposal();
    const txid = envelope.transaction.txID;
    const { entry: saved } = await envelopes.add(envelope, { label: 'from Alice' });
    expect(envelopes.byTxid(txid.toUpperCase())?.id).toBe(saved.id);
    await envelopes.remove(saved.id);
    expect(envelopes.list()).toEqual([]);
  });

  it('opens each network in its own folder and lists damaged files', async () => {
    const nile = await NetworkStores.open(dir, 'nile');
    await nile.history.record({ txid: TXID, type: 'TransferContract', status: 'pending' });
    await writeFile(join(dir, 'nile', DRAFTS_FILE), 'not json');
    await nile.close();
    const mainnet = await NetworkStores.open(dir, 'mainnet');
    expect(mainnet.history.list()).toEqual([]);
    const again = await NetworkStores.open(dir, 'nile');
    expect(again.history.list().map((e) => e.txid)).toEqual([TXID]);
    expect(again.problems().map((p) => p.code)).toEqual(['STORE_FILE_TRUNCATED']);
  });
});

describe('settings', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => removeDir(dir));

  it('starts with the embedded network and the default node settings', async () => {
    const settings = await Settings.open(join(dir, SETTINGS_FILE));
    expect(settings.get()).toEqual(defaultSettings());
    expect(settings.get().network).toEqual({ kind: 'embedded' });
  });

  it('falls back to defaults for a damaged file, reports it, refuses to save and keeps the file', async () => {
    await writeFile(
      join(dir, SETTINGS_FILE),
      '{"format":"tron-wallet-settings","version":1,"data":{"network":{"kind":"moon"}}}',
    );
    const settings = await Settings.open(join(dir, SETTINGS_FILE));
    expect(settings.get()).toEqual(defaultSettings());
    expect(settings.problem?.code).toBe('STORE_FILE_INVALID');
    await expectWalletError(
      settings.update((s) => s),
      'StoreError',
      'STORE_FILE_INVALID',
    );
    expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).toContain('moon');
  });
});
