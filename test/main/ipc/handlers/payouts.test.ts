import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../../src-core/address/address';
import { parseCsv, toCsv } from '../../../../src-core/csv/csv';
import { parseBundle } from '../../../../src-core/envelope';
import type {
  PayoutBundleView,
  PayoutHandoff,
  PayoutPlanResult,
  PayoutRunView,
} from '../../../../src-core/ipc/channels/payouts';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import { PayoutRunsHost } from '../../../../src-main/wallet/payouts/payout-runs-host';
import { PASSWORD } from '../../vault/helpers';
import type { TronNode } from '../../../../src-main/node';
import { fundedKey } from '../../node/helpers';
import { deploy, word } from '../../node/vm-host/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../../wallet/embedded-wallet';
import { quietLog, recordEvents, type RecordedEvents } from '../../wallet/helpers';
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

/** The report's cells by column name, its total lines apart. */
function reportCells(csv: string) {
  const [header, ...lines] = parseCsv(csv);
  const cells = lines.map((l) => Object.fromEntries(header!.fields.map((name, i) => [name, l.fields[i] ?? ''])));
  return { rows: cells.filter((c) => c.row !== 'total'), totals: cells.filter((c) => c.row === 'total') };
}

describe('payout bundles over IPC: propose, co-sign, run, report', () => {
  let profile: EmbeddedWallet;
  let page: PageCalls;
  let dev: VaultAccount[];

  beforeAll(async () => {
    profile = await startEmbeddedWallet({ prefix: 'payout-bundles-ipc-', events: recordEvents(), blockTimeMs: 200 });
    await profile.wallet.vault.initialize(PASSWORD);
    dev = await profile.wallet.vault.importDevAccounts(2);
    page = pageRegistry(profile.wallet);
  }, 60_000);
  afterAll(async () => {
    await profile?.close();
  });

  const balance = async (address: string) => BigInt((await profile.client().getAccount(address))!.balance ?? 0);

  /** `count` TRX rows: half to accounts the chain knows, half to fresh ones (activated by the run). */
  function trxCsv(count: number, from: number): { csv: string; totalSun: bigint } {
    const known = profile.nodes[0]!.accounts.slice(3).map((a) => toBase58Address(a.hex));
    const rows: string[][] = [['recipient', 'asset', 'amount', 'memo', 'reference']];
    let totalSun = 0n;
    for (let i = 0; i < count; i++) {
      const to = i % 2 === 0 ? known[i / 2]! : freshAddress(from + i);
      rows.push([to, 'TRX', `${i + 1}.25`, '', `pay-${from + i}`]);
      totalSun += BigInt(i + 1) * 1_000_000n + 250_000n;
    }
    return { csv: toCsv(rows), totalSun };
  }

  async function runUntilSettled(id: string): Promise<PayoutRunView> {
    let run = await page.value<PayoutRunView>('payouts:run', { id });
    for (let i = 0; i < 600 && run.rows.some((r) => r.status !== 'confirmed' && r.status !== 'failed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await page.value<PayoutRunView>('payouts:run', { id });
    }
    return run;
  }

  it('proposes 10 rows signed through one confirmation, runs them all to confirmed and the report reconciles', async () => {
    const owner = dev[0]!.address;
    const { csv, totalSun } = trxCsv(10, 20_000);
    const before = await balance(owner);
    const asked = profile.consent.asked.length;

    const handoff = await page.value<PayoutHandoff>('payouts:propose', { owner, csv, accountId: dev[0]!.id });
    expect(profile.consent.asked.length).toBe(asked + 1);
    expect(profile.consent.last).toMatchObject({ kind: 'bundle', approveLabel: 'Sign 10 transactions' });
    expect(handoff).toMatchObject({ rows: 10, ready: 10, signed: 10, stopped: null });
    // The same key again adds nothing, and main's window is not asked for it.
    expect(await page.refusal('payouts:signBundle', { id: handoff.id, accountId: dev[0]!.id })).toMatchObject({
      code: 'COSIGN_ALREADY_SIGNED',
    });
    // A key that is not one of the permission's would add signatures that do not count.
    expect(await page.refusal('payouts:signBundle', { id: handoff.id, accountId: dev[1]!.id })).toMatchObject({
      code: 'COSIGN_NOT_A_KEY',
    });
    expect(profile.consent.asked.length).toBe(asked + 1);
    expect(handoff.id).toMatch(/^[0-9a-f]{64}$/);
    expect(handoff.fingerprint.words.length).toBeGreaterThan(0);
    expect(handoff.fileName).toMatch(/^payout-bundle-.+\.json$/);
    expect(handoff.text).not.toMatch(/private|mnemonic/i);
    const sent = JSON.parse(handoff.text) as {
      createdAt: number;
      rows: { transaction: { raw_data: { expiration: number } }; statedPayment: { reference: string } }[];
    };
    for (const row of sent.rows) {
      expect(row.transaction.raw_data.expiration - sent.createdAt).toBeLessThanOrEqual(24 * 3_600_000);
      expect(row.transaction.raw_data.expiration).toBeGreaterThan(sent.createdAt);
    }
    expect(sent.rows.map((r) => r.statedPayment.reference)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pay-${20_000 + i}`),
    );
    // Nothing left the desk yet.
    expect(await balance(owner)).toBe(before);

    // A co-signer's desk reads the same text: totals, new recipients, nothing differing from the stated payments.
    const view = await page.value<PayoutBundleView>('payouts:importBundle', { text: handoff.text });
    expect(view.id).toBe(handoff.id);
    expect(view.fingerprint.text).toBe(handoff.fingerprint.text);
    expect(view.owner).toBe(owner);
    expect(view.totals).toEqual([{ asset: 'TRX', amount: totalSun, rows: 10 }]);
    expect(view.newRecipients.map((n) => n.row)).toEqual([1, 3, 5, 7, 9]);
    expect(view.largest[0]).toMatchObject({ row: 9, payment: { asset: 'TRX', amount: 10_250_000n } });
    expect(view.differences).toEqual([]);
    expect(view.failed).toEqual([]);
    expect(view.rows.every((r) => r.checks.length > 0)).toBe(true);
    expect(view.ready).toBe(10);

    const started = await page.value<PayoutRunView>('payouts:startRun', { id: handoff.id });
    expect(started.id).toBe(handoff.id);
    expect(started.rows).toHaveLength(10);
    const run = await runUntilSettled(handoff.id);
    expect(run.rows.map((r) => r.status)).toEqual(Array(10).fill('confirmed'));
    expect(run.rows.every((r) => r.attempts === 1 && r.blockNumber! > 0)).toBe(true);
    expect((await page.value<PayoutRunView[]>('payouts:runs')).map((r) => r.id)).toContain(handoff.id);

    // Starting again is the same run: no row goes out twice.
    const again = await page.value<PayoutRunView>('payouts:startRun', { id: handoff.id });
    expect(again.rows.map((r) => r.attempts)).toEqual(Array(10).fill(1));

    // The solidified fee is the last thing the follower records; wait for every row to carry it.
    let report = await page.value<{ csv: string; fileName: string }>('payouts:report', { id: handoff.id });
    for (let i = 0; i < 100 && reportCells(report.csv).rows.some((r) => r.confirmed_at === ''); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      report = await page.value<{ csv: string; fileName: string }>('payouts:report', { id: handoff.id });
    }
    expect(report.fileName).toMatch(/^payout-report-[0-9a-f]{12}\.csv$/);
    const { rows, totals } = reportCells(report.csv);
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('confirmed'));
    const fees = rows.reduce((sum, r) => sum + BigInt(r.fee_sun!), 0n);
    expect(fees).toBeGreaterThan(0n);
    expect(totals.find((t) => t.asset === 'TRX')?.amount_base_units).toBe(String(totalSun));
    expect(totals.find((t) => t.status === 'fees')?.fee_sun).toBe(String(fees));
    expect(before - (await balance(owner))).toBe(totalSun + fees);

    // A confirmed row is never proposed again: the chain has paid it.
    expect(await page.refusal('payouts:repropose', { id: handoff.id, rows: [0] })).toMatchObject({
      code: 'PAYOUT_ROW_STILL_OPEN',
    });
  }, 120_000);

  it('resumes a run the app left mid-broadcast without sending a row twice', async () => {
    const owner = dev[1]!.address;
    const { csv, totalSun } = trxCsv(6, 21_000);
    const handoff = await page.value<PayoutHandoff>('payouts:propose', { owner, csv, accountId: dev[1]!.id });
    const bundle = parseBundle(handoff.text);
    const client = profile.client();
    const before = await balance(owner);

    // The app stopped after handing rows 0 and 1 to the node, before it recorded the answers.
    const open = await profile.wallet.payoutRuns.open();
    await open.runs.start(bundle, Array(6).fill(true), Date.now());
    await open.runs.updateRows(handoff.id, [
      [0, { status: 'sending', attempts: 1, broadcastAt: Date.now() }],
      [1, { status: 'sending', attempts: 1, broadcastAt: Date.now() }],
    ]);
    for (const row of bundle.rows.slice(0, 2))
      expect((await client.broadcastTransaction(row.transaction)).txid).toBe(row.transaction.txID);
    await profile.wallet.payoutRuns.close();

    // The services come up again over the same folder: the run is resumed, then followed on blocks.
    const host = new PayoutRunsHost({ chain: profile.wallet.node, log: quietLog });
    await host.start();
    const service = (await host.open()).service;
    let run = (await host.open()).runs.get(handoff.id)!;
    for (let i = 0; i < 600 && run.rows.some((r) => r.status !== 'confirmed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await service.follow();
      run = (await host.open()).runs.get(handoff.id)!;
    }
    expect(run.rows.map((r) => r.status)).toEqual(Array(6).fill('confirmed'));
    expect(run.rows.map((r) => r.attempts)).toEqual(Array(6).fill(1));
    expect(run.rows.some((r) => r.duplicate)).toBe(false);
    const fees = run.rows.reduce((sum, r) => sum + r.feeSun!, 0n);
    expect(before - (await balance(owner))).toBe(totalSun + fees);
    await host.close();
  }, 120_000);

  it('refuses hostile and impossible requests with typed errors, asking main’s window nothing', async () => {
    const owner = dev[0]!.address;
    const asked = profile.consent.asked.length;
    const { csv } = trxCsv(2, 22_000);
    const id = 'ab'.repeat(32);
    const shapes: [string, unknown][] = [
      ['payouts:propose', { owner: 'TNotAnAddress', csv, accountId: dev[0]!.id }],
      ['payouts:propose', { owner, csv, accountId: '' }],
      ['payouts:propose', { owner, csv: 'x'.repeat(5_000_001), accountId: dev[0]!.id }],
      ['payouts:propose', { owner, csv, accountId: dev[0]!.id, privateKey: '11'.repeat(32) }],
      ['payouts:importBundle', { text: 'x'.repeat(40_000_001) }],
      ['payouts:importBundle', { text: 42 }],
      ['payouts:signBundle', { id: '../../vault', accountId: dev[0]!.id }],
      ['payouts:startRun', { id: id.toUpperCase() }],
      ['payouts:run', {}],
      ['payouts:runs', { id }],
      ['payouts:repropose', { id, rows: [] }],
      ['payouts:repropose', { id, rows: [-1] }],
      ['payouts:repropose', { id, rows: [1.5] }],
      ['payouts:report', { id, extra: 1 }],
    ];
    for (const [channel, args] of shapes) {
      expect(await page.refusal(channel, args), channel).toMatchObject({ name: 'ValidationError' });
    }
    const refusals: [string, unknown, string][] = [
      ['payouts:signBundle', { id, accountId: dev[0]!.id }, 'PAYOUT_UNKNOWN_BUNDLE'],
      ['payouts:startRun', { id }, 'PAYOUT_UNKNOWN_BUNDLE'],
      ['payouts:run', { id }, 'PAYOUT_UNKNOWN_RUN'],
      ['payouts:report', { id }, 'PAYOUT_UNKNOWN_RUN'],
      ['payouts:repropose', { id, rows: [0] }, 'PAYOUT_UNKNOWN_RUN'],
      ['payouts:saveReport', { id }, 'PAYOUTS_NO_DIALOG'],
      ['payouts:importBundle', { text: '{"format":"not a bundle"}' }, ''],
      ['payouts:propose', { owner, csv: 'recipient,asset,amount\nNobody,TRX,1\n', accountId: dev[0]!.id }, ''],
      [
        'payouts:propose',
        { owner, csv: `recipient,asset,amount\n${freshAddress(22_100)},TRX,900000000000\n`, accountId: dev[0]!.id },
        'PAYOUT_ROWS_FAIL',
      ],
      ['payouts:propose', { owner, csv, accountId: 'no-such-account' }, ''],
    ];
    for (const [channel, args, code] of refusals) {
      const error = await page.refusal(channel, args);
      expect(error.code, channel).not.toBe('IPC_INTERNAL');
      expect(error.message.length, channel).toBeGreaterThan(10);
      if (code) expect(error.code, channel).toBe(code);
    }
    const tooMuch = await page.refusal('payouts:propose', {
      owner,
      csv: `recipient,asset,amount\n${freshAddress(22_101)},TRX,900000000000\n`,
      accountId: dev[0]!.id,
    });
    // The refusal names the line and the node's reason, so the person knows what to fix.
    expect(tooMuch.message).toMatch(/\(line 2: .*balance.*\)/i);
    expect(
      (
        await page.refusal('payouts:propose', {
          owner,
          csv: 'recipient,asset,amount\nNobody,TRX,1\n',
          accountId: dev[0]!.id,
        })
      ).code,
    ).toBe('PAYOUT_FILE_HAS_ISSUES');
    expect(profile.consent.asked.length).toBe(asked);
  }, 120_000);
});
