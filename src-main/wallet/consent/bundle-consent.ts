import {
  assetKey,
  bundleFingerprint,
  paymentOf,
  type AmountLine,
  type EnvelopeBundle,
  type EnvelopeSummary,
  type Payment,
} from '../../../src-core/envelope';
import { genesisText } from '../../../src-core/client/networks';
import type { SigningPolicy } from '../../../src-core/ipc/channels/vault';
import { formatTrx } from '../../../src-core/units/amount';
import { amountText, type TokenFacts } from '../chain-knowledge/describe';
import type { Names } from '../chain-knowledge/names';
import type { ConsentDraft } from './consent-gate';
import type { ConsentRow } from './consent-request';
import { passwordForTransaction } from './signing-policy';
import { fullAddress, utcTime } from './transaction-consent';

export interface BundleConsentInput {
  /** A bundle main made or verified: every summary recomputed from its row's own bytes. */
  readonly bundle: EnvelopeBundle;
  readonly signer: { readonly address: string; readonly device: string };
  readonly names: Names;
  readonly tokens: TokenFacts;
  readonly policy: SigningPolicy;
  /** Rows already at their threshold before this signature. */
  readonly ready?: number;
  /** What the person sees beside "Sign", worded by main. */
  readonly after?: string;
  /** A Ledger's part: what each row shows on the device, and a setting to enable first. */
  readonly device?: { readonly confirm: string; readonly warning?: string | null };
}

/** The largest rows shown above the full list, per asset. */
export const LARGEST_SHOWN = 3;

/** A payment as the summary's amount line, so amounts read as they do everywhere else in the wallet. */
export function paymentLine(payment: Payment): AmountLine {
  switch (payment.asset) {
    case 'TRX':
      return { role: 'send', asset: 'TRX', sun: payment.amount, trx: formatTrx(BigInt(payment.amount)) };
    case 'TRC10':
      return { role: 'send', asset: 'TRC10', tokenId: payment.tokenId, amount: payment.amount };
    case 'TRC20':
      return {
        role: 'send',
        asset: 'TRC20',
        contract: payment.contract,
        amount: payment.amount,
        to: payment.recipient,
      };
  }
}

interface Row {
  readonly index: number;
  readonly payment: Payment | null;
  readonly summary: EnvelopeSummary;
}

/**
 * Main's one confirmation for every row of a bundle: the totals per asset, the count, the first
 * row and the largest ones above a scrollable list of every row, the bundle's fingerprint, and the
 * key that will sign each row. Addresses appear in full Base58 before any name, as in a single
 * transaction's confirmation; the note and the stated references are the proposer's words and
 * stay out of the rows (a reference is shown in the list, marked stated).
 */
