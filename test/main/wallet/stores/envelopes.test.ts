import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEnvelopeSignature, serializeEnvelope, type Envelope } from '@core/envelope';
import { Envelopes, ENVELOPES_FILE } from '@main/wallet/stores/envelopes';
import { K } from '../../../fixtures/permissions';
import { multisig, mutable, proposal, sign } from '../../../core/envelope/helpers';
import { expectWalletError, removeDir, tempDir } from '../helpers';

const signatures = {
  K1: sign(multisig.txID, K.K1.private_key),
  K2: multisig.signatures_lowercase[0] as string,
  K3: multisig.signatures_lowercase[1] as string,
};
const signedBy = (...who: (keyof typeof signatures)[]) =>
  who.reduce<Envelope>((e, k) => addEnvelopeSignature(e, signatures[k]), proposal());

describe('envelopes store', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await tempDir();
    file = join(dir, ENVELOPES_FILE);
  });
  afterEach(() => removeDir(dir));

  it('keeps one entry per transaction and merges the signatures of later copies in any order', async () => {
    const store = await Envelopes.open(file);
    const first = await store.add(signedBy('K2'), { origin: 'proposed', autoBroadcast: true }, 10);
    expect(first).toMatchObject({
      outcome: 'added',
      newSignatures: 1,
      entry: { origin: 'proposed', autoBroadcast: true, txid: multisig.txID, createdAt: 10 },
    });
    const again = await store.add(signedBy('K2'), {}, 20);
    expect(again).toMatchObject({ outcome: 'unchanged', newSignatures: 0 });
    const merged = await store.add(signedBy('K3', 'K1'), { origin: 'imported' }, 30);
    expect(merged).toMatchObject({
      outcome: 'merged',
      newSignatures: 2,
      entry: { id: first.entry.id, origin: 'proposed', updatedAt: 30 },
    });
    expect(store.list()).toHaveLength(1);
    const reopened = await Envelopes.open(file);
    const envelope = reopened.envelopeOf(reopened.get(first.entry.id)!);
    expect(envelope.transaction.signature).toHaveLength(3);
    expect(serializeEnvelope(envelope)).toBe(serializeEnvelope(signedBy('K1', 'K3', 'K2')));
  });

  it('refuses to merge an envelope of the same transaction from another proposal', async () => {
    const store = await Envelopes.open(file);
    await store.add(signedBy('K2'));
    await expectWalletError(
      store.add(proposal({ note: 'a different note' })),
      'EnvelopeError',
      'ENVELOPE_CONTEXT_DIFFERS',
    );
  });

  it('notices an envelope altered on disk and refuses to use it', async () => {
    const store = await Envelopes.open(file);
    const { entry } = await store.add(signedBy('K2'));
    const doc = JSON.parse(await readFile(file, 'utf8'));
    doc.data.entries[0].envelope.transaction.raw_data.contract[0].parameter.value.amount = 9_999_999;
    await writeFile(file, JSON.stringify(doc));
    const reopened = await Envelopes.open(file);
    expect(() => reopened.envelopeOf(reopened.get(entry.id)!)).toThrow(/altered|differ/);
  });

  it('changes what the wallet knows about an entry but never its transaction', async () => {
    const store = await Envelopes.open(file);
    const { entry } = await store.add(signedBy('K2'));
    const updated = await store.update(entry.id, () => ({ exportedAt: 40, autoBroadcast: true }), 40);
    expect(updated).toMatchObject({ exportedAt: 40, autoBroadcast: true, updatedAt: 40 });
    const other = mutable(proposal());
    other.transaction.raw_data.expiration += 1;
    await expect(store.update(entry.id, () => ({ envelope: other }))).rejects.toThrow();
    await expectWalletError(
      store.update('env_0000000000000000', () => ({})),
      'StoreError',
      'STORE_ENTRY_NOT_FOUND',
    );
  });

  it('migrates version 1 (opaque JSON): verified envelopes become entries, merged per transaction; the rest is kept with the reason', async () => {
    const v1 = {
      format: 'tron-wallet-envelopes',
      version: 1,
      data: {
        entries: [
          {
            id: 'env_0000000000000001',
            label: 'from the tx service',
            txid: multisig.txID,
            envelope: serializeEnvelope(signedBy('K1')),
            createdAt: 1,
            updatedAt: 2,
          },
          {
            id: 'env_0000000000000002',
            label: 'same tx, JSON form',
            txid: null,
            envelope: JSON.parse(serializeEnvelope(signedBy('K2'))),
            createdAt: 3,
            updatedAt: 4,
          },
          {
            id: 'env_0000000000000003',
            label: 'junk',
            txid: null,
            envelope: { format: 'whatever', signatures: ['aa'] },
            createdAt: 5,
            updatedAt: 6,
          },
        ],
      },
    };
    await writeFile(file, JSON.stringify(v1));
    const store = await Envelopes.open(file);
    expect(store.store.report.migratedFrom).toBe(1);
    expect(JSON.parse(await readFile(`${file}.v1.bak`, 'utf8'))).toEqual(v1);
    expect(store.list().map((e) => [e.id, e.origin, e.txid, e.createdAt])).toEqual([
      ['env_0000000000000001', 'proposed', multisig.txID, 1],
    ]);
    expect(store.envelopeOf(store.list()[0]!).transaction.signature).toHaveLength(2);
    expect(store.unreadable()).toEqual([
      {
        id: 'env_0000000000000003',
        label: 'junk',
        code: 'ENVELOPE_WRONG_FORMAT',
        reason: expect.stringContaining('not a TRON co-signing envelope'),
        original: { format: 'whatever', signatures: ['aa'] },
      },
    ]);
    await store.removeUnreadable('env_0000000000000003');
    expect((await Envelopes.open(file)).unreadable()).toEqual([]);
  });

  it('reports a file whose envelope breaks the envelope shape and leaves it alone', async () => {
    const text = JSON.stringify({
      format: 'tron-wallet-envelopes',
      version: 2,
      data: {
        entries: [
          {
            id: 'env_0000000000000001',
            label: 'x',
            txid: 'ab'.repeat(32),
            envelope: { format: 'tron-cosign-envelope' },
            origin: 'imported',
            autoBroadcast: false,
            carriedApprovals: [],
            reproposedFrom: null,
            replacedBy: null,
            exportedAt: null,
            broadcastAt: null,
            createdAt: 1,
            updatedAt: 1,
          },
        ],
        unreadable: [],
      },
    });
    await writeFile(file, text);
    const store = await Envelopes.open(file);
    expect(store.store.problem).toMatchObject({ code: 'STORE_FILE_INVALID' });
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
