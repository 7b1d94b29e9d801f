import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNodeClient } from '@core/client/client';
import { parseCsv } from '@core/csv/csv';
import { addBundleSignatures, bundleProgress, createBundle, type EnvelopeBundle } from '@core/envelope';
import { addressFromPrivateKey, randomPrivateKey } from '@core/keys/keys';
import type { Permission } from '@core/permission/model';
import { buildTransaction, transferContract, triggerSmartContract } from '@core/tx/builders';
import { toHexAddress } from '@core/address/address';
import { transactionHeader } from '@core/tx/header';
import type { VaultAccount } from '@core/ipc/channels/vault';
import { Names } from '@main/wallet/chain-knowledge/names';
import { BundleBroadcaster } from '@main/wallet/payouts/bundle-broadcaster';
import { BundleFollower } from '@main/wallet/payouts/bundle-follower';
import { BundleRuns } from '@main/wallet/payouts/bundle-run-store';
import { reproposeRows } from '@main/wallet/payouts/bundle-repropose';
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

  it('reports a TRC-20 row that reverted in its block with the chain’s reason, and re-proposes it alone', async () => {
    const token = await profile.deploy(payer.address, 'Token', {
      args: ['1000000'],
      until: 'packed',
    });
    const tokenHex = toHexAddress(token);
    const ref = await client.getRefBlock();
    const word = (value: bigint) => value.toString(16).padStart(64, '0');
    const to = (hex: string) => hex.slice(2).padStart(64, '0');
    const recipients = profile.nodes[0]!.accounts.slice(3, 6).map((a) => a.hex);
    // The third asks for more than the payer holds: the token reverts with "insufficient balance".
    const amounts = [100_000n, 250_000n, 5_000_000n];
    const owner: Permission = {
      type: 'Owner',
      id: 0,
      name: 'owner',
      threshold: 1n,
      parentId: 0,
      keys: [{ address: payer.addressHex as never, weight: 1n }],
    };
    const proposed = createBundle({
      network: { name: 'embedded', genesisBlockId: await client.getGenesisBlockId() },
      permission: owner,
      createdAt: ref.timestamp,
      rows: recipients.map((recipient, i) => ({
        transaction: buildTransaction(
          triggerSmartContract({
            owner: payer.addressHex,
            contract: tokenHex,
            data: `a9059cbb${to(recipient)}${word(amounts[i]!)}`,
          }),
          {
            header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }),
            feeLimit: 100_000_000n,
          },
        ),
        statedPayment: {
          asset: 'TRC20' as const,
          contract: tokenHex,
          recipient,
          amount: amounts[i]!.toString(),
          reference: `vendor-${i + 1}`,
        },
      })),
    });
    const signatures = await profile.wallet.vault.signBundle({
      bundle: proposed,
      names: new Names(profile.wallet.vault.listAccounts(), null),
      tokens: new Map(),
      accountId: payer.id,
    });
    const bundle = addBundleSignatures(proposed, signatures);
    const before = (await client.getAccount(payer.address))!.balance;

    const runs = await BundleRuns.open(dir);
    const outcome = await new BundleBroadcaster({ runs, client: () => client }).broadcast(bundle);
    const follower = new BundleFollower({ runs, client: () => client });
    let run = outcome.run;
    const open = () => run.rows.some((r) => r.status !== 'confirmed' && r.status !== 'failed');
    for (let pass = 0; pass < 600 && (open() || run.rows.some((r) => r.confirmedAt === null)); pass++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run = await follower.follow(run.id, bundle, (await client.getNowBlock()).block_header.raw_data.timestamp);
    }
    expect(run.rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'failed']);
    expect(run.rows[2]).toMatchObject({ nodeCode: 'REVERT' });
    expect(run.rows[2]!.reason).toContain('insufficient balance');

    const totals = reportTotals(run, bundle);
    expect(totals.paid.get(`TRC20:${tokenHex}`)).toEqual({ amount: 350_000n, rows: 2 });
    const after = (await client.getAccount(payer.address))!.balance;
    // Every row burned TRX for its energy, the reverted one too; no TRX was paid.
    expect(after - before).toBe(totals.trxChangeSun);
    expect(run.rows[2]!.feeSun).toBeGreaterThan(0n);
    const held = await client.triggerConstantContract({
      owner_address: payer.addressHex,
      contract_address: tokenHex,
      data: `70a08231${to(payer.addressHex)}`,
    });
    expect(BigInt(`0x${held.constant_result[0]}`)).toBe(1_000_000n - 350_000n);

    const ref2 = await client.getRefBlock();
    const again = reproposeRows(run, bundle, [2], { refBlock: ref2 });
    expect(again.rows).toHaveLength(1);
    expect(again.rows[0]!.statedPayment).toMatchObject({ reference: 'vendor-3', amount: '5000000' });
    expect(again.rows[0]!.transaction.txID).not.toBe(bundle.rows[2]!.transaction.txID);
    await runs.close();
  });
});
