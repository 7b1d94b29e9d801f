import { toJsonSafe } from '../../../src-core/envelope/canonical';
import { toAccountPermissionsSnapshot } from '../../../src-core/envelope/snapshot';
import { provePermissionChange, type GroupChange } from '../../../src-core/permission/lockout';
import type { AccountPermissions } from '../../../src-core/permission/model';
import { capitalize, describePermission } from '../../../src-core/permission/model';
import { operationLabel } from '../../../src-core/permission/labels';
import type { AlertWords } from '../alert-words';
import type { TxFacts } from '../block-facts';
import { RULES, type AlertDraft } from '../types';
import { accountName, type RuleContext } from './context';

/** One line per change of one permission group, for people reading the alert. */
function groupLines(g: GroupChange, words: AlertWords): string[] {
  const name = capitalize(describePermission(g));
  if (g.change === 'added') return [`${name} added`];
  if (g.change === 'removed') return [`${name} removed`];
  const lines: string[] = [];
  if (g.renamed) lines.push(`${name}: renamed from "${g.renamed.before}"`);
  if (g.threshold) lines.push(`${name}: threshold ${g.threshold.before} → ${g.threshold.after}`);
  for (const k of g.keysAdded) lines.push(`${name}: key ${words.name(k.address)} added (weight ${k.weight})`);
  for (const k of g.keysRemoved) lines.push(`${name}: key ${words.name(k.address)} removed`);
  for (const k of g.weightsChanged) lines.push(`${name}: key ${words.name(k.address)} weight ${k.before} → ${k.after}`);
  for (const op of g.operationsAdded) lines.push(`${name}: may now ${operationLabel(op).toLowerCase()}`);
  for (const op of g.operationsRemoved) lines.push(`${name}: may no longer ${operationLabel(op).toLowerCase()}`);
  return lines;
}

/**
 * An AccountPermissionUpdate of the watched account: the structure before and after, the change
 * per group and per power, and the lockout prover's verdict on the new structure (with the
 * treasury's known keys, when the watch list names them).
 */
export function permissionChanged(facts: TxFacts, after: AccountPermissions, ctx: RuleContext): AlertDraft[] {
  if (!ctx.account.rules.permissionChanged.enabled) return [];
  const proof = provePermissionChange(
    ctx.permissions,
    after,
    ctx.knownAddresses.length > 0 ? { knownAddresses: ctx.knownAddresses } : {},
  );
  const changes = proof.diff.groups.flatMap((g) => groupLines(g, ctx.words));
  return [
    {
      rule: RULES.permissionChanged,
      account: ctx.account.address,
      txid: facts.txid,
      title:
        `The permissions of ${accountName(ctx)} were changed ` +
        `(${changes.join('; ') || 'no key, threshold or operation changed'}); the lockout check says ${proof.verdict}.`,
      details: {
        changes,
        verdict: proof.verdict,
        findings: proof.findings.map((f) => ({
          severity: f.severity,
          code: f.code,
          message: f.message,
          ...(f.permissionId !== undefined ? { permissionId: f.permissionId } : {}),
        })),
        diff: toJsonSafe(proof.diff),
        before: toAccountPermissionsSnapshot(ctx.permissions),
        after: toAccountPermissionsSnapshot(after),
      },
    },
  ];
}
