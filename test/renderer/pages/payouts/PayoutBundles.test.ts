import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutBundleView, PayoutHandoff, PayoutPlanView, PayoutRunView } from '@core/ipc/channels/payouts';
import { toHexAddress } from '@core/address/address';
import { PayoutError } from '@core/payouts/errors';

const OWNER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const BOB = 'TEdea7WvtoCNceWPwaz7JbkBjbb6omTQcL';
const NEW = 'TLZkDnUDMwRPKQaCwNLn5zdGKx5mZ8Aqmo';
const TOKEN = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ID = 'ab'.repeat(32);
const AGAIN = 'cd'.repeat(32);
const TRX = { type: 'trx' as const, symbol: 'TRX', decimals: 6 };

function plan(failing = false): PayoutPlanView {
  const status = failing ? ('fails' as const) : ('ok' as const);
  return {
    owner: OWNER,
    headBlock: 10,
    headTime: 1_700_000_000_000,
    signing: [{ contractType: 'TransferContract', permissionId: 2, expectedSignatures: 2 }],
    totals: [
      {
        key: 'TRX',
        asset: TRX,
        count: 1,
        total: 5_000_000n,
        symbol: 'TRX',
        newRecipients: 0,
        bandwidthBytes: 267n,
        energy: 0n,
        burnedSun: 0n,
      },
    ],
    newRecipients: [],
    activationSun: 0n,
    bandwidthBytes: 267n,
    energy: 0n,
    burnedSun: 0n,
    resourceOptions: {
      energy: 0n,
      burn: { sun: 0n },
      stake: { sun: 0n, unlockDays: 14, unlocksAt: 1_701_209_600_000 },
      delegated: { available: 0n, delegatedEnergy: 0n, burnSun: 0n },
    },
    coverage: [
      { assetKey: 'TRX', symbol: 'TRX', decimals: 6, needed: 5_000_000n, available: 9n ** 12n, shortfall: 0n },
    ],
    covered: true,
    dryRun: { method: 'node', feeSun: 0n },
    rows: [
      {
        line: 2,
        recipient: BOB,
        assetKey: 'TRX',
        amount: 5_000_000n,
        kind: 'trx-transfer',
        recipientNew: false,
        activates: false,
        bandwidthBytes: 267n,
        energy: null,
        feeLimitSun: null,
        burnedSun: 0n,
        options: null,
        status,
        reason: failing ? 'balance is not sufficient' : null,
      },
    ],
    failing: failing ? [{ line: 2, reason: 'balance is not sufficient' }] : [],
  };
}

function handoff(overrides: Partial<PayoutHandoff> = {}): PayoutHandoff {
  return {
    id: ID,
    fingerprint: { words: ['apple', 'river', 'stone', 'cloud'], text: 'apple river stone cloud', hex: 'ab12' },
    rows: 3,
    ready: 0,
    signed: 3,
    stopped: null,
    text: '{"bundle":"text"}',
    fileName: 'payout-bundle-ab12.json',
    ...overrides,
  };
}

const bundleView: PayoutBundleView = {
  id: ID,
  fingerprint: { words: ['apple', 'river', 'stone', 'cloud'], text: 'apple river stone cloud', hex: 'ab12' },
  owner: OWNER,
  count: 3,
  ready: 0,
  totals: [
    { asset: 'TRX', amount: 7_500_000n, rows: 2 },
    // Totals name a token's contract in hex, as main's bundle view keys them.
    { asset: `TRC20:${toHexAddress(TOKEN)}`, amount: 1_250_500_000n, rows: 1 },
  ],
  largest: [
    { row: 2, payment: { asset: `TRC20:${TOKEN}`, recipient: BOB, amount: 1_250_500_000n } },
    { row: 0, payment: { asset: 'TRX', recipient: NEW, amount: 5_000_000n } },
  ],
  newRecipients: [{ row: 0, recipient: NEW }],
  differences: [
    {
      row: 1,
      stated: { asset: 'TRX', recipient: BOB, amount: 2_500_000n },
      actual: { asset: 'TRX', recipient: NEW, amount: 2_500_000n },
    },
  ],
  notPayments: [],
  rows: [],
  failed: [],
};

