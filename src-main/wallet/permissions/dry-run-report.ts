import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { DryRunCheck, DryRunReport, SigningPlan } from '../../../src-core/ipc/channels/permissions';
import { allowedTypeIds, effectivePermissions, minimalKeySets, type Permission } from '../../../src-core/permission';
import { transferContract, type ContractSpec } from '../../../src-core/tx/builders';
import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { DryRunStepOutcome } from '../node-host/embedded-node';
import type { SigningVault } from '../consent/consented-signing';
import type { Review } from '../chain-knowledge/permission-review';

/**
 * The permission update's dry run, reported as checks: the update applied to a copy of the
 * embedded node's state, then, for each group of the new structure, a follow-up transfer checked
 * as signed by that group's smallest key set under its own Permission_id. So a pass names the
 * group it proved: a treasury key that signs under the unchanged owner proves nothing about a new
 * 2-of-3 payments group, and each group gets its own line.
 */

export const FOLLOW_UP_AMOUNT_SUN = 1n;

/** One group's follow-up transfer, or why there is none. */
export interface GroupFollowUp {
  readonly permission: Permission;
  readonly transaction?: TransactionJson;
  /** The smallest key set it is checked as signed by (hex): nothing is signed for a rehearsal. */
  readonly signers: readonly string[];
  readonly signerLabels: readonly string[];
  readonly weight: bigint;
  readonly recipient?: HexAddress;
  /** Set when there is no transaction: `cannot-transfer` is skipped, `cannot-sign` failed. */
  readonly refusal?: { readonly kind: 'cannot-transfer' | 'cannot-sign' | 'no-recipient'; readonly reason: string };
}

export interface FollowUpContext {
  readonly vault: Pick<SigningVault, 'listAccounts'>;
  readonly client: TronNodeClient;
  readonly buildContract: (spec: ContractSpec, permissionId: number) => Promise<TransactionJson>;
  /** Names of keys this vault does not hold (the address book's), by 41… hex, so a proof names its signers. */
  readonly names?: ReadonlyMap<string, string>;
}

/** A 1-sun transfer per group of the new structure (owner and actives), each under its own id. */
export async function groupFollowUps(review: Review, context: FollowUpContext): Promise<GroupFollowUp[]> {
  const labels = new Map(context.vault.listAccounts().map((a) => [a.addressHex, a.label]));
  const groups = effectivePermissions(review.after).filter((p) => p.type !== 'Witness');
  const recipient = await followUpRecipient(review, context);
  const out: GroupFollowUp[] = [];
  for (const permission of groups) {
    const none = { permission, signers: [], signerLabels: [], weight: 0n };
    if (!allowedTypeIds(permission).has(CONTRACT_TYPE_IDS.TransferContract)) {
      out.push({
        ...none,
        refusal: {
          kind: 'cannot-transfer',
          reason: `This group may not transfer TRX (its operations leave TransferContract out), so no transfer was tried and this dry run proves nothing about who can sign for it.`,
        },
      });
      continue;
    }
    // Among the smallest sets, the one holding most of this vault's keys: the set a desk here would use.
    const smallest = minimalKeySets(permission)
      .filter((set, _, all) => set.addresses.length === all[0]!.addresses.length)
      .sort((a, b) => held(b.addresses, labels) - held(a.addresses, labels))[0];
    if (!smallest) {
      const total = permission.keys.reduce((sum, k) => sum + k.weight, 0n);
      out.push({
        ...none,
        refusal: {
          kind: 'cannot-sign',
          reason: `Its keys together weigh ${total}, less than its threshold ${permission.threshold}: nobody can sign for it.`,
        },
      });
      continue;
    }
    const signerLabels = smallest.addresses.map((a) => labels.get(a) ?? context.names?.get(a) ?? toBase58Address(a));
    if (!recipient) {
      out.push({
        ...none,
        signers: smallest.addresses,
        signerLabels,
        weight: smallest.weight,
        refusal: {
          kind: 'no-recipient',
          reason: 'No activated address other than the account itself is known to send the test transfer to.',
        },
      });
      continue;
    }
    const transaction = await context.buildContract(
      transferContract({ owner: review.address, to: recipient, amount: FOLLOW_UP_AMOUNT_SUN }),
      permission.id,
    );
    out.push({
      permission,
      transaction,
      signers: smallest.addresses,
      signerLabels,
      weight: smallest.weight,
      recipient,
    });
  }
  return out;
}

function held(addresses: readonly string[], vault: ReadonlyMap<string, string>): number {
  return addresses.filter((a) => vault.has(a)).length;
}

