import { describe, expect, it } from 'vitest';
import { createBundle, parseBundle, serializeBundle } from '../../../../src-core/envelope';
import { encodeOperations } from '../../../../src-core/permission/operations';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import { bundleView } from '../../../../src-main/wallet/payouts/bundle-view';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';
import { accountCreateContract, buildTransaction, triggerSmartContract } from '../../../../src-core/tx/builders';
import { HEADER, HOUR, OWNER, T0, payout, proposedBundle, recipient, signedBy } from './helpers';

const USDT = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

const names = new Names([], null);
const ctx = (isNew: (a: string) => Promise<boolean> = async () => false) => ({
  permission: active,
  names,
  now: T0 + 60_000,
  isNew,
});

describe('a co-signer’s view of a bundle', () => {
  it('sums each asset, lists the largest rows first and names the recipients new to the chain', async () => {
    const bundle = proposedBundle(6);
    const asked: string[] = [];
    const view = await bundleView(bundle, {
      ...ctx(async (a) => {
        asked.push(a);
        return a === recipient(1) || a === recipient(4);
      }),
      largest: 2,
    });
    expect(view.count).toBe(6);
    expect(view.totals).toEqual([{ asset: 'TRX', amount: 21_000_000n, rows: 6 }]);
    expect(view.largest.map((r) => r.index)).toEqual([5, 4]);
    expect(view.newRecipients).toEqual([
      { index: 1, recipient: recipient(1) },
      { index: 4, recipient: recipient(4) },
    ]);
    expect(asked).toHaveLength(6);
    expect(view.differences).toEqual([]);
    expect(view.fingerprint.words).toHaveLength(8);
    expect(view.rows.every((r) => r.outcome === 'passed')).toBe(true);
  });

  it('marks the rows whose transaction pays other than the proposer stated', async () => {
    const text = JSON.parse(serializeBundle(proposedBundle(3)));
    text.rows[1].statedPayment.amount = '2000001';
    text.rows[2].statedPayment.recipient = recipient(9);
    const view = await bundleView(parseBundle(text), ctx());
    expect(view.differences.map((d) => d.index)).toEqual([1, 2]);
    expect(view.differences[0]).toMatchObject({ stated: { amount: '2000001' }, actual: { amount: '2000000' } });
  });

  it('runs the single envelope checks on every row: expiry, and a permission that may not sign the row', async () => {
    const expired = await bundleView(proposedBundle(2), { ...ctx(), now: T0 + 2 * HOUR });
    expect(expired.rows.map((r) => r.checks.find((c) => c.id === 'expiry')?.title)).toEqual(['Expired', 'Expired']);
    const noTransfers = { ...active, operations: encodeOperations(['TriggerSmartContract']) };
    const refused = await bundleView(proposedBundle(2), { ...ctx(), permission: noTransfers });
    expect(refused.failed).toEqual([0, 1]);
    expect(refused.rows[0]!.checks.find((c) => c.id === 'permission')?.title).toBe('Permission may not sign this');
  });

  it('counts the rows already at their threshold', async () => {
    const bundle = proposedBundle(3);
    const k2 = signedBy(bundle, K.K2.private_key);
    expect((await bundleView(k2, ctx())).ready).toBe(0);
    expect((await bundleView(signedBy(k2, K.K3.private_key), ctx())).ready).toBe(3);
  });

  it('reads a TRC-20 transfer from its call data without an ABI, and sets apart a row that is not a payment', async () => {
    const build = (spec: Parameters<typeof buildTransaction>[0]) =>
      buildTransaction(spec, { header: HEADER, permissionId: 2, feeLimit: 30_000_000n });
    const to = recipient(7).slice(2).padStart(64, '0');
    const amount = 123_456n.toString(16).padStart(64, '0');
    const bundle = createBundle({
      network: NILE,
      permission: active,
      createdAt: T0,
      rows: [
        { transaction: payout(0) },
        { transaction: build(triggerSmartContract({ owner: OWNER, contract: USDT, data: `a9059cbb${to}${amount}` })) },
        { transaction: build(accountCreateContract({ owner: OWNER, account: recipient(8) })) },
      ],
    });
    const view = await bundleView(bundle, ctx());
    expect(view.totals).toEqual([
      { asset: 'TRX', amount: 1_000_000n, rows: 1 },
      { asset: `TRC20:${USDT}`, amount: 123_456n, rows: 1 },
    ]);
    expect(view.largest.find((r) => r.index === 1)?.payment).toEqual({
      asset: 'TRC20',
      contract: USDT,
      recipient: recipient(7),
      amount: '123456',
    });
    expect(view.notPayments).toEqual([2]);
  });
});
