import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import { toCsv } from '../../../../src-core/csv/csv';
import type { PayoutPlanResult } from '../../../../src-core/ipc/channels/payouts';
import type { TronNode } from '../../../../src-main/node';
import { fundedKey } from '../../node/helpers';
import { deploy, word } from '../../node/vm-host/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../../wallet/embedded-wallet';
import { recordEvents, type RecordedEvents } from '../../wallet/helpers';
import { freshAddress, payoutCsv } from '../../wallet/payouts/payout-node';
import { pageRegistry, type PageCalls } from '../page-registry';

/** Chain time moves between two plans; everything else the plan says must be the service's own. */
function withoutClock(result: PayoutPlanResult | { plan: unknown }) {
  const plan = result.plan as PayoutPlanResult['plan'];
  if (!plan) return null;
  const { headBlock: _b, headTime: _t, resourceOptions, ...rest } = plan;
  const { unlocksAt: _u, ...stake } = resourceOptions.stake;
  return { ...rest, resourceOptions: { ...resourceOptions, stake } };
}

describe('payouts channels on the embedded wallet', () => {
  let profile: EmbeddedWallet;
  let events: RecordedEvents;
  let node: TronNode;
  let page: PageCalls;
  let owner: string;
  let token: string;

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({ prefix: 'payouts-ipc-', events, blockTimeMs: 200 });
    node = profile.nodes[0]!;
    const payer = fundedKey(node, 0);
    owner = toBase58Address(payer.hex);
    token = toBase58Address((await deploy(node, payer, 'Token', word(10n ** 15n))).address);
    await profile.wallet.tokens.watch({ address: token });
    page = pageRegistry(profile.wallet);
  }, 60_000);
  afterAll(async () => {
    await profile?.close();
  });

  it('payouts:plan answers with the plan PayoutsService makes of the same file, bigints intact', async () => {
    const csv = payoutCsv(token, { trx: 3, trc20: 3, from: 9_000 });
    const fromChannel = await page.value<PayoutPlanResult>('payouts:plan', { owner, csv, runId: 'run-1' });
    const fromService = await profile.wallet.payouts.plan({ csv, owner });

    expect(fromChannel.file.issues).toEqual([]);
    expect(fromChannel.file.rows.map((r) => [r.line, r.recipient, r.asset.symbol, r.amount])).toEqual(
      fromService.file.rows.map((r) => [r.line, r.recipient, r.asset.symbol, r.amount]),
    );
    expect(fromChannel.plan).not.toBeNull();
    expect(typeof fromChannel.plan!.burnedSun).toBe('bigint');
    expect(withoutClock(fromChannel)).toEqual(withoutClock(fromService));
    // The transaction requests the rows become stay in main.
    expect(fromChannel.file.rows[0]).not.toHaveProperty('request');
  });

  it('sends progress tagged with the run id, from reading the file to the last dry-run row', async () => {
    const csv = payoutCsv(token, { trx: 2, trc20: 2, from: 9_100 });
    await page.value<PayoutPlanResult>('payouts:plan', { owner, csv, runId: 'progress-run' });
    const mine = events.of('payouts:progress').filter((p) => p.runId === 'progress-run');
    expect(mine[0]).toEqual({ runId: 'progress-run', phase: 'read', done: 0, total: 1 });
    expect(new Set(mine.map((p) => p.phase))).toEqual(new Set(['read', 'recipients', 'energy', 'dry-run']));
    const last = mine.filter((p) => p.phase === 'dry-run').at(-1)!;
    expect(last.done).toBe(last.total);
  });

  it('names every bad row with its line and plans nothing for a bad file', async () => {
    const csv = toCsv([
      ['recipient', 'asset', 'amount'],
      [freshAddress(9_200), 'TRX', '0'],
      ['Nobody Known', 'TRX', '1'],
      [freshAddress(9_201), 'TRX', '1.1234567'],
    ]);
    const result = await page.value<PayoutPlanResult>('payouts:plan', { owner, csv });
    expect(result.plan).toBeNull();
    expect(result.file.issues.map((i) => [i.line, i.code])).toEqual([
      [2, 'PAYOUT_NOT_POSITIVE'],
      [3, 'PAYOUT_UNKNOWN_NAME'],
      [4, 'PAYOUT_TOO_MANY_DECIMALS'],
    ]);
    for (const issue of result.file.issues) expect(issue.message).toMatch(new RegExp(`^Line ${issue.line}\\b`));
  });

  it('refuses a bad owner, an oversized file, an odd run id and extra fields with a typed error', async () => {
    const csv = payoutCsv(token, { trx: 1, trc20: 0, from: 9_300 });
    for (const args of [
      { owner: 'TNotAnAddress', csv },
      { owner, csv: 'x'.repeat(5_000_001) },
      { owner, csv, runId: '../../etc' },
      { owner, csv, extra: true },
      { owner, csv: 42 },
    ]) {
      const error = await page.refusal('payouts:plan', args);
      expect(error, JSON.stringify(Object.keys(args))).toMatchObject({ name: 'ValidationError' });
      expect(error.code).not.toBe('IPC_INTERNAL');
    }
  });

  it('payouts:openFile without main dialogs says to use the file field', async () => {
    const error = await page.refusal('payouts:openFile');
    expect(error).toMatchObject({ code: 'PAYOUTS_NO_DIALOG' });
    expect(error.message).toMatch(/file field/);
  });
});
