import type { AccountPermissionsSnapshot, Envelope, PermissionSnapshot } from '../../../src-core/envelope';
import { envelopeFingerprint } from '../../../src-core/envelope';
import type { CostView } from '../../../src-core/ipc/channels/tx';
import type { SigningPolicy } from '../../../src-core/ipc/channels/vault';
import { gatePermissionChange, LOCKOUT_CONFIRMATION_TEXT } from '../../../src-core/permission/gate';
import { operationLabel } from '../../../src-core/permission/labels';
import { permissionHeading } from '../../../src-core/permission/model';
import type { PermissionChangeProof } from '../../../src-core/permission/lockout';
import { decodeOperations } from '../../../src-core/permission/operations';
import { formatTrx } from '../../../src-core/units/amount';
import { genesisText } from '../../../src-core/client/networks';
import { amountText, headline, type TokenFacts } from '../chain-knowledge/describe';
import { Names } from '../chain-knowledge/names';
import type { ConsentRow } from './consent-request';
import type { ConsentDraft } from './consent-gate';
import { passwordForTransaction } from './signing-policy';

export interface TransactionConsentInput {
  /**
   * The transaction as main holds it, in an envelope main made or verified: its summary was
   * recomputed from the transaction's own bytes, never taken from a file or from the renderer.
   */
  readonly envelope: Envelope;
  readonly signer: { readonly address: string; readonly device: string };
  readonly names: Names;
  /** Token symbols and decimals read from this node. */
  readonly tokens: TokenFacts;
  readonly policy: SigningPolicy;
  /** For a permission change: the prover's judgement of the structure on chain → the new one. */
  readonly proof?: PermissionChangeProof;
  /** Weight that signed before this signature, for co-signed transactions. */
  readonly progress?: { readonly signedWeight: bigint; readonly threshold: bigint };
  /** What the person sees on the page beside "Sign"; main words it, e.g. "and broadcast". */
  readonly after?: string;
  /** A signing device's part: what it should show, and a setting to enable on it first. */
  readonly device?: { readonly confirm: string; readonly warning?: string | null };
  /** What main worked out this transaction costs from the live chain parameters, when it built it. */
  readonly cost?: CostView;
  /** The treasury policy the transaction passed before this window opened, or the owner who overrode it. */
  readonly treasuryPolicy?: { readonly version: number; readonly overriddenBy: string | null };
}

/**
 * Main's confirmation of one transaction signature. Addresses appear in full Base58, the name this
 * wallet gives them after it: names and labels are text a person (or a hostile page) typed into the
 * wallet, so they never stand in for the address. The envelope's note is left out for the same
 * reason; the memo, which is part of the signed bytes, is shown.
 */
export function transactionConsent(input: TransactionConsentInput): ConsentDraft {
  const { envelope, names, tokens } = input;
  const summary = envelope.summary;
  const full = (address: string) => fullAddress(address, names);
  const rows: ConsentRow[] = [
    { label: 'Network', value: `${envelope.network.name} (${genesisText(envelope.network.genesisBlockId)})` },
    { label: 'Transaction', value: summary.contractType },
    { label: 'From account', value: full(summary.owner), monospace: true },
    {
      label: 'Signed under',
      value: envelope.permission
        ? `${permissionHeading(envelope.permission)}, threshold ${envelope.permission.threshold}`
        : `permission ${summary.permissionId}`,
    },
  ];
  for (const amount of summary.amounts) rows.push({ label: 'Amount', value: amountText(amount, tokens) });
  for (const effect of summary.call?.decoded?.effects ?? []) {
    if (effect.asset !== 'TRC20') continue;
    rows.push({
      label: effect.role === 'approve' ? 'Approves spending' : 'Token amount',
      value: amountText(effect, tokens),
    });
    rows.push({ label: 'Token contract', value: full(effect.contract), monospace: true });
    rows.push({
      label: effect.role === 'approve' ? 'Spender' : 'Token recipient',
      value: full(effect.to),
      monospace: true,
    });
  }
  for (const recipient of summary.recipients) {
    rows.push({
      label: summary.contractType === 'TriggerSmartContract' ? 'Contract called' : 'To',
      value: full(recipient),
      monospace: true,
    });
  }
  if (summary.call && !summary.call.decoded?.effects.length) {
    rows.push({
      label: 'Function',
      value: summary.call.decoded?.signature ?? (summary.call.selector ? `0x${summary.call.selector}` : 'fallback'),
    });
  }
  for (const vote of summary.votes ?? []) rows.push({ label: 'Vote', value: `${full(vote.address)}: ${vote.count}` });
  if (summary.feeLimitSun !== undefined) {
    rows.push({ label: 'Fee limit', value: trx(BigInt(summary.feeLimitSun)) });
  }
  if (input.cost) rows.push(costRow(input.cost));
  if (summary.memo) rows.push({ label: 'Memo', value: summary.memo.text ?? `hex ${summary.memo.hex}` });
  rows.push({ label: 'Expires', value: `${utcTime(envelope.expiresAt)} (chain time)` });
  if (input.progress) {
    rows.push({
      label: 'Signatures so far',
      value: `weight ${input.progress.signedWeight} of ${input.progress.threshold}`,
    });
  }
  rows.push({ label: 'Signing key', value: `${full(input.signer.address)} — ${input.signer.device}`, monospace: true });
  rows.push({ label: 'Transaction id', value: envelope.transaction.txID, monospace: true });
  if (input.device) rows.push({ label: 'On the device', value: input.device.confirm });
  if (input.treasuryPolicy) rows.push(treasuryPolicyRow(input.treasuryPolicy, names));

  const warnings: string[] = [];
  if (input.device?.warning) warnings.push(input.device.warning);
  let typedConfirmation: string | undefined;
  if (summary.permissionChange) {
    rows.push(...permissionRows(envelope, names));
    if (input.proof) {
      const gate = gatePermissionChange(input.proof);
      rows.push({ label: 'Lockout check', value: verdictText(input.proof.verdict) });
      for (const finding of input.proof.findings) warnings.push(finding.message);
      if (gate.needsConfirmation) typedConfirmation = LOCKOUT_CONFIRMATION_TEXT;
    } else {
      warnings.push('The structure before this change could not be read from the chain, so it is not compared.');
    }
  }
  if ((summary.call?.decoded?.effects ?? []).some((e) => e.role === 'approve')) {
    warnings.push('This lets the spender move tokens from the account later, without asking again.');
  }

  return {
    kind: 'transaction',
    title: `Sign: ${headline(summary, names, tokens)}`,
    rows,
    warnings,
    fingerprint: envelopeFingerprint(envelope).text,
    password: passwordForTransaction(input.policy, summary),
    ...(typedConfirmation ? { typedConfirmation } : {}),
    approveLabel: input.after ? `Sign ${input.after}` : 'Sign',
  };
}

