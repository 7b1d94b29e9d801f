import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutPlanResult, PayoutPlanView, PayoutProgress } from '@core/ipc/channels/payouts';

const OWNER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const BOB = 'TEdea7WvtoCNceWPwaz7JbkBjbb6omTQcL';
const NEW = 'TLZkDnUDMwRPKQaCwNLn5zdGKx5mZ8Aqmo';
const TOKEN = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRX = { type: 'trx' as const, symbol: 'TRX', decimals: 6 };
const TT = { type: 'trc20' as const, symbol: 'TT', decimals: 6, contract: TOKEN };

function row(line: number, recipient: string, assetKey: string, amount: bigint, extra: object = {}) {
  return {
    line,
    recipient,
    assetKey,
    amount,
    kind: assetKey === 'TRX' ? 'trx-transfer' : 'trc20-transfer',
    recipientNew: false,
    activates: false,
    bandwidthBytes: 267n,
    energy: assetKey === 'TRX' ? null : 13_045n,
    feeLimitSun: null,
    burnedSun: 0n,
    options: null,
    status: 'ok' as const,
    reason: null,
    ...extra,
  };
}

function planOf(overrides: Partial<PayoutPlanView> = {}): PayoutPlanView {
  return {
    owner: OWNER,
    headBlock: 1234,
    headTime: 1_700_000_000_000,
    signing: [{ contractType: 'TransferContract', permissionId: 0, expectedSignatures: 1 }],
    totals: [
      {
        key: 'TRX',
        asset: TRX,
        count: 2,
        total: 13_500_000n,
        symbol: 'TRX',
        newRecipients: 1,
        bandwidthBytes: 534n,
        energy: 0n,
        burnedSun: 1_100_000n,
      },
      {
        key: `trc20:${TOKEN}`,
        asset: TT,
        count: 2,
        total: 2_500_250_000n,
        symbol: 'TT',
        newRecipients: 0,
        bandwidthBytes: 690n,
        energy: 26_090n,
        burnedSun: 2_609_000n,
      },
    ],
    newRecipients: [NEW],
    activationSun: 1_100_000n,
    bandwidthBytes: 1_224n,
    energy: 26_090n,
    burnedSun: 3_709_000n,
    resourceOptions: {
      energy: 26_090n,
      burn: { sun: 2_609_000n },
      stake: { sun: 3_400_000_000n, unlockDays: 14, unlocksAt: 1_701_209_600_000 },
      delegated: { available: 10_000n, delegatedEnergy: 4_000n, burnSun: 1_609_000n },
    },
    coverage: [
      { assetKey: 'TRX', symbol: 'TRX', decimals: 6, needed: 17_209_000n, available: 90_000_000n, shortfall: 0n },
      {
        assetKey: `trc20:${TOKEN}`,
        symbol: 'TT',
        decimals: 6,
        needed: 2_500_250_000n,
        available: 9_000_000_000n,
        shortfall: 0n,
      },
    ],
    covered: true,
    dryRun: { method: 'node', feeSun: 3_709_000n },
    rows: [
      row(2, BOB, 'TRX', 12_000_000n),
      row(3, NEW, 'TRX', 1_500_000n, { recipientNew: true, activates: true, burnedSun: 1_100_000n }),
      row(4, BOB, `trc20:${TOKEN}`, 2_500_000_000n),
      row(5, BOB, `trc20:${TOKEN}`, 250_000n, { status: 'fails', reason: 'The token contract reverted: paused.' }),
    ],
    failing: [{ line: 5, reason: 'The token contract reverted: paused.' }],
    ...overrides,
  };
}

const main = vi.hoisted(() => ({
  plan: null as null | ((args: { runId: string }) => Promise<unknown>),
  calls: [] as { owner: string; csv: string; runId: string }[],
  verdicts: [] as unknown[],
  listeners: new Map<string, (payload: unknown) => void>(),
  dialogs: false,
  opened: null as null | { csv: string; name: string },
}));

