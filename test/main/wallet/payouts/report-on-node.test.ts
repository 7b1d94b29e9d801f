import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNodeClient } from '@core/client/client';
import { parseCsv } from '@core/csv/csv';
import { addBundleSignatures, bundleProgress, createBundle, type EnvelopeBundle } from '@core/envelope';
import { addressFromPrivateKey, randomPrivateKey } from '@core/keys/keys';
import type { Permission } from '@core/permission/model';
import { buildTransaction, transferContract } from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import type { VaultAccount } from '@core/ipc/channels/vault';
import { Names } from '@main/wallet/chain-knowledge/names';
import { BundleBroadcaster } from '@main/wallet/payouts/bundle-broadcaster';
import { BundleFollower } from '@main/wallet/payouts/bundle-follower';
import { BundleRuns } from '@main/wallet/payouts/bundle-run-store';
import { payoutReportCsv, reportTotals, REPORT_COLUMNS } from '@main/wallet/payouts/report';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { PASSWORD } from '../../vault/helpers';
import { recordEvents, removeDir, tempDir } from '../helpers';

/**
 * A payout run on the real embedded node: proposed as a bundle, signed by a vault key through one
 * confirmation, broadcast, followed to solidified, and reported; the report's totals are the
 * paying account's balance change to the sun, activation of new accounts included.
 */
describe('a payout run on the embedded node', () => {
  let profile: EmbeddedWallet;
  let client: TronNodeClient;
  let payer: VaultAccount;
  let dir: string;

  beforeAll(async () => {
    profile = await startEmbeddedWallet({ prefix: 'payouts-', events: recordEvents(), blockTimeMs: 100 });
    client = profile.client();
    await profile.wallet.vault.initialize(PASSWORD);
    payer = (await profile.wallet.vault.importDevAccounts(1))[0]!;
    dir = await tempDir('payout-runs-');
  });
  afterAll(async () => {
    await profile?.close();
    if (dir) await removeDir(dir);
  });

  async function proposal(): Promise<EnvelopeBundle> {
    const ref = await client.getRefBlock();
    const existing = profile.nodes[0]!.accounts.slice(3, 7).map((a) => a.hex);
    const fresh = Array.from({ length: 4 }, () => addressFromPrivateKey(randomPrivateKey()));
    const recipients = [...existing, ...fresh];
    const owner: Permission = {
      type: 'Owner',
      id: 0,
      name: 'owner',
      threshold: 1n,
      parentId: 0,
      keys: [{ address: payer.addressHex as never, weight: 1n }],
    };
    return createBundle({
      network: { name: 'embedded', genesisBlockId: await client.getGenesisBlockId() },
      permission: owner,
      createdAt: ref.timestamp,
      rows: recipients.map((to, i) => ({
        transaction: buildTransaction(
          transferContract({ owner: payer.addressHex, to, amount: BigInt(i + 1) * 1_250_000n }),
          { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }) },
        ),
        statedPayment: {
          asset: 'TRX' as const,
          recipient: to,
          amount: String((i + 1) * 1_250_000),
          reference: `salary-${i + 1}`,
        },
      })),
    });
  }

  it('signs every row through one confirmation, confirms them all and reconciles the report to the sun', async () => {
    const proposed = await proposal();
    const asked = profile.consent.asked.length;
    const signatures = await profile.wallet.vault.signBundle({
      bundle: proposed,
      names: new Names(profile.wallet.vault.listAccounts(), null),
      tokens: new Map(),
      accountId: payer.id,
    });
    expect(profile.consent.asked.length).toBe(asked + 1);
    const request = profile.consent.last!;
    expect(request).toMatchObject({ kind: 'bundle', approveLabel: 'Sign 8 transactions' });
    expect(request.list?.rows).toHaveLength(8);
    expect(request.rows.find((r) => r.label === 'Total')?.value).toBe('45 TRX in 8 rows');

    const bundle = addBundleSignatures(proposed, signatures);
    expect(bundleProgress(bundle).thresholdMet).toBe(true);
    const before = (await client.getAccount(payer.address))!.balance;

    const runs = await BundleRuns.open(dir);
    const outcome = await new BundleBroadcaster({ runs, client: () => client }).broadcast(bundle);
    expect(outcome.sent).toBe(8);
    const follower = new BundleFollower({ runs, client: () => client });
    let run = outcome.run;
    for (let pass = 0; pass < 600 && run.rows.some((r) => r.status !== 'confirmed'); pass++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = await follower.follow(run.id, bundle, (await client.getNowBlock()).block_header.raw_data.timestamp);
    }
    expect(run.rows.map((r) => r.status)).toEqual(Array(8).fill('confirmed'));

    const after = (await client.getAccount(payer.address))!.balance;
    const totals = reportTotals(run, bundle);
    expect(totals.paid.get('TRX')).toEqual({ amount: 45_000_000n, rows: 8 });
    // Four recipients were new: the chain charged their activation as part of the fee.
    expect(totals.feesSun).toBeGreaterThan(0n);
    expect(after - before).toBe(totals.trxChangeSun);

    const [header, ...lines] = parseCsv(payoutReportCsv(run, bundle));
    expect(header!.fields).toEqual([...REPORT_COLUMNS]);
    const cells = lines.map((l) => Object.fromEntries(header!.fields.map((name, i) => [name, l.fields[i]])));
    const rows = cells.filter((c) => c.row !== 'total');
    expect(rows.map((c) => c.status)).toEqual(Array(8).fill('confirmed'));
    expect(rows.map((c) => c.txid)).toEqual(bundle.rows.map((r) => r.transaction.txID));
    expect(rows.every((c) => Number(c.block) > 0 && c.broadcast_at && c.confirmed_at && c.proposed_at)).toBe(true);
    const feeSum = rows.reduce((sum, c) => sum + BigInt(c.fee_sun!), 0n);
    expect(cells.find((c) => c.row === 'total' && c.status === 'fees')?.fee_sun).toBe(String(feeSum));
    expect(cells.find((c) => c.row === 'total' && c.asset === 'TRX')?.amount_base_units).toBe('45000000');
    expect(BigInt(before) - BigInt(after)).toBe(45_000_000n + feeSum);
    await runs.close();
  });
});
