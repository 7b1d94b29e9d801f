import { toBase58Address, toHexAddress as toHex } from '../../../src-core/address/address';
import {
  bundleFingerprint,
  bundleProgress,
  createBundle,
  rowEnvelope,
  serializeBundle,
  type EnvelopeBundle,
  type Payment,
  type StatedPayment,
} from '../../../src-core/envelope';
import { ValidationError } from '../../../src-core/errors';
import { PayoutError } from '../../../src-core/payouts/errors';
import type { PayoutBundleView, PayoutHandoff, PayoutRunView } from '../../../src-core/ipc/channels/payouts';
import type { PayoutRow } from '../../../src-core/payouts/format';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import type { BundleConsentVault, BundleWording, ConsentedBundleSigning } from '../consent/consented-bundle-signing';
import type { FileDialogs } from '../context';
import { chainPermission } from '../cosign/chain-checks';
import type { ChainAccess } from '../node-host/chain-access';
import { readBundleInTurns } from './bundle-files';
import { reproposeRows } from './bundle-repropose';
import type { BundleRun } from './bundle-run-store';
import { signBundle } from './bundle-signing';
import { bundleView } from './bundle-view';
import type { PayoutRunsHost } from './payout-runs-host';
import type { PayoutsService } from './payouts-service';

/** Bundles a desk keeps in memory between import, signing and the start of their run. */
const KEPT_BUNDLES = 20;

export interface PayoutBundlesOptions {
  readonly payouts: Pick<PayoutsService, 'build'>;
  readonly chain: Pick<ChainAccess, 'requireClient' | 'genesisId' | 'network'>;
  readonly reads: ChainReads;
  readonly vault: Pick<BundleConsentVault, 'listAccounts'>;
  readonly signing: Pick<ConsentedBundleSigning, 'sign'>;
  readonly wording: BundleWording;
  readonly runs: Pick<PayoutRunsHost, 'open'>;
  readonly files?: FileDialogs;
}

function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new PayoutError(code, message, details);
}

function statedPayment(row: PayoutRow): StatedPayment {
  const recipient = toHex(row.recipient);
  const reference = row.reference !== '' ? { reference: row.reference } : {};
  const amount = row.amount.toString();
  if (row.asset.type === 'trx') return { asset: 'TRX', recipient, amount, ...reference };
  if (row.asset.type === 'trc10')
    return { asset: 'TRC10', tokenId: row.asset.tokenId, recipient, amount, ...reference };
  return { asset: 'TRC20', contract: toHex(row.asset.contract), recipient, amount, ...reference };
}

function paymentView(payment: Payment) {
  const asset =
    payment.asset === 'TRX'
      ? 'TRX'
      : payment.asset === 'TRC10'
        ? `TRC10:${payment.tokenId}`
        : `TRC20:${toBase58Address(payment.contract)}`;
  return { asset, recipient: toBase58Address(payment.recipient), amount: BigInt(payment.amount) };
}