/**
 * "2026-12-02 20:34:39 UTC": the app's date format, in UTC, because main's window has no page to
 * read this computer's zone from and co-signers in other zones compare the same text.
 */
export function utcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const trx = (sun: bigint) => formatTrx(sun, { group: true, withUnit: true });

function treasuryPolicyRow(policy: NonNullable<TransactionConsentInput['treasuryPolicy']>, names: Names): ConsentRow {
  if (policy.overriddenBy === null) {
    return { label: 'Treasury policy', value: `Version ${policy.version}: every rule passed on this desk.` };
  }
  return {
    label: 'Treasury policy',
    value: `Version ${policy.version}: breaches overridden by owner key ${fullAddress(policy.overriddenBy, names)}.`,
    monospace: true,
  };
}

/** The TRX burned, itemised: bandwidth, energy and each fixed fee (a permission update's, a memo's…). */
function costRow(cost: CostView): ConsentRow {
  const items: string[] = [];
  if (cost.bandwidth.burnedSun > 0n) items.push(`bandwidth ${trx(cost.bandwidth.burnedSun)}`);
  if (cost.energy && cost.energy.burnedSun > 0n) items.push(`energy ${trx(cost.energy.burnedSun)}`);
  for (const fee of cost.fees) items.push(`${fee.label} ${trx(fee.sun)}`);
  const burned = `${trx(cost.burnedSun)} burned (estimate)`;
  return { label: 'Fee', value: items.length ? `${burned}: ${items.join(', ')}` : burned };
}

/** An address in full Base58, then the name this wallet gives it and where the name came from. */
export function fullAddress(address: string, names: Names): string {
  const known = names.get(address);
  const base58 = Names.base58(address);
  if (!known) return `${base58} (not in your vault or address book)`;
  const where = known.source === 'vault' ? 'your vault' : 'your address book';
  // A name the page typed in this session vouches for nothing; the person sees who named it.
  const by = known.setByPage ? ', a name the app’s page set in this session' : '';
  return `${base58} (“${known.name}” in ${where}${by})`;
}

function permissionRows(envelope: Envelope, names: Names): ConsentRow[] {
  const change = envelope.summary.permissionChange!;
  const rows: ConsentRow[] = [];
  const describe = (p: PermissionSnapshot) => {
    const keys = p.keys.map((k) => `${fullAddress(k.address, names)} weight ${k.weight}`).join('; ');
    const operations = p.operations
      ? `; may ${decodeOperations(p.operations).types.map(operationLabel).join(', ') || 'nothing'}`
      : '';
    return `threshold ${p.threshold}: ${keys}${operations}`;
  };
  const all = (a: AccountPermissionsSnapshot | undefined): PermissionSnapshot[] =>
    a ? [a.owner, a.witness, ...a.actives].filter((p): p is PermissionSnapshot => p !== undefined) : [];
  const before = all(envelope.accountPermissions);
  for (const p of all(change.after)) {
    const old = before.find((b) => b.type === p.type && b.id === p.id);
    const label = p.type === 'Active' ? `Active ${p.id} “${p.name}”` : `${p.type} “${p.name}”`;
    if (old) rows.push({ label: `${label} before`, value: describe(old) });
    rows.push({ label: `${label} after`, value: describe(p) });
  }
  for (const old of before) {
    if (!all(change.after).some((p) => p.type === old.type && p.id === old.id)) {
      rows.push({ label: `${old.type} ${old.id} “${old.name}” removed`, value: describe(old) });
    }
  }
  return rows;
}

function verdictText(verdict: PermissionChangeProof['verdict']): string {
  switch (verdict) {
    case 'ok':
      return 'No way found for this change to lock the account out.';
    case 'warn':
      return 'Usable, with warnings below.';
    case 'block':
      return 'This change can leave the account unusable; read the warnings below.';
  }
}