function runRow(row: number, status: PayoutRunView['rows'][number]['status'], extra: object = {}) {
  return {
    row,
    txid: `${row}`.padStart(64, 'f'),
    status,
    attempts: status === 'waiting' ? 0 : 1,
    broadcastAt: null,
    confirmedAt: null,
    blockNumber: null,
    feeSun: null,
    nodeCode: null,
    reason: null,
    ...extra,
  };
}

function runOf(rows: PayoutRunView['rows'], id = ID): PayoutRunView {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return { id, owner: OWNER, proposedAt: 1, startedAt: 2, counts, rows };
}

const main = vi.hoisted(() => ({
  calls: [] as [string, unknown][],
  listeners: new Map<string, (payload: unknown) => void>(),
  plan: null as unknown,
  save: true,
  runs: [] as unknown[],
  answers: {} as Record<string, (input: unknown) => Promise<unknown>>,
}));

vi.mock('@renderer/api/bridge', () => {
  const call = (name: string) => (input: unknown) => {
    main.calls.push([name, input]);
    const answer = main.answers[name];
    if (!answer) throw new Error(`no answer for ${name}`);
    return answer(input);
  };
  return {
    api: {
      on: (event: string, listener: (payload: unknown) => void) => {
        main.listeners.set(event, listener);
        return () => main.listeners.delete(event);
      },
      vault: {
        listAccounts: async () => [
          {
            id: 'acc_t',
            kind: 'watch',
            label: 'Treasury',
            address: OWNER,
            addressHex: '41',
            canSign: false,
            createdAt: 1,
          },
          {
            id: 'acc_a',
            kind: 'imported',
            label: 'Alice',
            address: BOB,
            addressHex: '41',
            canSign: true,
            createdAt: 2,
          },
        ],
      },
      accounts: { list: async () => ({ network: 'embedded', updatedAt: null, accounts: [] }) },
      addressBook: { list: async () => [] },
      cosign: { list: async () => ({ fileDialogs: { open: false, save: main.save } }) },
      tokens: { list: async () => [{ address: TOKEN, name: 'Test Token', symbol: 'TT', decimals: 6 }] },
      payouts: {
        plan: async () => ({ file: { rows: [], issues: [], total: 1 }, plan: main.plan }),
        openFile: async () => null,
        runs: async () => main.runs,
        propose: call('propose'),
        importBundle: call('importBundle'),
        signBundle: call('signBundle'),
        startRun: call('startRun'),
        run: call('run'),
        repropose: call('repropose'),
        report: call('report'),
        saveReport: call('saveReport'),
      },
    },
  };
});

const { default: PayoutsPage } = await import('@renderer/pages/payouts/PayoutsPage.vue');

async function render() {
  const page = mount(PayoutsPage, { attachTo: document.body });
  await flushPromises();
  return page;
}

async function renderPlanned(failing = false) {
  main.plan = plan(failing);
  const page = await render();
  const input = page.find('[data-testid="payout-file"]');
  const csv = `recipient,asset,amount\n${BOB},TRX,5\n`;
  Object.defineProperty(input.element, 'files', { value: [new File([csv], 'run.csv', { type: 'text/csv' })] });
  await input.trigger('change');
  await flushPromises();
  await page.find('[data-testid="payout-form"]').trigger('submit');
  await flushPromises();
  return { page, csv };
}

async function importBundle(page: Awaited<ReturnType<typeof render>>) {
  main.answers.importBundle = async () => bundleView;
  await page.find('[data-testid="payout-bundle-input"] textarea').setValue('{"bundle":"text"}');
  await page.find('[data-testid="payout-import"]').trigger('submit');
  await flushPromises();
}

function block(): void {
  main.listeners.get('node:block')!({ number: 11, id: '00', timestamp: 3, txCount: 0 });
}