async function followUpRecipient(review: Review, context: FollowUpContext): Promise<HexAddress | undefined> {
  const candidates = [
    ...review.facts.filter((f) => f.activated && !f.isContract).map((f) => toHexAddress(f.address)),
    ...context.vault.listAccounts().map((a) => a.addressHex as HexAddress),
  ];
  for (const hex of new Set(candidates)) {
    if (hex === review.address) continue;
    if (review.facts.some((f) => toHexAddress(f.address) === hex)) return hex;
    if ((await context.client.getAccount(hex)) !== null) return hex;
  }
  return undefined;
}

/** A group's follow-up and what the copy of the chain answered (absent when it was not run). */
export interface GroupProof {
  readonly followUp: GroupFollowUp;
  readonly outcome?: DryRunStepOutcome;
}

/** "owner permission (id 0)", "active permission "payments" (id 2)". */
function groupName(p: Permission): string {
  return p.type === 'Owner'
    ? 'the owner permission (id 0)'
    : `active permission ${p.name ? `"${p.name}" ` : ''}(id ${p.id})`;
}

function groupCheck(proof: GroupProof, updateAccepted: boolean): DryRunCheck {
  const { followUp, outcome } = proof;
  const p = followUp.permission;
  const name = groupName(p);
  const base = {
    id: 'group-proof' as const,
    permissionId: p.id,
    label: `${name.charAt(0).toUpperCase()}${name.slice(1)} can sign a payment under the new structure`,
  };
  if (!updateAccepted) return { ...base, outcome: 'skipped', detail: 'The update itself was refused.' };
  if (followUp.refusal) {
    return {
      ...base,
      outcome: followUp.refusal.kind === 'cannot-sign' ? 'failed' : 'skipped',
      detail: followUp.refusal.reason,
    };
  }
  const signedBy = `${followUp.signerLabels.join(' and ')} (weight ${followUp.weight} of ${p.threshold}, its smallest key set)`;
  const transfer = `A ${trx(FOLLOW_UP_AMOUNT_SUN)} transfer under Permission_id ${p.id}, checked as signed by ${signedBy},`;
  if (!outcome) return { ...base, outcome: 'failed', detail: `${transfer} got no answer from the node.` };
  if (!outcome.accepted && outcome.stage === 'signature') {
    return {
      ...base,
      outcome: 'failed',
      detail: `${transfer} was refused by the permission check: ${outcome.message}.`,
    };
  }
  if (!outcome.accepted) {
    return {
      ...base,
      outcome: 'failed',
      detail: `${transfer} passed the permission check, but the transfer itself was refused: ${outcome.message} (${outcome.code}).`,
    };
  }
  return {
    ...base,
    outcome: 'passed',
    detail: `${transfer} passed java-tron's permission check and moved ${trx(FOLLOW_UP_AMOUNT_SUN)} to ${toBase58Address(followUp.recipient!)} on the copy; nothing was signed or broadcast.`,
  };
}

/** The checks of one dry run: the update, then one line per group of the new structure. */
export function dryRunReport(
  headBlock: number,
  applied: DryRunStepOutcome | undefined,
  proofs: readonly GroupProof[],
  signing: SigningPlan,
): DryRunReport {
  const checks: DryRunCheck[] = [
    applied?.accepted
      ? {
          id: 'update-applied',
          label: 'The update applies to the current state',
          outcome: 'passed',
          detail: `The chain's checks for a permission update accepted the new structure on a copy of block ${headBlock}, and it was applied there, burning ${trx(applied.feeSun)} with ${signing.expectedSignatures} signature(s) counted. Its own signatures are checked when it is signed. ${signing.explanation}`,
        }
      : {
          id: 'update-applied',
          label: 'The update applies to the current state',
          outcome: 'failed',
          detail: `The node refused it: ${applied?.message ?? 'no answer'} (${applied?.code ?? 'unknown'}).`,
        },
    ...proofs.map((proof) => groupCheck(proof, applied?.accepted === true)),
  ];
  return {
    available: true,
    headBlock,
    checks,
    balanceChanges: (applied?.balanceChanges ?? []).map((c) => ({
      address: toBase58Address(c.address),
      deltaSun: c.deltaSun,
    })),
  };
}

/** Why there is no dry run: only the embedded node, running, can apply a change privately. */
export function noDryRunReason(network: NetworkInfo): string {
  if (network.kind !== 'embedded') {
    return `The dry run applies the change on the embedded node's copy of the chain, and the wallet is using ${network.name}. The checks shown come from the lockout prover alone; switch to the embedded node on the Node screen to dry-run changes on a local chain.`;
  }
  return 'The embedded node is not running, so the change cannot be applied to a copy of its state. Start it on the Node screen; the checks shown come from the lockout prover alone.';
}

function trx(sun: bigint): string {
  const whole = sun / 1_000_000n;
  const fraction = (sun % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} TRX`;
}