export function runView(run: BundleRun): PayoutRunView {
  const counts: Record<string, number> = {};
  for (const row of run.rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return {
    id: run.id,
    owner: toBase58Address(run.owner),
    proposedAt: run.proposedAt,
    startedAt: run.startedAt,
    counts,
    rows: run.rows.map((r, row) => ({
      row,
      txid: r.txid,
      status: r.status,
      attempts: r.attempts,
      broadcastAt: r.broadcastAt,
      confirmedAt: r.confirmedAt,
      blockNumber: r.blockNumber,
      feeSun: r.feeSun,
      nodeCode: r.nodeCode,
      reason: r.reason,
    })),
  };
}

/** The first few failing rows with the node's reason each, so that the refusal says what to fix. */
function failingLines(failing: readonly { readonly line: number; readonly reason: string }[]): string {
  const SHOWN = 3;
  const named = failing.slice(0, SHOWN).map((f) => (f.reason ? `line ${f.line}: ${f.reason}` : `line ${f.line}`));
  return failing.length > SHOWN ? `${named.join('; ')}; and ${failing.length - SHOWN} more` : named.join('; ');
}

/**
 * IPC domain `payouts`, the bundle half: a proposal built from the file read and planned again in
 * main (the page's plan is only a picture of it), one confirmation for every row's signature, the
 * co-signer's view of a bundle's text, the paced run and its report. Bundles stay in main, keyed
 * by their fingerprint; the page holds ids and text, never a key.
 */
export class PayoutBundles {
  private readonly bundles = new Map<string, EnvelopeBundle>();

  constructor(private readonly options: PayoutBundlesOptions) {}

  async propose(input: { owner: string; csv: string; accountId: string }): Promise<PayoutHandoff> {
    const { file, built } = await this.options.payouts.build({ csv: input.csv, owner: input.owner });
    if (!built)
      throw new ValidationError(
        'PAYOUT_FILE_HAS_ISSUES',
        `The file has ${file.issues.length} bad row(s); correct them and plan it again before proposing.`,
        { lines: file.issues.map((i) => i.line) },
      );
    if (built.plan.failing.length > 0)
      fail(
        'PAYOUT_ROWS_FAIL',
        `${built.plan.failing.length} row(s) would fail on the node (${failingLines(built.plan.failing)}); ` +
          'take them out of the file or fix the cause, then propose again.',
        { lines: built.plan.failing.map((f) => f.line) },
      );
    const permission = built.permissions[0]!;
    if (built.permissions.some((p) => p.id !== permission.id))
      fail(
        'PAYOUT_MIXED_PERMISSIONS',
        'The rows of this file are signed under different permissions of the account; a bundle has one. ' +
          'Split the file by asset and propose each part.',
      );
    const bundle = createBundle({
      network: { name: this.options.chain.network().name, genesisBlockId: await this.options.chain.genesisId() },
      permission,
      createdAt: built.refBlock.timestamp,
      rows: built.transactions.map((transaction, i) => ({
        transaction,
        statedPayment: statedPayment(file.rows[i]!),
      })),
    });
    return this.sign(bundle, input.accountId);
  }

  async importBundle(input: { text: string }): Promise<PayoutBundleView> {
    const bundle = await readBundleInTurns(input.text);
    const genesis = await this.options.chain.genesisId();
    if (bundle.network.genesisBlockId !== genesis)
      fail(
        'PAYOUT_OTHER_NETWORK',
        `This bundle was made for ${bundle.network.name}, not the network in use; switch networks to review it.`,
      );
    this.keep(bundle);
    return this.view(bundle);
  }

  async signBundle(input: { id: string; accountId: string }): Promise<PayoutHandoff> {
    return this.sign(this.bundle(input.id), input.accountId);
  }

  async startRun(input: { id: string }): Promise<PayoutRunView> {
    const bundle = await this.bundleOrRun(input.id);
    const open = await this.options.runs.open();
    if (!open.runs.get(input.id) && bundleProgress(bundle).ready === 0)
      fail('PAYOUT_NOT_SIGNED', 'No row of this bundle has its signatures yet; sign it, or import the signed text.');
    const outcome = await open.service.broadcast(bundle);
    return runView(outcome.run);
  }

  async runs(): Promise<PayoutRunView[]> {
    return (await this.options.runs.open()).runs.list().map(runView);
  }

  async run(input: { id: string }): Promise<PayoutRunView> {
    return runView(await this.runOf(input.id));
  }

  async repropose(input: { id: string; rows: readonly number[] }): Promise<PayoutHandoff> {
    const run = await this.runOf(input.id);
    const open = await this.options.runs.open();
    const bundle = await open.service.bundle(input.id);
    const refBlock = await this.options.chain.requireClient().getRefBlock();
    const again = reproposeRows(run, bundle, input.rows, { refBlock });
    this.keep(again);
    return this.handoff(again, 0);
  }

  async report(input: { id: string }): Promise<{ csv: string; fileName: string }> {
    const { csv } = await (await this.options.runs.open()).service.report(input.id);
    return { csv, fileName: `payout-report-${input.id.slice(0, 12)}.csv` };
  }

  async saveReport(input: { id: string }): Promise<{ path: string } | null> {
    const save = this.options.files?.saveText;
    if (!save)
      throw new ValidationError(
        'PAYOUTS_NO_DIALOG',
        'This window cannot show the save dialog; copy the report text with payouts:report instead.',
      );
    const { csv, fileName } = await this.report(input);
    return save.call(
      this.options.files,
      { title: 'Save the payout report', defaultName: fileName, filters: [{ name: 'CSV', extensions: ['csv'] }] },
      csv,
    );
  }

  private async sign(bundle: EnvelopeBundle, accountId: string): Promise<PayoutHandoff> {
    const permission = await chainPermission(
      this.options.reads,
      this.options.chain.requireClient(),
      rowEnvelope(bundle, 0),
    );
    const signed = await signBundle(this.options.vault, this.options.signing, { bundle, permission, accountId });
    this.keep(signed.bundle);
    return this.handoff(signed.bundle, signed.signed, signed.stopped, signed.ready);
  }

  /** `ready` comes from the signing when there was one: counting afresh would recover every signature again. */
  private handoff(
    bundle: EnvelopeBundle,
    signed: number,
    stopped: PayoutHandoff['stopped'] = null,
    ready = bundleProgress(bundle).ready,
  ): PayoutHandoff {
    const fingerprint = bundleFingerprint(bundle);
    return {
      id: fingerprint.digest,
      fingerprint: { words: fingerprint.words, text: fingerprint.text, hex: fingerprint.hex },
      rows: bundle.rows.length,
      ready,
      signed,
      stopped,
      text: serializeBundle(bundle),
      fileName: `payout-bundle-${fingerprint.hex}.json`,
    };
  }

  private async view(bundle: EnvelopeBundle): Promise<PayoutBundleView> {
    const client = this.options.chain.requireClient();
    const permission = await chainPermission(this.options.reads, client, rowEnvelope(bundle, 0));
    const { names } = await this.options.wording(bundle);
    const head = await client.getRefBlock();
    const view = await bundleView(bundle, {
      permission,
      names,
      now: head.timestamp,
      isNew: async (hex) => !(await this.options.reads.exists(client, toBase58Address(hex))),
    });
    return {
      id: view.fingerprint.digest,
      fingerprint: { words: view.fingerprint.words, text: view.fingerprint.text, hex: view.fingerprint.hex },
      owner: toBase58Address(bundle.rows[0]!.summary.owner),
      count: view.count,
      ready: view.ready,
      totals: view.totals,
      largest: view.largest.map((l) => ({ row: l.index, payment: paymentView(l.payment) })),
      newRecipients: view.newRecipients.map((n) => ({ row: n.index, recipient: toBase58Address(n.recipient) })),
      differences: view.differences.map((d) => ({
        row: d.index,
        stated: paymentView(d.stated),
        actual: d.actual ? paymentView(d.actual) : null,
      })),
      notPayments: view.notPayments,
      rows: view.rows.map((r) => ({ row: r.index, txid: r.txid, outcome: r.outcome, checks: r.checks })),
      failed: view.failed,
    };
  }

  private keep(bundle: EnvelopeBundle): void {
    const id = bundleFingerprint(bundle).digest;
    this.bundles.delete(id);
    this.bundles.set(id, bundle);
    while (this.bundles.size > KEPT_BUNDLES) this.bundles.delete(this.bundles.keys().next().value!);
  }

  private bundle(id: string): EnvelopeBundle {
    const bundle = this.bundles.get(id);
    if (!bundle)
      fail('PAYOUT_UNKNOWN_BUNDLE', 'This desk holds no bundle with that id; import its text first.', { id });
    return bundle;
  }

  private async bundleOrRun(id: string): Promise<EnvelopeBundle> {
    const kept = this.bundles.get(id);
    if (kept) return kept;
    const open = await this.options.runs.open();
    if (open.runs.get(id)) return open.service.bundle(id);
    return this.bundle(id);
  }

  private async runOf(id: string): Promise<BundleRun> {
    const run = (await this.options.runs.open()).runs.get(id);
    if (!run) fail('PAYOUT_UNKNOWN_RUN', 'This desk started no payout broadcast with that id.', { id });
    return run;
  }
}
