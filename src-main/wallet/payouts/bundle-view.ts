import {
  assetKey,
  bundleFingerprint,
  bundleProgress,
  paymentOf,
  samePayment,
  type EnvelopeBundle,
  type Fingerprint,
  type Payment,
  type StatedPayment,
} from '../../../src-core/envelope';
import type { Permission } from '../../../src-core/permission/model';
import type { Names } from '../chain-knowledge/names';
import type { ExpiryClock } from '../cosign/envelope-checks';
import { bundleRowChecks, type RowChecks } from './bundle-checks';

/**
 * What a co-signer's desk shows of an imported bundle before anyone signs: its fingerprint, the
 * totals per asset, the largest rows, the recipients new to the chain, the rows whose transaction
 * does not pay what the proposer stated, and every row's checks. Everything is computed from the
 * rows' own bytes; the stated payments are only compared, never shown as fact.
 */
export interface BundleView {
  readonly fingerprint: Fingerprint;
  readonly count: number;
  readonly totals: readonly { readonly asset: string; readonly amount: bigint; readonly rows: number }[];
  /** Per asset, the largest rows first. */
  readonly largest: readonly { readonly index: number; readonly payment: Payment }[];
  readonly newRecipients: readonly { readonly index: number; readonly recipient: string }[];
  readonly differences: readonly {
    readonly index: number;
    readonly stated: StatedPayment;
    readonly actual: Payment | null;
  }[];
  /** Rows that are not a single payment (another contract, a call that is not transfer). */
  readonly notPayments: readonly number[];
  readonly ready: number;
  readonly rows: readonly RowChecks[];
  /** Rows whose checks failed: the desk refuses to sign them. */
  readonly failed: readonly number[];
}

export interface BundleViewContext {
  readonly permission: Permission;
  readonly names: Names;
  /** The head block's time (or this computer's clock offline); null when unknown. */
  readonly now: number | null;
  readonly clock?: ExpiryClock;
  /** Whether an address has no account on the chain yet (asked once per recipient). */
  readonly isNew: (addressHex: string) => Promise<boolean>;
  /** How many of the largest rows per asset. */
  readonly largest?: number;
}

export async function bundleView(bundle: EnvelopeBundle, ctx: BundleViewContext): Promise<BundleView> {
  const payments = bundle.rows.map((r) => paymentOf(r.summary));
  const totals = new Map<string, { asset: string; amount: bigint; rows: number }>();
  const byAsset = new Map<string, { index: number; payment: Payment }[]>();
  payments.forEach((payment, index) => {
    if (!payment) return;
    const key = assetKey(payment);
    const prior = totals.get(key) ?? { asset: key, amount: 0n, rows: 0 };
    totals.set(key, { asset: key, amount: prior.amount + BigInt(payment.amount), rows: prior.rows + 1 });
    byAsset.set(key, [...(byAsset.get(key) ?? []), { index, payment }]);
  });
  const largest = [...byAsset.values()].flatMap((rows) =>
    [...rows]
      .sort((a, b) => {
        const d = BigInt(b.payment.amount) - BigInt(a.payment.amount);
        return d > 0n ? 1 : d < 0n ? -1 : a.index - b.index;
      })
      .slice(0, ctx.largest ?? 5),
  );
  const fresh = new Map<string, boolean>();
  for (const payment of payments) {
    if (!payment || fresh.has(payment.recipient)) continue;
    fresh.set(payment.recipient, await ctx.isNew(payment.recipient));
  }
  const newRecipients = payments.flatMap((p, index) =>
    p && fresh.get(p.recipient) ? [{ index, recipient: p.recipient }] : [],
  );
  const differences = bundle.rows.flatMap((row, index) =>
    row.statedPayment && !samePayment(row.statedPayment, payments[index]!)
      ? [{ index, stated: row.statedPayment, actual: payments[index]! }]
      : [],
  );
  const rows = bundleRowChecks(bundle, ctx.permission, ctx.names, ctx.now, ctx.clock);
  return {
    fingerprint: bundleFingerprint(bundle),
    count: bundle.rows.length,
    totals: [...totals.values()],
    largest,
    newRecipients,
    differences,
    notPayments: payments.flatMap((p, i) => (p ? [] : [i])),
    ready: bundleProgress(bundle, { permission: ctx.permission }).ready,
    rows,
    failed: rows.filter((r) => r.outcome === 'failed').map((r) => r.index),
  };
}
