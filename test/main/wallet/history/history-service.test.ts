import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEnvelopeSignature } from '@core/envelope';
import { parseCsv } from '@core/csv/csv';
import { HISTORY_CSV_COLUMNS } from '@core/ipc/channels/history';
import type { VaultAccount } from '@core/ipc/channels/vault';
import { HistoryService } from '@main/wallet/history/history-service';
import { NetworkStores } from '@main/wallet/stores/network-stores';
import { K } from '../../../fixtures/permissions';
import { multisig, proposal, sign } from '../../../core/envelope/helpers';
import { removeDir, tempDir } from '../helpers';

const network = {
  kind: 'embedded' as const,
  name: 'Embedded dev node',
  key: 'embedded',
  fullNodeUrl: null,
  solidityNodeUrl: null,
  hasApiKey: false,
  savedCustom: null,
};
const vaultAccount = (label: string, base58: string, hex: string): VaultAccount => ({
  id: 'acc_0000000000000001',
  kind: 'privateKey',
  label,
  address: base58,
  addressHex: hex,
  canSign: true,
  createdAt: 1,
});

describe('history service', () => {
  let dir: string;
  let stores: NetworkStores;
  let service: HistoryService;
  beforeEach(async () => {
    dir = await tempDir();
    stores = await NetworkStores.open(dir, 'embedded');
    service = new HistoryService({
      chain: { stores: () => stores, network: () => network, client: () => null },
      vault: { listAccounts: () => [vaultAccount('=Alice', K.K1.base58, K.K1.hex)] },
    });
  });
  afterEach(async () => {
    await stores.close();
    await removeDir(dir);
  });

  it('joins the history with the inbox: a proposal still collecting signatures is "proposed", with its decoded summary and signers', async () => {
    const envelope = addEnvelopeSignature(proposal(), sign(multisig.txID, K.K1.private_key));
    const { entry } = await stores.envelopes.add(envelope, { origin: 'proposed' });
    await stores.history.record(
      {
        txid: multisig.txID,
        type: 'TransferContract',
        status: 'signed',
        owner: K.K1.base58,
        permissionId: 2,
        expiresAt: envelope.expiresAt,
      },
      10,
    );
    await stores.addressBook.save({ name: 'Carol', address: K.K3.base58 });
    const [row] = await service.list();
    expect(row).toMatchObject({
      txid: multisig.txID,
      stage: 'proposed',
      headline: 'Send 2.5 TRX to Carol',
      permissionId: 2,
      envelopeId: entry.id,
      ownerName: '=Alice',
    });
    expect(row!.signers).toEqual([{ address: K.K1.base58, name: '=Alice' }]);
  });

  it('calls a transaction signed here but proposed elsewhere "signed", and keeps final states', async () => {
    await stores.envelopes.add(proposal(), { origin: 'imported' });
    await stores.history.record({ txid: multisig.txID, type: 'TransferContract', status: 'signed' }, 1);
    await stores.history.record(
      {
        txid: 'ab'.repeat(32),
        type: 'FreezeBalanceV2Contract',
        status: 'confirmed',
        blockNumber: 42,
        feeSun: 1_100_000n,
      },
      2,
    );
    await stores.history.record({ txid: 'cd'.repeat(32), type: 'TransferContract', status: 'expired' }, 3);
    expect((await service.list()).map((r) => [r.stage, r.headline])).toEqual([
      ['expired', 'TransferContract'],
      ['confirmed', 'FreezeBalanceV2Contract'],
      ['signed', 'Send 2.5 TRX to ' + K.K3.base58],
    ]);
  });

  it('exports CSV with the decoded summary, signers, permission id, txid, block and fees, guarding formula cells', async () => {
    const envelope = addEnvelopeSignature(proposal(), sign(multisig.txID, K.K1.private_key));
    await stores.envelopes.add(envelope, { origin: 'proposed' });
    await stores.history.record(
      {
        txid: multisig.txID,
        type: 'TransferContract',
        status: 'confirmed',
        owner: K.K1.base58,
        permissionId: 2,
        blockNumber: 77,
        feeSun: 1_268_000n,
        confirmedAt: Date.UTC(2024, 0, 2),
      },
      Date.UTC(2024, 0, 1),
    );
    const exported = await service.exportCsv();
    expect(exported).toMatchObject({ count: 1, fileName: 'history-embedded.csv' });
    const [header, row] = parseCsv(exported.csv);
    expect(header!.fields).toEqual([...HISTORY_CSV_COLUMNS]);
    const cell = (name: (typeof HISTORY_CSV_COLUMNS)[number]) => row!.fields[HISTORY_CSV_COLUMNS.indexOf(name)];
    expect(cell('proposed_at')).toBe('2024-01-01T00:00:00.000Z');
    expect(cell('stage')).toBe('confirmed');
    expect(cell('direction')).toBe('out');
    expect([cell('asset'), cell('symbol'), cell('amount'), cell('amount_base_units')]).toEqual([
      'TRX',
      'TRX',
      '2.5',
      '2500000',
    ]);
    expect(cell('recipient')).toBe(K.K3.base58);
    expect(cell('summary')).toBe(`Send 2.5 TRX to ${K.K3.base58}`);
    expect(cell('owner_name')).toBe("'=Alice");
    expect(cell('signers')).toBe(`'=Alice (${K.K1.base58})`);
    expect(cell('permission_id')).toBe('2');
    expect(cell('txid')).toBe(multisig.txID);
    expect(cell('block')).toBe('77');
    expect(cell('fee_trx')).toBe('1.268');
    expect(cell('fee_sun')).toBe('1268000');
    expect(cell('confirmed_at')).toBe('2024-01-02T00:00:00.000Z');
    await expect(service.saveCsv()).rejects.toMatchObject({ code: 'HISTORY_NO_DIALOG' });
  });

  it("books only charged fees, dates a co-signer's broadcast by its block, and lists payments received", async () => {
    const envelope = addEnvelopeSignature(proposal(), sign(multisig.txID, K.K1.private_key));
    const { entry } = await stores.envelopes.add(envelope, { origin: 'proposed' });
    const blockTime = Date.UTC(2024, 0, 3);
    await stores.envelopes.update(entry.id, () => ({
      onChain: { blockNumber: 90, blockTime, broadcastBy: 'elsewhere', signatureCount: 2 },
    }));
    await stores.history.record(
      { txid: multisig.txID, type: 'TransferContract', status: 'pending', blockNumber: 90, feeSun: 1_000n },
      Date.UTC(2024, 0, 1),
    );
    await stores.history.record(
      { txid: 'ef'.repeat(32), type: 'TransferContract', status: 'signed', feeSun: 268_000n },
      Date.UTC(2024, 0, 2),
    );
    await stores.history.addIncoming({
      txid: '12'.repeat(32),
      type: 'TransferContract',
      owner: K.K2.base58,
      blockNumber: 95,
      blockTime: Date.UTC(2024, 0, 4),
    });
    const parsed = parseCsv((await service.exportCsv()).csv);
    const header = parsed[0]!.fields;
    const rows = parsed.slice(1).map((r) => Object.fromEntries(header.map((name, i) => [name, r.fields[i]])));
    expect(rows.map((r) => [r.txid, r.stage, r.direction, r.fee_sun, r.broadcast_at, r.proposed_at])).toEqual([
      ['12'.repeat(32), 'confirmed', 'in', '', '', ''],
      ['ef'.repeat(32), 'signed', 'out', '', '', '2024-01-02T00:00:00.000Z'],
      [multisig.txID, 'broadcast', 'out', '', new Date(blockTime).toISOString(), '2024-01-01T00:00:00.000Z'],
    ]);
    expect(rows[0]).toMatchObject({ owner: K.K2.base58, block: '95', confirmed_at: '2024-01-04T00:00:00.000Z' });
    await stores.history.record({ txid: multisig.txID, type: 'TransferContract', status: 'confirmed' });
    const confirmed = (await service.list()).find((r) => r.txid === multisig.txID)!;
    expect(confirmed.feeSun).toBe(1_000n);
    expect(confirmed.confirmedAt).toBe(blockTime);
    expect(confirmed.broadcastBy).toBe('elsewhere');
  });
});
