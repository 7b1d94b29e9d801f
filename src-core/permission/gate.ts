import type { Finding, LockoutFindingCode, PermissionChangeProof } from './lockout';
import { LOCKOUT_FINDINGS } from './lockout';

/**
 * What the lockout prover's findings mean for the person about to sign a permission change: which
 * ones stop it outright, which one a typed confirmation may lift, and which need acknowledging.
 *
 * The one block a person may lift is "none of the keys this wallet knows reaches the owner
 * threshold": the wallet cannot see keys held outside it (a co-signer on another desktop who is not
 * in the address book), so the person may state that those keys exist. Every other block describes
 * a structure nobody at all could use, and no confirmation changes that.
 */
export const LOCKOUT_CONFIRMATION_TEXT = 'KEYS HELD ELSEWHERE';

const LIFTABLE: ReadonlySet<LockoutFindingCode> = new Set([LOCKOUT_FINDINGS.OWNER_UNREACHABLE_BY_KNOWN_KEYS]);

export interface ChangeGate {
  /** True while anything still stops the change (after the confirmation, when one was given). */
  readonly blocked: boolean;
  /** Blocks that no confirmation lifts. */
  readonly blocking: readonly Finding[];
  /** Blocks the typed confirmation lifts; listed whether or not it was given. */
  readonly liftable: readonly Finding[];
  /** The person has to type `LOCKOUT_CONFIRMATION_TEXT` (there is a liftable block and no other). */
  readonly needsConfirmation: boolean;
  readonly confirmed: boolean;
  /** Warnings the person has to acknowledge before signing. */
  readonly warnings: readonly Finding[];
}

/** True when `text` is the confirmation, ignoring case and surrounding spaces. */
export function isLockoutConfirmation(text: string | undefined): boolean {
  return typeof text === 'string' && text.trim().toUpperCase() === LOCKOUT_CONFIRMATION_TEXT;
}

export function gatePermissionChange(
  proof: Pick<PermissionChangeProof, 'findings'>,
  options: { confirmation?: string } = {},
): ChangeGate {
  const blocks = proof.findings.filter((f) => f.severity === 'block');
  const blocking = blocks.filter((f) => !LIFTABLE.has(f.code));
  const liftable = blocks.filter((f) => LIFTABLE.has(f.code));
  const confirmed = liftable.length > 0 && isLockoutConfirmation(options.confirmation);
  return {
    blocked: blocking.length > 0 || (liftable.length > 0 && !confirmed),
    blocking,
    liftable,
    needsConfirmation: blocking.length === 0 && liftable.length > 0,
    confirmed,
    warnings: proof.findings.filter((f) => f.severity === 'warn'),
  };
}