vi.mock('@renderer/api/bridge', () => ({
  api: {
    on: (event: string, listener: (payload: unknown) => void) => {
      main.listeners.set(event, listener);
      return () => main.listeners.delete(event);
    },
    vault: {
      listAccounts: async () => [
        {
          id: 'acc_1',
          kind: 'watch',
          label: 'Treasury',
          address: OWNER,
          addressHex: '41',
          canSign: false,
          createdAt: 1,
        },
        { id: 'acc_2', kind: 'watch', label: 'Payroll', address: BOB, addressHex: '41', canSign: false, createdAt: 2 },
      ],
    },
    accounts: { list: async () => ({ network: 'embedded', updatedAt: null, accounts: [] }) },
    addressBook: { list: async () => [] },
    cosign: { list: async () => ({ fileDialogs: { open: main.dialogs, save: false } }) },
    tokens: { list: async () => [] },
    policy: {
      verdict: async (input: { payments: { asset: string }[] }) => {
        main.verdicts.push(input);
        return {
          policyVersion: 4,
          historyNote: '',
          verdicts: input.payments.map((_, i) =>
            i === 1
              ? {
                  pass: false,
                  overriddenBy: null,
                  breaches: [{ code: 'POLICY_DAILY_CAP', message: 'Above the daily cap of 10 TRX.' }],
                }
              : { pass: true, overriddenBy: null, breaches: [] },
          ),
        };
      },
    },
    payouts: {
      runs: async () => [],
      plan: (args: { owner: string; csv: string; runId: string }) => {
        main.calls.push(args);
        return main.plan!(args);
      },
      openFile: async () => main.opened,
    },
  },
}));

const { default: PayoutsPage } = await import('@renderer/pages/payouts/PayoutsPage.vue');

async function renderWithFile(csv = 'recipient,asset,amount\n') {
  const page = mount(PayoutsPage, { attachTo: document.body });
  await flushPromises();
  const input = page.find('[data-testid="payout-file"]');
  Object.defineProperty(input.element, 'files', { value: [new File([csv], 'run.csv', { type: 'text/csv' })] });
  await input.trigger('change');
  await flushPromises();
  return page;
}

function emitProgress(progress: PayoutProgress): void {
  main.listeners.get('payouts:progress')!(progress);
}