export function bundleConsent(input: BundleConsentInput): ConsentDraft {
  const { bundle, names, tokens } = input;
  const rows: Row[] = bundle.rows.map((r, index) => ({ index, payment: paymentOf(r.summary), summary: r.summary }));
  const first = rows[0]!;
  const full = (address: string) => fullAddress(address, names);
  const describe = (row: Row) =>
    row.payment
      ? `#${row.index + 1}: ${amountText(paymentLine(row.payment), tokens)} to ${full(row.payment.recipient)}`
      : `#${row.index + 1}: ${row.summary.contractType} (not a payment)`;

  const totals = new Map<string, { line: Payment; count: number }>();
  for (const row of rows) {
    if (!row.payment) continue;
    const key = assetKey(row.payment);
    const prior = totals.get(key);
    const amount = BigInt(prior?.line.amount ?? '0') + BigInt(row.payment.amount);
    totals.set(key, { line: { ...row.payment, amount: amount.toString() }, count: (prior?.count ?? 0) + 1 });
  }
  const others = rows.filter((r) => !r.payment);
  const expirations = bundle.rows.map((r) => Number(r.transaction.raw_data.expiration ?? 0));

  const out: ConsentRow[] = [
    { label: 'Network', value: `${bundle.network.name} (${genesisText(bundle.network.genesisBlockId)})` },
    { label: 'Transactions', value: `${rows.length}, each signed by this one approval` },
    { label: 'From account', value: full(first.summary.owner), monospace: true },
    {
      label: 'Signed under',
      value: bundle.permission
        ? `${bundle.permission.type} permission ${first.summary.permissionId}, threshold ${bundle.permission.threshold}`
        : `permission ${first.summary.permissionId}`,
    },
  ];
  for (const { line, count } of totals.values())
    out.push({ label: 'Total', value: `${amountText(paymentLine(line), tokens)} in ${count} rows` });
  if (others.length) out.push({ label: 'Not payments', value: `${others.length} rows` });
  out.push({ label: 'First row', value: describe(first), monospace: true });
  for (const key of totals.keys()) {
    const largest = rows
      .filter((r) => r.payment && assetKey(r.payment) === key)
      .sort((a, b) => compareDesc(BigInt(a.payment!.amount), BigInt(b.payment!.amount)) || a.index - b.index)
      .slice(0, LARGEST_SHOWN);
    for (const row of largest) out.push({ label: 'Largest', value: describe(row), monospace: true });
  }
  const fees = bundle.rows.reduce((sum, r) => sum + BigInt(r.summary.feeLimitSun ?? '0'), 0n);
  if (fees > 0n) out.push({ label: 'Fee limits', value: `${trx(fees)} at most, over all rows` });
  out.push({
    label: 'Expires',
    value: `${utcTime(Math.min(...expirations))} to ${utcTime(Math.max(...expirations))} (chain time)`,
  });
  if (input.ready !== undefined)
    out.push({ label: 'Ready before this', value: `${input.ready} of ${rows.length} rows at their threshold` });
  out.push({ label: 'Signing key', value: `${full(input.signer.address)} — ${input.signer.device}`, monospace: true });
  if (input.device) out.push({ label: 'On the device', value: input.device.confirm });

  const warnings: string[] = [];
  if (input.device?.warning) warnings.push(input.device.warning);
  if (others.length)
    warnings.push(`${others.length} rows are not plain payments; read them in the list before approving.`);

  return {
    kind: 'bundle',
    title: `Sign ${rows.length} transactions: ${[...totals.values()]
      .map(({ line }) => amountText(paymentLine(line), tokens))
      .join(', ')}`,
    rows: out,
    list: {
      caption: 'Every row',
      columns: ['#', 'Amount', 'To', 'Reference (stated by the proposer)'],
      rows: rows.map((row) => [
        String(row.index + 1),
        row.payment ? amountText(paymentLine(row.payment), tokens) : row.summary.contractType,
        row.payment ? full(row.payment.recipient) : full(row.summary.recipients[0] ?? row.summary.owner),
        bundle.rows[row.index]!.statedPayment?.reference ?? '',
      ]),
    },
    warnings,
    fingerprint: bundleFingerprint(bundle).text,
    password: bundlePassword(input.policy, rows),
    approveLabel: `Sign ${rows.length} transactions${input.after ? ` ${input.after}` : ''}`,
  };
}

/**
 * The password rule over the bundle as a whole: a permission change anywhere needs it, and an
 * amount threshold counts the TRX of every row together, so splitting a payment does not avoid it.
 */
function bundlePassword(policy: SigningPolicy, rows: readonly Row[]): ConsentDraft['password'] {
  const change = rows.find((r) => r.summary.contractType === 'AccountPermissionUpdateContract');
  if (change) return passwordForTransaction(policy, change.summary);
  let sun = 0n;
  for (const row of rows) {
    for (const line of row.summary.amounts) if (line.asset === 'TRX') sun += BigInt(line.sun);
    if (row.summary.call) sun += BigInt(row.summary.call.callValueSun);
  }
  const { call: _call, ...first } = rows[0]!.summary;
  return passwordForTransaction(policy, {
    ...first,
    amounts: [{ role: 'send', asset: 'TRX', sun: sun.toString(), trx: formatTrx(sun) }],
  });
}

function compareDesc(a: bigint, b: bigint): number {
  return a > b ? -1 : a < b ? 1 : 0;
}

const trx = (sun: bigint) => formatTrx(sun, { group: true, withUnit: true });
