import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '@core/csv/csv';
import { toBase58Address } from '@core/address/address';
import { planAndBuild, planPayouts } from '@main/wallet/payouts/plan';
import type { PlanProgress } from '@main/wallet/payouts/plan-types';
import { freshAddress, payoutCsv, startPayoutNode, type PayoutNode } from './payout-node';

describe('planPayouts on the dev node', () => {
  let chain: PayoutNode;

  beforeAll(async () => {
    chain = await startPayoutNode();
  }, 60_000);
  afterAll(async () => chain?.stop());

  it('totals each asset, names the new recipients and prices their activation from the chain parameters', async () => {
    const rows = await chain.rows(payoutCsv(chain.token, { trx: 6, trc20: 4 }));
    const planChain = await chain.chain();
    const progress: PlanProgress[] = [];
    const plan = await planPayouts(chain.payer.hex, rows, planChain, (p) => progress.push(p));

    const trxTotal = rows.filter((r) => r.asset.type === 'trx').reduce((s, r) => s + r.amount, 0n);
    const tokenTotal = rows.filter((r) => r.asset.type === 'trc20').reduce((s, r) => s + r.amount, 0n);
    expect(plan.totals.map((t) => [t.key, t.count, t.total])).toEqual([
      ['TRX', 6, trxTotal],
      [`trc20:${chain.token}`, 4, tokenTotal],
    ]);
    expect(plan.totals[1]!.symbol).toBe('TT');
    expect(plan.totals.map((t) => t.newRecipients)).toEqual([6, 4]);
    expect(plan.totals[0]!.energy).toBe(0n);
    expect(plan.totals[1]!.energy).toBe(plan.energy);
    expect(plan.totals[0]!.burnedSun + plan.totals[1]!.burnedSun).toBe(plan.burnedSun);
    expect(plan.totals[0]!.bandwidthBytes + plan.totals[1]!.bandwidthBytes).toBe(plan.bandwidthBytes);
    expect(plan.newRecipients).toEqual(rows.map((r) => r.recipient));
    // Only the TRX rows activate their recipients: a TRC-20 transfer creates no account.
    const p = planChain.parameters;
    expect(plan.rows.filter((r) => r.activates).map((r) => r.line)).toEqual(
      rows.filter((r) => r.asset.type === 'trx').map((r) => r.line),
    );
    expect(plan.activationSun).toBe(6n * (p.getCreateNewAccountFeeInSystemContract + p.getCreateAccountFee));
    expect(plan.failing).toEqual([]);
    expect(plan.rows.every((r) => r.status === 'ok')).toBe(true);
    expect(plan.dryRun.method).toBe('node');
    expect(progress.at(-1)).toEqual({ phase: 'dry-run', done: 10, total: 10 });
    expect(progress.filter((x) => x.phase === 'energy').at(-1)).toEqual({ phase: 'energy', done: 4, total: 4 });
  });

  it('measures energy per TRC-20 row and sets the options side by side, the total the sum of the rows', async () => {
    const rows = await chain.rows(payoutCsv(chain.token, { trx: 0, trc20: 3, from: 100 }));
    const planChain = await chain.chain();
    const plan = await planPayouts(chain.payer.hex, rows, planChain);
    const fee = planChain.parameters.getEnergyFee;
    for (const row of plan.rows) {
      expect(row.energy).toBeGreaterThan(10_000n);
      expect(row.options!.burnSun).toBe(row.energy! * fee);
      expect(row.options!.stakeSun).toBeGreaterThanOrEqual(1_000_000n);
      expect(row.feeLimitSun).toBeGreaterThanOrEqual(row.options!.burnSun);
    }
    const energy = plan.rows.reduce((s, r) => s + r.energy!, 0n);
    expect(plan.energy).toBe(energy);
    expect(plan.resourceOptions.burn.sun).toBe(energy * fee);
    expect(plan.resourceOptions.stake.unlockDays).toBe(Number(planChain.parameters.getUnfreezeDelayDays));
    expect(plan.resourceOptions.stake.unlocksAt).toBe(
      plan.headTime + plan.resourceOptions.stake.unlockDays * 86_400_000,
    );
    // The payer stakes nothing: no energy is available, so every unit is burned under the current resources.
    expect(plan.resourceOptions.delegated.available).toBe(0n);
    expect(plan.resourceOptions.delegated.burnSun).toBe(energy * fee);
    expect(plan.rows.every((r) => r.options!.coveredByAvailable === false)).toBe(true);
  });

  it('burns what the node charges when every row runs in order', async () => {
    const rows = await chain.rows(payoutCsv(chain.token, { trx: 5, trc20: 5, from: 200 }));
    const plan = await planPayouts(chain.payer.hex, rows, await chain.chain());
    expect(plan.failing).toEqual([]);
    expect(plan.dryRun.feeSun).toBe(plan.burnedSun);
    expect(plan.burnedSun).toBe(plan.rows.reduce((s, r) => s + r.burnedSun, 0n));
  });

  it('marks the rows that would fail with the reason and still dry-runs the rows after them', async () => {
    const poor = freshAddress(900);
    // The payer holds the whole supply; one row asks for more than that.
    const csv = toCsv([
      ['recipient', 'asset', 'amount'],
      [freshAddress(301), 'TRX', '1'],
      [freshAddress(302), chain.token, '2000000'],
      [freshAddress(303), 'TRX', '2000000'],
      [freshAddress(304), chain.token, '1'],
      [poor, 'TRX', '1'],
    ]);
    const rows = await chain.rows(csv);
    const plan = await planPayouts(chain.payer.hex, rows, await chain.chain());
    expect(plan.failing.map((f) => f.line)).toEqual([3, 4]);
    expect(plan.failing[0]!.reason).toMatch(/insufficient balance/);
    expect(plan.failing[1]!.reason).toMatch(/balance/i);
    expect(plan.rows.map((r) => r.status)).toEqual(['ok', 'fails', 'fails', 'ok', 'ok']);
    expect(plan.covered).toBe(false);
    const tokenLine = plan.coverage.find((c) => c.assetKey === `trc20:${chain.token}`)!;
    expect(tokenLine.available).toBe(1_000_000_000_000n);
    expect(tokenLine.shortfall).toBe(tokenLine.needed - tokenLine.available);
  });

  it('without the node in this process, counts the balances down and names the row where the token runs out', async () => {
    const csv = toCsv([
      ['recipient', 'asset', 'amount'],
      [freshAddress(401), chain.token, '600000'],
      [freshAddress(402), chain.token, '600000'],
      [freshAddress(403), 'TRX', '3'],
    ]);
    const rows = await chain.rows(csv);
    const remote = await planPayouts(chain.payer.hex, rows, await chain.chain({ sequence: false }));
    const local = await planPayouts(chain.payer.hex, rows, await chain.chain());
    expect(remote.dryRun).toEqual({ method: 'checks', feeSun: null });
    expect(remote.failing).toEqual([
      { line: 3, reason: 'The TT runs out at this row: it pays 600,000 and 400,000 would be left.' },
    ]);
    expect(local.failing.map((f) => f.line)).toEqual([3]);
    expect(remote.totals).toEqual(local.totals);
    expect(remote.energy).toBe(local.energy);
    expect(remote.burnedSun).toBe(local.burnedSun);
  });

  it('builds rows paying one recipient the same amount under different references as distinct transactions', async () => {
    const to = freshAddress(4242);
    const rows = await chain.rows(
      toCsv([
        ['recipient', 'asset', 'amount', 'memo', 'reference'],
        [to, 'TRX', '2', '', 'MAY'],
        [to, chain.token, '3', '', 'MAY'],
        [to, 'TRX', '2', '', 'JUNE'],
        [to, chain.token, '3', '', 'JUNE'],
      ]),
    );
    const built = await planAndBuild(chain.payer.hex, rows, await chain.chain());
    const txids = built.transactions.map((t) => t.txID);
    expect(new Set(txids).size).toBe(4);
    // Same reference block and signing window for every row: only the creation time tells them apart.
    expect(new Set(built.transactions.map((t) => t.raw_data.ref_block_hash)).size).toBe(1);
    expect(new Set(built.transactions.map((t) => t.raw_data.expiration)).size).toBe(1);
    expect(built.plan.failing).toEqual([]);
  });

  it('refuses to plan for an account that does not exist', async () => {
    const owner = freshAddress(999);
    const rows = await chain.rows(
      toCsv([
        ['recipient', 'asset', 'amount'],
        [freshAddress(1), 'TRX', '1'],
      ]),
      owner,
    );
    await expect(planPayouts(owner, rows, await chain.chain())).rejects.toMatchObject({
      code: 'PAYOUT_OWNER_MISSING',
      message: expect.stringContaining(toBase58Address(owner)),
    });
  });
});