describe('payouts page', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    main.calls = [];
    main.verdicts = [];
    main.plan = null;
    main.dialogs = false;
    main.opened = null;
    document.body.innerHTML = '';
  });

  it('sends the chosen file and account to main, then lists every bad row by line and plans nothing', async () => {
    const answer: PayoutPlanResult = {
      file: {
        rows: [],
        total: 3,
        issues: [
          { line: 2, code: 'PAYOUT_BAD_CHECKSUM', column: 'recipient', message: 'Line 2: the address has a typo.' },
          {
            line: 4,
            code: 'PAYOUT_NOT_POSITIVE',
            column: 'amount',
            message: 'Line 4: the amount must be more than 0.',
          },
        ],
      },
      plan: null,
    };
    main.plan = async () => answer;
    const page = await renderWithFile('recipient,asset,amount\nTx,TRX,1\n');
    expect(page.find('[data-testid="payout-file-name"]').text()).toContain('run.csv');
    await page.find('form').trigger('submit');
    await flushPromises();

    expect(main.calls).toHaveLength(1);
    expect(main.calls[0]).toMatchObject({ owner: OWNER, csv: 'recipient,asset,amount\nTx,TRX,1\n' });
    const items = page.findAll('[data-testid="payout-issues"] li');
    expect(items.map((li) => [li.attributes('data-line'), li.text()])).toEqual([
      ['2', 'Line 2: the address has a typo.'],
      ['4', 'Line 4: the amount must be more than 0.'],
    ]);
    expect(page.find('[data-testid="payout-issues"]').text()).toContain('2 problem(s) in 3 row(s)');
    expect(page.find('[data-testid="payout-plan-summary"]').exists()).toBe(false);
    expect(page.find('[data-testid="payout-totals"]').exists()).toBe(false);
  });

  it('moves a labelled progress bar with main’s progress for this run only, and removes it with the answer', async () => {
    let finish: (value: PayoutPlanResult) => void = () => undefined;
    main.plan = () => new Promise((resolve) => (finish = resolve));
    const page = await renderWithFile();
    await page.find('form').trigger('submit');
    await flushPromises();
    const runId = main.calls[0]!.runId;
    expect(runId).toMatch(/^[A-Za-z0-9_-]+$/);

    const bar = () => page.find('[data-testid="payout-progress"] progress');
    expect(page.find('[data-testid="payout-progress"] label').text()).toBe('Reading the file…');
    emitProgress({ runId, phase: 'dry-run', done: 3, total: 6 });
    await flushPromises();
    expect(bar().attributes('max')).toBe('6');
    expect((bar().element as HTMLProgressElement).value).toBe(3);
    const label = page.find('[data-testid="payout-progress"] label');
    expect(label.text()).toBe('Running every row on the node, in order: 3 of 6');
    expect(label.attributes('for')).toBe(bar().attributes('id'));
    expect(page.find('[data-testid="payout-progress"] [role="alert"]').exists()).toBe(false);

    emitProgress({ runId: 'someone-else', phase: 'energy', done: 1, total: 9 });
    await flushPromises();
    expect(page.find('[data-testid="payout-progress"]').attributes('data-phase')).toBe('dry-run');

    finish({ file: { rows: [], issues: [], total: 4 }, plan: planOf() });
    await flushPromises();
    expect(page.find('[data-testid="payout-progress"]').exists()).toBe(false);
    expect(page.find('[data-testid="payout-plan-summary"]').exists()).toBe(true);
  });

  it('shows totals in units with symbols, the three energy options, failing rows with reasons and the largest rows', async () => {
    main.plan = async () => ({ file: { rows: [], issues: [], total: 4 }, plan: planOf() });
    const page = await renderWithFile();
    await page.find('form').trigger('submit');
    await flushPromises();

    const totals = page.find('[data-testid="payout-totals"]');
    expect(totals.find('caption').text()).toBe('Totals per asset');
    expect(totals.findAll('[data-testid="total-amount"]').map((c) => c.text())).toEqual(['13.5 TRX', '2,500.25 TT']);
    expect(totals.find('tbody tr[data-asset="TRX"]').text()).toContain('1.1 TRX');
    expect(totals.find(`tbody tr[data-asset="trc20:${TOKEN}"]`).text()).toContain('26,090 energy');
    expect(page.find('[data-testid="burned-total"]').text()).toBe('3.709 TRX');

    expect(page.find('[data-testid="option-burn"]').text()).toContain('2.609 TRX');
    const stake = page.find('[data-testid="option-stake"]').text();
    expect(stake).toContain('3,400 TRX staked');
    expect(stake).toContain('14 days after unstaking');
    const delegated = page.find('[data-testid="option-delegated"]').text();
    expect(delegated).toContain('10,000 energy available');
    expect(delegated).toContain('4,000');
    expect(delegated).toContain('1.609 TRX');

    expect(page.find('[data-testid="payout-coverage"]').attributes('data-covered')).toBe('true');
    expect(page.find('[data-testid="payout-coverage"]').text()).toContain('covers every row plus fees');

    const failing = page.findAll('[data-testid="payout-failing"] [data-testid="planned-row"]');
    expect(failing.map((r) => [r.attributes('data-line'), r.attributes('data-status')])).toEqual([['5', 'fails']]);
    expect(failing[0]!.text()).toContain('Would fail: The token contract reverted: paused.');
    expect(failing[0]!.text()).toContain('0.25 TT');

    const largest = page.findAll('[data-testid="payout-largest"] [data-testid="planned-row"]');
    expect(largest.map((r) => r.attributes('data-line'))).toEqual(['2', '3', '4', '5']);
    expect(largest[1]!.text()).toContain('activates the recipient');
    expect(page.text()).not.toContain('12000000');
  });

  it('asks main for the policy verdict on every planned payment in file order, under the plan’s permission, and names a breach', async () => {
    main.plan = async () => ({ file: { rows: [], issues: [], total: 4 }, plan: planOf() });
    const page = await renderWithFile();
    await page.find('form').trigger('submit');
    await flushPromises();

    const plan = planOf();
    expect(main.verdicts).toEqual([
      {
        owner: plan.owner,
        permissionId: 0,
        payments: plan.rows.map((r) => ({
          asset: r.assetKey === 'TRX' ? 'TRX' : `TRC20:${TOKEN}`,
          amount: r.amount,
          recipient: r.recipient,
        })),
      },
    ]);
    const breach = page.find('[data-testid="policy-breach"]');
    expect(breach.text()).toContain('Treasury policy version 4 blocks this');
    expect(breach.text()).toContain('Payment 2: Above the daily cap of 10 TRX.');
  });

  it('names the shortfall when the balance does not cover the run', async () => {
    const plan = planOf({
      covered: false,
      coverage: [
        {
          assetKey: 'TRX',
          symbol: 'TRX',
          decimals: 6,
          needed: 17_209_000n,
          available: 5_000_000n,
          shortfall: 12_209_000n,
        },
      ],
    });
    main.plan = async () => ({ file: { rows: [], issues: [], total: 4 }, plan });
    const page = await renderWithFile();
    await page.find('form').trigger('submit');
    await flushPromises();
    const coverage = page.find('[data-testid="payout-coverage"]');
    expect(coverage.attributes('data-covered')).toBe('false');
    expect(coverage.text()).toContain('does not cover the run');
    expect(coverage.find('[data-testid="shortfall"]').text()).toBe('12.209 TRX');
    expect(coverage.text()).toContain('17.209 TRX');
  });

  it("uses main's open dialog when main has one, and plans the file it returns", async () => {
    main.dialogs = true;
    main.opened = { csv: 'recipient,asset,amount\nX,TRX,1\n', name: 'from-main.csv' };
    main.plan = async () => ({ file: { rows: [], issues: [], total: 1 }, plan: planOf() });
    const page = mount(PayoutsPage, { attachTo: document.body });
    await flushPromises();
    expect(page.find('[data-testid="payout-file"]').exists()).toBe(false);
    const choose = page.findAll('button').find((b) => b.text() === 'Choose payout file…')!;
    await choose.trigger('click');
    await flushPromises();
    expect(page.find('[data-testid="payout-file-name"]').text()).toContain('from-main.csv');
    await page.find('form').trigger('submit');
    await flushPromises();
    expect(main.calls[0]).toMatchObject({ owner: OWNER, csv: 'recipient,asset,amount\nX,TRX,1\n' });
    expect(page.find('[data-testid="payout-plan-summary"]').exists()).toBe(true);
  });

  it('takes the plan away when another paying account is chosen, since it was made for the first', async () => {
    main.plan = async () => ({ file: { rows: [], issues: [], total: 4 }, plan: planOf() });
    const page = await renderWithFile();
    await page.find('form').trigger('submit');
    await flushPromises();
    expect(page.find('[data-testid="payout-plan-summary"]').exists()).toBe(true);
    await page.find('select').setValue(BOB);
    await flushPromises();
    expect(page.find('[data-testid="payout-plan-summary"]').exists()).toBe(false);
    await page.find('form').trigger('submit');
    await flushPromises();
    expect(main.calls.map((c) => c.owner)).toEqual([OWNER, BOB]);
  });
});
