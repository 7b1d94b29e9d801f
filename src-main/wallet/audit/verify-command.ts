import { readFile } from 'node:fs/promises';
import {
  AuditError,
  AuditErrorCode,
  auditBundleSchema,
  parseAuditBundle,
  verifyAuditBundle,
  type AuditBundle,
} from '../../../src-core/audit';
import { bytesToUtf8 } from '../../../src-core/bytes/utf8';
import { parseJsonLossless } from '../../../src-core/json/lossless';
import type { AuditCommandIo } from './command-io';
import { locateDamage } from './locate-damage';
import { nodePermissionAt } from './node-permissions';

/**
 * `verify <bundle> [--node <url>]`: 0 for an intact bundle; 1 for a bundle that fails, with the
 * first broken entry named; 2 for a file that cannot be read at all or is not an audit bundle.
 */
export async function runVerifyCommand(args: readonly string[], io: AuditCommandIo): Promise<number> {
  const { file, node, problem } = verifyArgs(args);
  if (problem || file === undefined) {
    io.stderr(
      `${problem ?? 'Name the bundle file to verify.'}\nUsage: npm run audit -- verify <bundle> [--node <url>]\n`,
    );
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    io.stderr(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.\n`);
    return 2;
  }
  let bundle;
  try {
    bundle = parseAuditBundle(bytes);
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    if (!Buffer.from(bytes).includes('"format":"tron-wallet-audit"')) {
      io.stderr(`${file} is not an audit bundle (it has no "format":"tron-wallet-audit").\n`);
      return 2;
    }
    const canonicalOnly = error.code === AuditErrorCode.notCanonical;
    const site = locateDamage(bytes, canonicalOnly ? parseLoose(bytes) : undefined);
    io.stdout(`BROKEN (${error.code}) at ${site.where}.\n${error.message}\n`);
    return 1;
  }
  const notes = new Set<string>();
  const verdict = await verifyAuditBundle(
    bundle,
    node ? { permissionAt: nodePermissionAt({ nodeUrl: node, fetch: io.fetch, notes }) } : {},
  );
  for (const note of notes) io.stdout(`Note: ${note}\n`);
  if (!verdict.ok) {
    const { desk, seq, hash } = verdict.entry;
    const index = bundle.entries.findIndex((e) => e.hash === hash && e.desk === desk && e.seq === seq);
    const inFile = index >= 0 ? `entry ${index + 1} of the file, ` : '';
    io.stdout(
      `BROKEN (${verdict.code}) at ${inFile}entry ${seq} of desk ${desk} (hash ${hash}).\n${verdict.message}\n`,
    );
    return 1;
  }
  io.stdout(
    `INTACT: ${verdict.entries} entries in ${verdict.chains} desk chains of ${bundle.account} verify` +
      `${node ? `, each signer against the account's permission on ${node}` : ''}.\n`,
  );
  return 0;
}

/** What a non-canonical text holds, read by the schema alone, to find where its spelling departs. */
function parseLoose(bytes: Uint8Array): AuditBundle | undefined {
  try {
    const parsed = auditBundleSchema.safeParse(parseJsonLossless(bytesToUtf8(bytes)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function verifyArgs(args: readonly string[]): { file?: string; node?: string; problem?: string } {
  let file: string | undefined;
  let node: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--node') {
      node = args[++i];
      if (!node || !/^https?:\/\//.test(node)) return { problem: 'Give --node a URL such as http://127.0.0.1:8090.' };
    } else if (arg.startsWith('--')) return { problem: `Unknown option ${arg}.` };
    else if (file === undefined) file = arg;
    else return { problem: `Give one bundle file; ${arg} is one too many.` };
  }
  return { ...(file !== undefined ? { file } : {}), ...(node !== undefined ? { node } : {}) };
}
