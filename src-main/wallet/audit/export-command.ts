import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { toBase58Address } from '../../../src-core/address/address';
import { createAuditBundle, serializeAuditBundle, verifyAuditBundle } from '../../../src-core/audit';
import { readAuditText } from './audit-file';
import { AUDIT_FOLDER, auditAddress } from './audit-log';
import type { AuditCommandIo } from './command-io';
import { auditReportHtml } from './report-html';

const USAGE =
  'Usage: npm run audit -- export --account <address> --from <date> --to <date> --out <folder> ' +
  '[--data <user data folder>] [--network <folder name under networks/>]\n';

/** The app's user data folder where Electron puts it (`app.getPath('userData')`) for the product name. */
export function defaultUserDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const product = 'TRON Multisig Wallet';
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), product);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', product);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), product);
}

/**
 * A date as UTC milliseconds: `2026-03-01` is that whole day in UTC (its start for --from, its
 * last millisecond for --to); a full ISO time is taken as written.
 */
export function parseDateOption(text: string, end: boolean): number | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const start = Date.parse(`${text}T00:00:00.000Z`);
    return Number.isNaN(start) ? null : end ? start + 86_400_000 - 1 : start;
  }
  const at = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : at;
}

interface ExportArgs {
  readonly account: string;
  readonly from: number;
  readonly to: number;
  readonly fromText: string;
  readonly toText: string;
  readonly out: string;
  readonly data: string;
  readonly network?: string;
}

/**
 * `export`: the account's audit bundle for a period and an HTML report of it, from the app's own
 * log files (read only; a damaged line is reported, not repaired). The bundle holds each desk's
 * chain from its first entry up to `--to`, since a chain can only be checked from its start; the
 * report lists the entries from `--from`. Exit 0 when both files were written and the bundle
 * verifies, 1 when they were written but the log does not verify, 2 when nothing could be written.
 */
export async function runExportCommand(args: readonly string[], io: AuditCommandIo): Promise<number> {
  const parsed = exportArgs(args);
  if ('problem' in parsed) {
    io.stderr(`${parsed.problem}\n${USAGE}`);
    return 2;
  }
  const found = await logFiles(parsed);
  if ('problem' in found) {
    io.stderr(`${found.problem}\n`);
    return 2;
  }
  const { lines, problems } = readAuditText(await readFile(found.path, 'utf8'), parsed.account);
  for (const p of problems) io.stderr(`Line ${p.line} of ${found.path} was left out: ${p.reason}.\n`);
  const entries = lines.flatMap((l) => (l.entry && l.entry.at <= parsed.to ? [l.entry] : []));
  const bundle = createAuditBundle(parsed.account, entries);
  const verdict = await verifyAuditBundle(bundle);
  const name = `audit-${toBase58Address(parsed.account)}-${parsed.fromText}-${parsed.toText}`.replace(/[^\w.-]/g, '_');
  const bundleFile = join(parsed.out, `${name}.json`);
  const reportFile = join(parsed.out, `${name}.html`);
  await mkdir(parsed.out, { recursive: true });
  await writeFile(bundleFile, serializeAuditBundle(bundle));
  await writeFile(
    reportFile,
    auditReportHtml({
      bundle,
      from: parsed.from,
      to: parsed.to,
      network: found.network,
      verdict,
      bundleFile: `${name}.json`,
    }),
  );
  const inPeriod = entries.filter((e) => e.at >= parsed.from).length;
  io.stdout(`Wrote ${bundleFile} (${entries.length} entries; ${inPeriod} in the period) and ${reportFile}.\n`);
  if (!verdict.ok) {
    io.stdout(`The log does not verify: ${verdict.message}\n`);
    return 1;
  }
  return 0;
}

function exportArgs(args: readonly string[]): ExportArgs | { problem: string } {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!['--account', '--from', '--to', '--out', '--data', '--network'].includes(arg)) {
      return { problem: `Unknown argument ${arg}.` };
    }
    const value = args[++i];
    if (value === undefined || value.startsWith('--')) return { problem: `Give ${arg} a value.` };
    values.set(arg, value);
  }
  for (const required of ['--account', '--from', '--to', '--out']) {
    if (!values.has(required)) return { problem: `Give ${required}.` };
  }
  let account: string;
  try {
    account = auditAddress(values.get('--account')!);
  } catch {
    return { problem: `${values.get('--account')} is not a TRON address.` };
  }
  const fromText = values.get('--from')!;
  const toText = values.get('--to')!;
  const from = parseDateOption(fromText, false);
  const to = parseDateOption(toText, true);
  if (from === null) return { problem: `--from ${fromText} is not a date (write 2026-03-01 or an ISO time).` };
  if (to === null) return { problem: `--to ${toText} is not a date (write 2026-03-31 or an ISO time).` };
  if (to < from) return { problem: `--to ${toText} is before --from ${fromText}.` };
  const network = values.get('--network');
  return {
    account,
    from,
    to,
    fromText,
    toText,
    out: values.get('--out')!,
    data: values.get('--data') ?? defaultUserDataDir(),
    ...(network !== undefined ? { network } : {}),
  };
}

/** The account's log file: in the named network, or the only network that has one. */
async function logFiles(args: ExportArgs): Promise<{ path: string; network: string } | { problem: string }> {
  const networksDir = join(args.data, 'networks');
  const fileName = `${args.account}.jsonl`;
  const exists = (path: string) =>
    access(path).then(
      () => true,
      () => false,
    );
  if (args.network !== undefined) {
    const path = join(networksDir, args.network, AUDIT_FOLDER, fileName);
    if (await exists(path)) return { path, network: args.network };
    return {
      problem: `There is no audit log of ${toBase58Address(args.account)} on network ${args.network} (${path}).`,
    };
  }
  let networks: string[];
  try {
    networks = (await readdir(networksDir)).sort();
  } catch {
    return { problem: `${args.data} has no networks folder; give --data the app's user data folder.` };
  }
  const found: { path: string; network: string }[] = [];
  for (const network of networks) {
    const path = join(networksDir, network, AUDIT_FOLDER, fileName);
    if (await exists(path)) found.push({ path, network });
  }
  if (found.length === 1) return found[0]!;
  if (found.length === 0)
    return { problem: `No network in ${networksDir} has an audit log of ${toBase58Address(args.account)}.` };
  return {
    problem: `${toBase58Address(args.account)} has audit logs on ${found.map((f) => f.network).join(', ')}; choose one with --network.`,
  };
}