describe('payouts page: one bundle from proposal to report', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    main.calls = [];
    main.plan = null;
    main.save = true;
    main.runs = [];
    main.answers = {};
    document.body.innerHTML = '';
  });

  it('proposes a good plan with the chosen key and shows the fingerprint and the text to hand on, not yet a start', async () => {
    main.answers.propose = async () => handoff();
    const { page, csv } = await renderPlanned();
    const form = page.find('[data-testid="payout-propose"]');
    expect(form.find('h2').text()).toBe('Propose as one bundle');
    expect(form.find('select').element.value).toBe('acc_a');
    await form.trigger('submit');
    await flushPromises();

    expect(main.calls).toEqual([['propose', { owner: OWNER, csv, accountId: 'acc_a' }]]);
    const card = page.find('[data-testid="payout-handoff"]');
    expect(card.attributes('data-bundle')).toBe(ID);
    expect(card.find('[data-testid="payout-fingerprint"]').text()).toContain('river');
    expect((card.find('[data-testid="payout-bundle-text"]').element as HTMLTextAreaElement).value).toBe(
      '{"bundle":"text"}',
    );
    expect(card.find('label').text()).toContain('payout-bundle-ab12.json');
    expect(card.text()).toContain('This key signed 3 row(s). 0 of 3 row(s) have every signature they need.');
    expect(card.find('[data-testid="payout-start"]').exists()).toBe(false);
  });

  it('offers no proposal for a plan with a row the node would refuse', async () => {
    const { page } = await renderPlanned(true);
    expect(page.find('[data-testid="payout-failing"]').exists()).toBe(true);
    expect(page.find('[data-testid="payout-propose"]').exists()).toBe(false);
  });

  it('shows a co-signer the totals in units, the largest rows, new recipients and rows that differ, then signs every row with one request', async () => {
    main.answers.signBundle = async () => handoff({ ready: 3, signed: 3 });
    const page = await render();
    await importBundle(page);
    expect(main.calls[0]).toEqual(['importBundle', { text: '{"bundle":"text"}' }]);

    const review = page.find('[data-testid="payout-review"]');
    expect(review.find('h2').text()).toBe('Bundle to co-sign: 3 row(s)');
    expect(review.findAll('[data-testid="review-total"]').map((c) => c.text())).toEqual(['7.5 TRX', '1,250.5 TT']);
    expect(review.find('[data-testid="payout-review-totals"] caption').text()).toBe('Totals per asset');
    expect(review.findAll('[data-testid="payout-review-totals"] tbody th').map((c) => c.text())).toEqual(['TRX', 'TT']);
    expect(review.findAll('[data-testid="review-largest-row"]').map((r) => r.attributes('data-row'))).toEqual([
      '3',
      '1',
    ]);
    expect(review.find('[data-testid="payout-review-new"] li').attributes('data-row')).toBe('1');
    const difference = review.find('[data-testid="review-difference"]');
    expect(difference.attributes('data-row')).toBe('2');
    expect(difference.findAll('td')[1]!.find('[data-testid="address"]').attributes('data-address')).toBe(BOB);
    expect(difference.findAll('td')[2]!.find('[data-testid="address"]').attributes('data-address')).toBe(NEW);

    const sign = page.find('[data-testid="payout-cosign"]');
    expect(sign.text()).toBe('Co-sign all 3 rows');
    await page.find('[data-testid="payout-cosign-form"]').trigger('submit');
    await flushPromises();
    expect(main.calls.filter(([name]) => name === 'signBundle')).toEqual([
      ['signBundle', { id: ID, accountId: 'acc_a' }],
    ]);
    expect(page.find('[data-testid="payout-handoff"]').attributes('data-ready')).toBe('3');
    expect(page.find('[data-testid="payout-start"]').text()).toBe('Start the run');
  });

  it('counts a Ledger’s rows as it signs them one by one, for this bundle only, and stops counting once signed', async () => {
    let finish: (value: unknown) => void = () => undefined;
    main.answers.signBundle = () => new Promise((resolve) => (finish = resolve));
    const page = await render();
    await importBundle(page);
    await page.find('[data-testid="payout-cosign-form"]').trigger('submit');
    await flushPromises();
    const signing = main.listeners.get('payouts:signing')!;
    signing({ id: 'ff'.repeat(32), signed: 9, total: 9 });
    signing({ id: ID, signed: 2, total: 3 });
    await flushPromises();
    const count = page.find('[data-testid="payout-signing-count"]');
    expect(count.attributes('role')).toBe('status');
    expect(count.text()).toContain('The Ledger has signed 2 of 3 rows');
    expect(count.find('progress').attributes('value')).toBe('2');
    finish(handoff({ ready: 3, signed: 3 }));
    await flushPromises();
    expect(page.find('[data-testid="payout-signing-count"]').exists()).toBe(false);
    expect(main.listeners.has('payouts:signing')).toBe(false);
  });

  it('words a token it does not watch in base units with its contract, never with guessed decimals', async () => {
    const other = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    main.answers.importBundle = async () => ({
      ...bundleView,
      totals: [{ asset: `TRC20:${other}`, amount: 1_500n, rows: 1 }],
      largest: [],
      newRecipients: [],
      differences: [],
    });
    const page = await render();
    await page.find('[data-testid="payout-bundle-input"] textarea').setValue('x');
    await page.find('[data-testid="payout-import"]').trigger('submit');
    await flushPromises();
    expect(page.find('[data-testid="review-total"]').text()).toBe(`1,500 base units of token ${other}`);
    expect(page.find('[data-testid="payout-review-no-differences"]').exists()).toBe(true);
  });

  it('starts the run, follows its rows on each block until every row is settled, and shows a failure’s reason', async () => {
    main.answers.signBundle = async () => handoff({ ready: 3, signed: 3 });
    let finish: (run: PayoutRunView) => void = () => undefined;
    main.answers.startRun = () => new Promise((resolve) => (finish = resolve));
    const page = await render();
    await importBundle(page);
    await page.find('[data-testid="payout-cosign-form"]').trigger('submit');
    await flushPromises();
    await page.find('[data-testid="payout-start"]').trigger('click');
    await flushPromises();
    expect(main.calls.at(-1)).toEqual(['startRun', { id: ID }]);

    // Main is still sending: the run is looked for on the next block and shown once recorded.
    main.runs = [runOf([runRow(0, 'sent'), runRow(1, 'sending'), runRow(2, 'waiting')])];
    block();
    await flushPromises();
    expect(page.findAll('[data-testid="run-row"]').map((r) => r.attributes('data-status'))).toEqual([
      'sent',
      'sending',
      'waiting',
    ]);

    finish(runOf([runRow(0, 'sent'), runRow(1, 'sent'), runRow(2, 'sent')]));
    await flushPromises();
    const settled = runOf([
      runRow(0, 'confirmed', { blockNumber: 12, feeSun: 0n }),
      runRow(1, 'confirmed', { blockNumber: 12, feeSun: 1_100_000n }),
      runRow(2, 'failed', { blockNumber: 13, feeSun: 2_000_000n, reason: 'REVERT: recipient blocked' }),
    ]);
    main.answers.run = async () => settled;
    block();
    await flushPromises();
    expect(main.calls.filter(([name]) => name === 'run')).toEqual([['run', { id: ID }]]);
    const rows = page.findAll('[data-testid="run-row"]');
    expect(rows.map((r) => r.attributes('data-status'))).toEqual(['confirmed', 'confirmed', 'failed']);
    expect(rows[2]!.find('[data-testid="run-row-status"]').text()).toBe('Failed: REVERT: recipient blocked');
    expect(rows[1]!.text()).toContain('1.1 TRX');
    expect(page.find('[data-testid="payout-run-summary"]').text()).toBe('2 confirmed, 1 failed.');

    block();
    await flushPromises();
    expect(main.calls.filter(([name]) => name === 'run')).toHaveLength(1);
  });

  it('asks main about a moving run at most once a second however fast blocks come', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_700_000_000_000);
      main.runs = [runOf([runRow(0, 'sent'), runRow(1, 'sending')])];
      main.answers.run = async () => runOf([runRow(0, 'packed'), runRow(1, 'sent')]);
      const page = await render();
      for (let i = 0; i < 4; i++) {
        block();
        await flushPromises();
      }
      expect(main.calls.filter(([name]) => name === 'run')).toHaveLength(1);
      expect(page.findAll('[data-testid="run-row"]').map((r) => r.attributes('data-status'))).toEqual([
        'packed',
        'sent',
      ]);
      vi.setSystemTime(1_700_000_001_000);
      block();
      await flushPromises();
      expect(main.calls.filter(([name]) => name === 'run')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('re-proposes exactly the rows the person ticked, and only failed, expired or unsigned rows can be ticked', async () => {
    main.runs = [
      runOf([
        runRow(0, 'confirmed'),
        runRow(1, 'failed', { reason: 'REVERT' }),
        runRow(2, 'expired', { reason: 'It expired' }),
        runRow(3, 'sent'),
      ]),
    ];
    main.answers.repropose = async () => handoff({ id: AGAIN, rows: 1, signed: 0 });
    const page = await render();
    const rows = page.findAll('[data-testid="run-row"]');
    expect(rows.map((r) => r.find('[data-testid="run-row-choose"]').exists())).toEqual([false, true, true, false]);
    const button = page.find('[data-testid="payout-repropose"]');
    expect(button.attributes('disabled')).toBeDefined();
    const box = rows[1]!.find('[data-testid="run-row-choose"]');
    expect(box.attributes('aria-label')).toBe('Pay row 2 again');
    await box.setValue(true);
    expect(button.text()).toBe('Re-propose 1 chosen row(s)');
    await button.trigger('click');
    await flushPromises();
    expect(main.calls).toEqual([['repropose', { id: ID, rows: [1] }]]);
    const card = page.find('[data-testid="payout-handoff"]');
    expect(card.attributes('data-bundle')).toBe(AGAIN);
    expect(card.text()).toContain('No key of this desk has signed it yet.');
    expect(card.find('[data-testid="payout-cosign"]').text()).toBe('Co-sign all 1 rows');
  });

  it('saves the report through main’s dialog, or shows its text where main has no dialog', async () => {
    main.runs = [runOf([runRow(0, 'confirmed')])];
    main.answers.saveReport = async () => ({ path: '/reports/payout-report.csv' });
    main.answers.report = async () => ({ csv: 'row,status\n1,confirmed\n', fileName: 'payout-report-ab.csv' });
    const page = await render();
    await page.find('[data-testid="payout-report"]').trigger('click');
    await flushPromises();
    expect(main.calls).toEqual([['saveReport', { id: ID }]]);
    expect(page.find('[data-testid="payout-report-path"]').text()).toContain('/reports/payout-report.csv');

    setActivePinia(createPinia());
    main.save = false;
    main.calls = [];
    page.unmount();
    const plain = await render();
    expect(plain.find('[data-testid="payout-report"]').text()).toBe('Show the report');
    await plain.find('[data-testid="payout-report"]').trigger('click');
    await flushPromises();
    expect(main.calls).toEqual([['report', { id: ID }]]);
    expect((plain.find('[data-testid="payout-report-text"] textarea').element as HTMLTextAreaElement).value).toBe(
      'row,status\n1,confirmed\n',
    );
  });

  it('shows main’s refusal in words through the error view and keeps the page usable', async () => {
    main.answers.importBundle = async () => {
      throw new PayoutError('PAYOUT_OTHER_NETWORK', 'This bundle was made for Nile, not the network in use.');
    };
    const page = await render();
    await page.find('[data-testid="payout-bundle-input"] textarea').setValue('x');
    await page.find('[data-testid="payout-import"]').trigger('submit');
    await flushPromises();
    const notice = page.find('[data-error-code="PAYOUT_OTHER_NETWORK"]');
    expect(notice.text()).toContain('The payout run could not go on');
    expect(notice.text()).toContain('This bundle was made for Nile');
    expect(page.find('[data-testid="payout-review"]').exists()).toBe(false);
    expect(page.find('[data-testid="payout-import-submit"]').attributes('disabled')).toBeUndefined();
  });
});
