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
    expect(cell('created_at')).toBe('2024-01-01T00:00:00.000Z');
    expect(cell('stage')).toBe('confirmed');
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
});
