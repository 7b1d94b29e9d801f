import { describe, expect, it } from 'vitest';
import { payoutsChannels, payoutsEvents } from '../../../src-core/ipc/channels/payouts';
import { vectors } from '../../fixtures/vectors';

const address = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!.base58;
const plan = payoutsChannels['payouts:plan'];

describe('payouts channels', () => {
  it('takes an owner address, the file as text and an optional run id', () => {
    expect(plan.input.safeParse({ owner: address, csv: 'recipient,asset,amount\n' }).success).toBe(true);
    expect(plan.input.safeParse({ owner: address, csv: '', runId: 'payouts-7' }).success).toBe(true);
  });

  it('refuses a bad owner, a file over 5 MB, a run id with other characters and unknown fields', () => {
    for (const args of [
      { owner: `${address.slice(0, -1)}x`, csv: '' },
      { owner: address, csv: 'x'.repeat(5_000_001) },
      { owner: address, csv: '', runId: 'run/../1' },
      { owner: address, csv: '', runId: '' },
      { owner: address, csv: '', apply: true },
      { owner: address, csv: 12 },
    ]) {
      const parsed = plan.input.safeParse(args);
      expect(parsed.success, JSON.stringify(args).slice(0, 80)).toBe(false);
    }
  });

  it('carries a bad file with no plan, and drops what main keeps (the rows as transaction requests)', () => {
    const answer = plan.output.parse({
      file: {
        rows: [
          {
            line: 2,
            recipient: address,
            recipientName: null,
            asset: { type: 'trx', symbol: 'TRX', decimals: 6 },
            amount: 1_500_000n,
            amountText: '1.5',
            memo: '',
            reference: 'A-1',
            request: { kind: 'trx-transfer', owner: address, to: address, amountSun: 1_500_000n },
          },
        ],
        issues: [{ line: 3, code: 'PAYOUT_ZERO', message: 'Line 3: the amount must be more than 0.' }],
        total: 2,
      },
      plan: null,
    });
    expect(answer.plan).toBeNull();
    expect(answer.file.rows[0]!.amount).toBe(1_500_000n);
    expect(answer.file.rows[0]).not.toHaveProperty('request');
  });

  it('reports progress per phase with the run id, or null for a caller without one', () => {
    const payload = payoutsEvents['payouts:progress'].payload;
    expect(payload.parse({ runId: null, phase: 'energy', done: 2, total: 5 })).toEqual({
      runId: null,
      phase: 'energy',
      done: 2,
      total: 5,
    });
    expect(payload.safeParse({ runId: 'r', phase: 'signing', done: 0, total: 1 }).success).toBe(false);
  });

  it('the bundle channels take ids as 64 lowercase hex, chosen rows as indices, and no field they do not name', () => {
    const id = 'ab'.repeat(32);
    const ok: [keyof typeof payoutsChannels, unknown][] = [
      ['payouts:propose', { owner: address, csv: 'recipient,asset,amount\n', accountId: 'acc-1' }],
      ['payouts:importBundle', { text: '{}' }],
      ['payouts:signBundle', { id, accountId: 'acc-1' }],
      ['payouts:startRun', { id }],
      ['payouts:runs', undefined],
      ['payouts:repropose', { id, rows: [0, 3] }],
      ['payouts:report', { id }],
      ['payouts:saveReport', { id }],
    ];
    for (const [channel, args] of ok)
      expect(payoutsChannels[channel].input.safeParse(args).success, channel).toBe(true);
    const bad: [keyof typeof payoutsChannels, unknown][] = [
      ['payouts:propose', { owner: address, csv: '', accountId: 'acc-1', plan: {} }],
      ['payouts:propose', { owner: address, csv: '', accountId: '' }],
      ['payouts:propose', { owner: address, csv: '', accountId: 'acc-1', privateKey: '11'.repeat(32) }],
      ['payouts:importBundle', { text: 'x'.repeat(40_000_001) }],
      ['payouts:signBundle', { id: id.toUpperCase(), accountId: 'acc-1' }],
      ['payouts:startRun', { id: `${id}0` }],
      ['payouts:run', { id: '../bundle-runs' }],
      ['payouts:runs', {}],
      ['payouts:repropose', { id, rows: [] }],
      ['payouts:repropose', { id, rows: [-1] }],
      ['payouts:repropose', { id, rows: Array(5_001).fill(0) }],
      ['payouts:report', { id, path: '/etc/passwd' }],
    ];
    for (const [channel, args] of bad)
      expect(
        payoutsChannels[channel].input.safeParse(args).success,
        `${channel} ${JSON.stringify(args).slice(0, 60)}`,
      ).toBe(false);
  });
});
