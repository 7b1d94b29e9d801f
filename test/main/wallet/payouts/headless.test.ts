import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '@core/csv/csv';
import type { FetchLike } from '@core/client/fetch';
import { toBase58Address } from '@core/address/address';
import { PAYOUTS_EXIT, runPayoutsCommand } from '@main/wallet/payouts/headless';
import { freshAddress, payoutCsv, startPayoutNode, type PayoutNode } from './payout-node';

/** `npm run payouts -- plan`: exit codes, the JSON it prints, and every bad row on stderr. */
describe('headless payouts plan', () => {
  let chain: PayoutNode;
  let dir: string;

  beforeAll(async () => {
    chain = await startPayoutNode();
    dir = await mkdtemp(join(tmpdir(), 'payouts-cli-'));
  }, 60_000);
  afterAll(async () => {
    await chain?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function run(csv: string, extra: string[] = []) {
    const file = join(dir, `run-${Math.random().toString(36).slice(2)}.csv`);
    await writeFile(file, csv);
    let stdout = '';
    let stderr = '';
    const code = await runPayoutsCommand(
      ['plan', file, '--from', toBase58Address(chain.payer.hex), '--node', chain.node.url, ...extra],
      {
        stdout: (t) => (stdout += t),
        stderr: (t) => (stderr += t),
        readFile: (path) => import('node:fs/promises').then((fs) => fs.readFile(path, 'utf8')),
        fetch: globalThis.fetch as unknown as FetchLike,
      },
    );
    return { code, stdout, stderr };
  }

  it('prints a good plan as JSON and exits 0', async () => {
    const { code, stdout, stderr } = await run(payoutCsv(chain.token, { trx: 3, trc20: 2 }));
    expect(stderr).toBe('');
    expect(code).toBe(PAYOUTS_EXIT.good);
    const plan = JSON.parse(stdout);
    expect(
      plan.totals.map((t: { key: string; count: number; totalUnits: string }) => [t.key, t.count, t.totalUnits]),
    ).toEqual([
      ['TRX', 3, '7.5'],
      [`trc20:${chain.token}`, 2, '5.5'],
    ]);
    expect(plan.newRecipients).toHaveLength(5);
    expect(BigInt(plan.energy)).toBeGreaterThan(0n);
    expect(plan.costTrx.energyBurn).toMatch(/^\d+(\.\d+)?$/);
    expect(plan.failing).toEqual([]);
    expect(plan.dryRun.method).toBe('checks');
  });

  it('exits 1 when a row would fail, naming its line', async () => {
    const csv = toCsv([
      ['recipient', 'asset', 'amount'],
      [freshAddress(11), 'TRX', '1'],
      [freshAddress(12), chain.token, '5000000'],
    ]);
    const { code, stdout } = await run(csv);
    expect(code).toBe(PAYOUTS_EXIT.rowsFail);
    const plan = JSON.parse(stdout);
    expect(plan.failing.map((f: { line: number }) => f.line)).toEqual([3]);
    expect(plan.failing[0].reason).toMatch(/insufficient balance|runs out/);
  });

  it('exits 2 for a bad file with every bad row on stderr, and plans nothing', async () => {
    const csv = toCsv([
      ['recipient', 'asset', 'amount'],
      [freshAddress(21), 'TRX', '0'],
      [freshAddress(22), 'TRX', '1'],
      ['Payroll Bob', 'TRX', '1'],
      [freshAddress(23), 'TRX', '1.1234567'],
    ]);
    const { code, stdout, stderr } = await run(csv);
    expect(code).toBe(PAYOUTS_EXIT.badFile);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/3 problems; nothing was planned/);
    expect(stderr).toMatch(/^Line 2: .*\[PAYOUT_NOT_POSITIVE\]$/m);
    expect(stderr).toMatch(/^Line 4: .*\[PAYOUT_UNKNOWN_NAME\]$/m);
    expect(stderr).toMatch(/^Line 5: .*\[PAYOUT_TOO_MANY_DECIMALS\]$/m);
  });

  it('resolves names from --book and symbols from --token', async () => {
    const book = join(dir, 'book.csv');
    await writeFile(
      book,
      toCsv([
        ['name', 'address'],
        ['Payroll Bob', freshAddress(31)],
      ]),
    );
    const csv = toCsv([
      ['recipient', 'asset', 'amount'],
      ['Payroll Bob', 'TT', '1'],
    ]);
    const { code, stdout } = await run(csv, ['--book', book, '--token', chain.token]);
    expect(code).toBe(PAYOUTS_EXIT.good);
    expect(JSON.parse(stdout).rows[0].recipient).toBe(freshAddress(31));
  });

  it('runs as npm run payouts does, and refuses bad options with exit 2', async () => {
    const cli = resolve('src-main/wallet/payouts/cli.ts');
    const file = join(dir, 'bad.csv');
    await writeFile(file, 'recipient,asset,amount,colour\n');
    const outcome = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = execFile(process.execPath, ['--import', 'tsx', cli, ...args], (_, __, stderr) =>
          done({ code: child.exitCode, stderr }),
        );
      });
    const bad = await outcome(['plan', file, '--from', toBase58Address(chain.payer.hex), '--node', chain.node.url]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Line 1: .*unknown column “colour”/);
    const usage = await outcome(['plan', file, '--node', chain.node.url]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--from must be the paying account/);
  });
});
