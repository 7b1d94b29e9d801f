import { toBase58Address } from '../../../src-core/address/address';
import type { AuditBundle, AuditEntry, AuditVerdict } from '../../../src-core/audit';

/** Every value goes through here: the log holds text other people wrote (summaries, node URLs, rule messages). */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function base58(hex: string): string {
  try {
    return toBase58Address(hex);
  } catch {
    return hex;
  }
}

/** What an entry says, in words. */
function details(entry: AuditEntry): string {
  const b = entry.body;
  switch (b.kind) {
    case 'proposal':
      return `proposed by ${base58(b.proposer)}, app ${b.appVersion}${b.summary ? `: ${b.summary}` : ''}`;
    case 'checks':
      return (
        `${b.checks.map((c) => `${c.name} ${c.ok ? 'passed' : 'FAILED'}`).join(', ')}; simulation ` +
        `${b.simulation.ok ? 'succeeded' : 'failed'} (${b.simulation.result})` +
        changes(b.simulation.balanceChanges)
      );
    case 'verdict':
      return (
        `policy version ${b.policyVersion}: ${b.verdict}` +
        (b.rules.length ? `; ${b.rules.map((r) => `${r.rule}: ${r.message}`).join('; ')}` : '')
      );
    case 'consent':
      return `${base58(b.signer)} approved with a ${b.keyKind} key; shown request sha256 ${b.shownHash}`;
    case 'signature':
      return `signed by ${base58(b.signer)}`;
    case 'broadcast':
      return `sent to ${b.node}`;
    case 'confirmation':
      return `in block ${b.block}, fee ${b.fee} sun${changes(b.balanceChanges)}`;
  }
}

function changes(list: readonly { address: string; asset: string; delta: bigint }[]): string {
  if (list.length === 0) return '';
  return `; ${list.map((c) => `${base58(c.address)} ${c.delta > 0n ? '+' : ''}${c.delta} ${c.asset}`).join(', ')}`;
}

/**
 * A self-contained HTML page of the entries in the period, oldest first, with the bundle's
 * verification result at the top. The bundle beside it is the evidence; this page is for reading.
 */
export function auditReportHtml(input: {
  readonly bundle: AuditBundle;
  readonly from: number;
  readonly to: number;
  readonly network: string;
  readonly verdict: AuditVerdict;
  readonly bundleFile: string;
}): string {
  const { bundle } = input;
  const shown = bundle.entries
    .filter((e) => e.at >= input.from && e.at <= input.to)
    .sort((a, b) => a.at - b.at || (a.desk < b.desk ? -1 : a.desk > b.desk ? 1 : a.seq - b.seq));
  const rows = shown
    .map(
      (e) =>
        `<tr><td>${escapeHtml(new Date(e.at).toISOString())}</td><td>${escapeHtml(e.desk)}</td>` +
        `<td>${escapeHtml(e.seq)}</td><td>${escapeHtml(e.body.kind)}</td>` +
        `<td class="mono">${escapeHtml(e.txId ?? '')}</td><td>${escapeHtml(details(e))}</td>` +
        `<td class="mono">${escapeHtml(e.hash)}</td></tr>`,
    )
    .join('\n');
  const result = input.verdict.ok
    ? `Intact: ${input.verdict.entries} entries in ${input.verdict.chains} desk chains verify.`
    : `Broken: ${input.verdict.message}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Audit trail of ${escapeHtml(base58(bundle.account))}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}
td,th{border:1px solid #bbb;padding:4px 6px;vertical-align:top;text-align:left}.mono{font-family:monospace;font-size:12px}</style>
</head><body>
<h1>Audit trail of ${escapeHtml(base58(bundle.account))}</h1>
<p>Network ${escapeHtml(input.network)}; entries from ${escapeHtml(new Date(input.from).toISOString())} to
${escapeHtml(new Date(input.to).toISOString())} (UTC). ${escapeHtml(result)}</p>
<p>The evidence is ${escapeHtml(input.bundleFile)}: check it with <code>npm run audit -- verify</code>. It holds
each desk's chain from its first entry, so entries before the period are in it too.</p>
<table><thead><tr><th>time (UTC)</th><th>desk</th><th>place</th><th>step</th><th>transaction</th><th>what</th>
<th>entry hash</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}
