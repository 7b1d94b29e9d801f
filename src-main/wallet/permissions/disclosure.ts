import { toBase58Address } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { AccountResource } from '../../../src-core/client/types';
import { transactionCost } from '../../../src-core/fee';
import type { PermissionView } from '../../../src-core/ipc/channels/accounts';
import type {
  ChangeGateView,
  CostDisclosure,
  FindingView,
  SigningPlan,
} from '../../../src-core/ipc/channels/permissions';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import {
  choosePermission,
  describePermission,
  effectivePermissions,
  gatePermissionChange,
  heaviestFirst,
  minimalKeySets,
  type AccountPermissions,
  type Finding,
  type Permission,
  type PermissionChangeProof,
} from '../../../src-core/permission';
import type { TransactionJson } from '../../../src-core/tx/types';
import { resourcesOf } from '../chain-knowledge/chain-reads';
import type { Review } from '../chain-knowledge/permission-review';
import { signsHere } from '../../../src-core/ipc/account-custody';

/** What the person is shown before signing a permission update: who signs, what it costs, what the prover found. */

export function permissionView(p: Permission): PermissionView {
  return {
    type: p.type,
    id: p.id,
    name: p.name,
    threshold: p.threshold,
    operations: p.type === 'Active' ? (p.operations ?? '') : '',
    keys: p.keys.map((k) => ({ address: toBase58Address(k.address), weight: k.weight })),
  };
}

function findingView(f: Finding): FindingView {
  return {
    severity: f.severity,
    code: f.code,
    message: f.message,
    ...(f.permissionId !== undefined ? { permissionId: f.permissionId } : {}),
    ...(f.addresses ? { addresses: f.addresses.map((a) => toBase58Address(a)) } : {}),
  };
}

export function gateView(proof: PermissionChangeProof): ChangeGateView {
  const gate = gatePermissionChange(proof);
  return {
    verdict: proof.verdict,
    blocked: gate.blocked,
    needsConfirmation: gate.needsConfirmation,
    findings: proof.findings.map(findingView),
  };
}

/** Which permission signs the update under today's structure, and which vault keys sign it (heaviest first, until the threshold). */
export function signingPlanOf(current: AccountPermissions, accounts: readonly VaultAccount[]): SigningPlan {
  const signing = accounts.filter(signsHere);
  const labels = new Map(signing.map((a) => [a.addressHex, a.label]));
  const choice = choosePermission(
    current,
    'AccountPermissionUpdateContract',
    signing.map((a) => a.addressHex),
  );
  const permission = choice.permission ?? effectivePermissions(current)[0]!;
  const held = permission.keys.filter((k) => labels.has(k.address) && k.weight > 0n).sort(heaviestFirst);
  const signers: { address: HexAddress; weight: bigint }[] = [];
  let weight = 0n;
  for (const key of held) {
    if (weight >= permission.threshold) break;
    signers.push(key);
    weight += key.weight;
  }
  const smallest = Math.min(
    ...minimalKeySets(permission).map((s) => s.addresses.length),
    PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM,
  );
  const needsCosigners = weight < permission.threshold;
  return {
    permissionId: choice.permission ? choice.permission.id : null,
    permissionName: permission.name || describePermission(permission),
    threshold: permission.threshold,
    heldWeight: weight,
    signers: signers.map((s) => ({
      address: toBase58Address(s.address),
      label: labels.get(s.address) ?? '',
      weight: s.weight,
    })),
    needsCosigners,
    expectedSignatures: Math.max(1, needsCosigners ? Math.max(smallest, signers.length + 1) : signers.length),
    explanation: choice.permission
      ? choice.explanation
      : `None of this vault's keys can change permissions today: ${choice.explanation}`,
  };
}

/** The update's fee, the multi-signature fee and any burned bandwidth, against the account's balance. */
export function costDisclosure(
  review: Review,
  tx: TransactionJson,
  signing: SigningPlan,
  resource: AccountResource | null,
): CostDisclosure {
  const breakdown = transactionCost({
    transaction: tx,
    expectedSignatures: signing.expectedSignatures,
    parameters: review.parameters,
    ...(resource ? { account: resourcesOf(resource) } : {}),
  });
  const lines: CostDisclosure['lines'] = breakdown.fees.map((f) => ({
    kind: f.kind,
    sun: f.sun,
    label:
      f.kind === 'contract'
        ? 'Permission update fee'
        : f.kind === 'multi-signature'
          ? `Multi-signature fee (${signing.expectedSignatures} signatures under the ${signing.permissionName} permission)`
          : f.label,
  }));
  if (breakdown.bandwidth.burnedSun > 0n) {
    lines.push({
      kind: 'bandwidth',
      sun: breakdown.bandwidth.burnedSun,
      label: `Bandwidth: ${breakdown.bandwidth.bytes} bytes, burned because free and staked bandwidth do not cover them`,
    });
  }
  const balance = review.account?.balance ?? 0n;
  return {
    lines,
    totalBurnSun: breakdown.burnedSun,
    balanceSun: balance,
    enoughBalance: balance >= breakdown.burnedSun,
  };
}
