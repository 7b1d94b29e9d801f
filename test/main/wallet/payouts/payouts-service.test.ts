import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import type { FetchLike } from '@core/client/fetch';
import { toCsv } from '@core/csv/csv';
import type { TronNode } from '@main/node';
import { PAYOUTS_EXIT, runPayoutsCommand } from '@main/wallet/payouts/headless';
import { planJson } from '@main/wallet/payouts/plan-json';
import type { PlanProgress } from '@main/wallet/payouts/plan-types';
import { fundedKey } from '../../node/helpers';
import { deploy, word } from '../../node/vm-host/helpers';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { recordEvents } from '../helpers';
import { payoutCsv } from './payout-node';

/** The wallet's PayoutsService on its embedded node, and the headless command against the same node. */
describe('PayoutsService', () => {
  let profile: EmbeddedWallet;
  let node: TronNode;
  let token: string;
  let owner: string;
  let dir: string;

  beforeAll(async () => {
    profile = await startEmbeddedWallet({ prefix: 'payouts-', events: recordEvents(), blockTimeMs: 200 });
    node = profile.nodes[0]!;
    const payer = fundedKey(node, 0);
    owner = toBase58Address(payer.hex);
    token = toBase58Address((await deploy(node, payer, 'Token', word(10n ** 15n))).address);
    await profile.wallet.tokens.watch({ address: token });
    await profile.wallet.addressBook.save({ name: 'Vendor One', address: toBase58Address(node.accounts[3]!.hex) });
    dir = await mkdtemp(join(tmpdir(), 'payouts-app-'));
  }, 60_000);
  afterAll(async () => {
    await profile?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("reads names from this network's address book and symbols from its watched tokens", async () => {
    const csv = toCsv([
      ['recipient', 'asset', 'amount', 'reference'],
      ['vendor one', 'TT', '3', 'INV-7'],
      ['Nobody', 'TRX', '1', ''],
    ]);
    const file = await profile.wallet.payouts.read({ csv, owner });
    expect(file.rows.map((r) => [r.recipient, r.asset.type, r.amount])).toEqual([
      [toBase58Address(node.accounts[3]!.hex), 'trc20', 3_000_000n],
    ]);
    expect(file.issues.map((i) => [i.line, i.code])).toEqual([[3, 'PAYOUT_UNKNOWN_NAME']]);
    const result = await profile.wallet.payouts.plan({ csv, owner });
    expect(result.plan).toBeNull();
  });

  it('plans on the embedded node with progress, and the headless plan has the same totals and costs', async () => {
    const csv = payoutCsv(token, { trx: 8, trc20: 8, from: 5_000 });
    const progress: PlanProgress[] = [];
    const { file, plan } = await profile.wallet.payouts.plan({ csv, owner }, (p) => progress.push(p));
    expect(file.issues).toEqual([]);
    expect(plan!.dryRun.method).toBe('node');
    expect(plan!.failing).toEqual([]);
    expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['recipients', 'energy', 'dry-run']));

    const path = join(dir, 'run.csv');
    await writeFile(path, csv);
    let stdout = '';
    const code = await runPayoutsCommand(['plan', path, '--from', owner, '--node', node.url], {
      stdout: (t) => (stdout += t),
      stderr: () => {},
      readFile: (p) => import('node:fs/promises').then((fs) => fs.readFile(p, 'utf8')),
      fetch: globalThis.fetch as unknown as FetchLike,
    });
    expect(code).toBe(PAYOUTS_EXIT.good);
    const headless = JSON.parse(stdout);
    const app = JSON.parse(JSON.stringify(planJson(plan!)));
    for (const field of [
      'totals',
      'newRecipients',
      'activationSun',
      'bandwidthBytes',
      'energy',
      'burnedSun',
      'coverage',
    ])
      expect(headless[field], field).toEqual(app[field]);
    expect(headless.resourceOptions.burn).toEqual(app.resourceOptions.burn);
    expect(headless.resourceOptions.stake.sun).toEqual(app.resourceOptions.stake.sun);
    expect(headless.rows.map((r: { line: number; burnedSun: string }) => [r.line, r.burnedSun])).toEqual(
      app.rows.map((r: { line: number; burnedSun: string }) => [r.line, r.burnedSun]),
    );
  });
});
