import { DEFAULT_SIGNING_POLICY, type SigningPolicy } from '../../../src-core/ipc/channels/vault';
import type { EnvelopeSummary } from '../../../src-core/envelope';

/**
 * Whether a signature needs the vault password typed on main's confirmation, beside the approval
 * every signature needs. A permission change always does. Under "above an amount", so does any
 * value that cannot be measured in TRX: a token transfer, an approval of spending, or a contract
 * call this wallet cannot decode, since its effect is unknown.
 */
export interface PasswordRequirement {
  readonly required: boolean;
  /** The policy in one sentence, shown next to the password field or the approve button. */
  readonly reason: string;
}

const PERMISSION_CHANGE = 'AccountPermissionUpdateContract';

export function passwordForTransaction(
  policy: SigningPolicy = DEFAULT_SIGNING_POLICY,
  summary: EnvelopeSummary,
): PasswordRequirement {
  if (summary.contractType === PERMISSION_CHANGE) {
    return { required: true, reason: 'Changing who controls an account always needs the vault password.' };
  }
  switch (policy.passwordFor) {
    case 'every-signature':
      return { required: true, reason: 'Your signing policy asks for the password on every signature.' };
    case 'permission-changes':
      return { required: false, reason: 'Your signing policy asks for the password on permission changes only.' };
    case 'above-amount': {
      const threshold = BigInt(policy.thresholdSun);
      const limit = `${(Number(threshold) / 1e6).toLocaleString('en-US')} TRX`;
      const unmeasured = unmeasuredValue(summary);
      if (unmeasured) {
        return { required: true, reason: `${unmeasured}, so your signing policy asks for the password.` };
      }
      if (trxMoved(summary) > threshold) {
        return {
          required: true,
          reason: `This moves more than ${limit}, so your signing policy asks for the password.`,
        };
      }
      return { required: false, reason: `Your signing policy asks for the password above ${limit}.` };
    }
  }
}

/** Messages have no amount: only "every signature" asks for the password. */
export function passwordForMessage(policy: SigningPolicy = DEFAULT_SIGNING_POLICY): PasswordRequirement {
  return policy.passwordFor === 'every-signature'
    ? { required: true, reason: 'Your signing policy asks for the password on every signature.' }
    : { required: false, reason: 'Signing a message moves no funds.' };
}

function trxMoved(summary: EnvelopeSummary): bigint {
  let total = 0n;
  for (const line of summary.amounts) if (line.asset === 'TRX') total += BigInt(line.sun);
  if (summary.call) total += BigInt(summary.call.callValueSun);
  return total;
}

function unmeasuredValue(summary: EnvelopeSummary): string | null {
  const lines = [...summary.amounts, ...(summary.call?.decoded?.effects ?? [])];
  if (lines.some((l) => l.role === 'approve')) return 'This approves spending of a token';
  if (lines.some((l) => l.asset !== 'TRX')) return 'This moves tokens, whose value is not measured in TRX';
  // A decoded call that is not a known token move may still move anything the contract holds.
  if (summary.call && summary.call.data !== '' && !summary.call.decoded?.effects.length) {
    return 'This calls a contract whose effect this wallet cannot measure';
  }
  return null;
}
