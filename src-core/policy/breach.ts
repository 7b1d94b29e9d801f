/** Why a policy stops a signature; each code comes with a sentence that names the rule and the numbers. */
export const POLICY_BREACH = {
  otherAccount: 'POLICY_OTHER_ACCOUNT',
  permissionNotCovered: 'POLICY_PERMISSION_NOT_COVERED',
  dailyCap: 'POLICY_DAILY_CAP',
  perTransactionCap: 'POLICY_PER_TRANSACTION_CAP',
  unlistedAsset: 'POLICY_UNLISTED_ASSET',
  recipientNotAllowed: 'POLICY_RECIPIENT_NOT_ALLOWED',
  recipientCoolingOff: 'POLICY_RECIPIENT_COOLING_OFF',
  callNotAllowed: 'POLICY_CALL_NOT_ALLOWED',
  outsideHours: 'POLICY_OUTSIDE_HOURS',
  tierSignatures: 'POLICY_TIER_SIGNATURES',
} as const;
export type PolicyBreachCode = (typeof POLICY_BREACH)[keyof typeof POLICY_BREACH];

export interface PolicyBreach {
  readonly code: PolicyBreachCode;
  readonly message: string;
  /** The numbers behind the sentence, for the audit log and the UI (amounts in base units). */
  readonly details: Readonly<Record<string, string | number | bigint>>;
}

export type PolicyVerdict =
  | { readonly pass: true; readonly policyVersion: number; readonly breaches: readonly [] }
  | { readonly pass: false; readonly policyVersion: number; readonly breaches: readonly PolicyBreach[] };

/** `Active "payments" (id 2)`: how sentences name the permission a rule belongs to. */
export function permissionLabel(id: number, name: string | undefined): string {
  const type = id === 0 ? 'Owner' : 'Active';
  return name ? `${type} "${name}" (id ${id})` : `the ${type.toLowerCase()} permission (id ${id})`;
}
