import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import { parseCsv } from '@core/csv/csv';
import { hexToBytes } from '@core/bytes/hex';
import { buildTransaction, transferContract } from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import type { TronNode } from '@main/node';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { PASSWORD } from '../../vault/helpers';
import { recordEvents } from '../helpers';

/**
 * A payment from an account outside the vault to one inside it, on the real embedded node: it joins
 * the history once its block is solidified, and reads back from the CSV as money received.
 */
describe('incoming payments on the embedded node', () => {
  let profile: EmbeddedWallet;
  let node: TronNode;
  let client: TronNodeClient;
  let receiver: string;

  beforeAll(async () => {
    profile = await startEmbeddedWallet({ prefix: 'incoming-', events: recordEvents(), blockTimeMs: 100 });
    node = profile.nodes[0]!;
    client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    await profile.wallet.vault.initialize(PASSWORD);
    receiver = (await profile.wallet.vault.importDevAccounts(1))[0]!.address;
  });
  afterAll(async () => {
    await profile?.close();
  });

  it('lists 12.5 TRX paid by an outside account as received, with its payer, amount and block', async () => {
    const payer = node.accounts[6]!;
    const ref = await client.getRefBlock();
    const unsigned = buildTransaction(transferContract({ owner: payer.hex, to: receiver, amount: 12_500_000n }), {
      header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }),
    });
    const signed = signTransaction(unsigned, hexToBytes(payer.privateKey));
    expect((await client.broadcastTransaction(signed)).txid).toBe(signed.txID);
    let found = false;
    // Blocks come every 100 ms; the payment is listed once its block is solidified and searched.
    for (let round = 0; round < 1200 && !found; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await profile.wallet.incoming.scan();
      found = profile.wallet.node.stores().history.get(signed.txID) !== undefined;
    }
    expect(found).toBe(true);
    const row = (await profile.wallet.history.list()).find((r) => r.txid === signed.txID)!;
    expect(row).toMatchObject({ direction: 'in', stage: 'confirmed', owner: payer.address, feeSun: null });
    expect(row.money).toMatchObject({ asset: 'TRX', amount: '12.5', baseUnits: 12_500_000n, recipient: receiver });
    const [header, ...lines] = parseCsv((await profile.wallet.history.exportCsv()).csv);
    const cells = lines.map((l) => Object.fromEntries(header!.fields.map((name, i) => [name, l.fields[i]])));
    expect(cells.find((c) => c.txid === signed.txID)).toMatchObject({
      direction: 'in',
      asset: 'TRX',
      amount: '12.5',
      amount_base_units: '12500000',
      owner: payer.address,
      recipient: receiver,
      fee_sun: '',
    });
  });
});
