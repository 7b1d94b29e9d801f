import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { DryRunCheck, DryRunReport, SigningPlan } from '../../../src-core/ipc/channels/permissions';
import { choosePermission, effectivePermissions, heaviestFirst, type Permission } from '../../../src-core/permission';
import { transferContract, type ContractSpec } from '../../../src-core/tx/builders';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { DryRunSequenceResult } from '../node-host/embedded-node';
import type { SigningVault } from '../consent/consented-signing';
import type { Review } from '../chain-knowledge/permission-review';

/**
 * The permission update's dry run, reported as checks: the update applied to a copy of the
 * embedded node's state, then a follow-up transfer checked as signed by this vault's keys under
 * the new structure, to show the account can still move funds.
 */

export const FOLLOW_UP_AMOUNT_SUN = 1n;

/** The follow-up transfer, or why there is none. */
export interface FollowUp {
  readonly transaction?: TransactionJson;
  readonly permission?: Permission;
  readonly weight?: bigint;
  readonly recipient?: HexAddress;
  /** The vault keys it is checked as signed by (hex): nothing is signed for a rehearsal. */
  readonly signers?: readonly string[];
  readonly signerLabels: string[];
  readonly reason: string;
}

export interface FollowUpContext {
  readonly vault: Pick<SigningVault, 'listAccounts'>;
  readonly client: TronNodeClient;
  readonly buildContract: (spec: ContractSpec, permissionId: number) => Promise<TransactionJson>;
}

/** A 1-sun transfer under the new structure, checked as signed by vault keys alone, to prove the account stays operable. */
export async function followUpTransfer(review: Review, context: FollowUpContext): Promise<FollowUp> {
  const accounts = context.vault.listAccounts().filter((a) => a.canSign);
  const byHex = new Map(accounts.map((a) => [a.addressHex, a]));
  const choice = choosePermission(
    review.after,
    'TransferContract',
    accounts.map((a) => a.addressHex),
  );
  const usable = choice.candidates.filter((c) => c.qualifies && c.reachableAlone);
  const pick = usable.find((c) => c.id === choice.permissionId) ?? usable[0];
  if (!pick) {
    return {
      signerLabels: [],
      reason:
        "The vault's keys alone cannot reach the threshold of any permission that may transfer TRX under the new structure; co-signers' keys would be needed, so only the prover speaks for it.",
    };
  }
  const permission = effectivePermissions(review.after).find((p) => p.id === pick.id && p.type === pick.type)!;
  const recipient = await followUpRecipient(review, context);
  if (!recipient)
    return {
      signerLabels: [],
      reason: 'No activated address other than the account itself is known to send the test transfer to.',
    };
  const keys = permission.keys.filter((k) => byHex.has(k.address) && k.weight > 0n).sort(heaviestFirst);
  const tx = await context.buildContract(
    transferContract({ owner: review.address, to: recipient, amount: FOLLOW_UP_AMOUNT_SUN }),
    permission.id,
  );
  let weight = 0n;
  const signerLabels: string[] = [];
  const signers: string[] = [];
  for (const key of keys) {
    if (weight >= permission.threshold) break;
    weight += key.weight;
    signers.push(key.address);
    signerLabels.push(byHex.get(key.address)!.label);
  }
  return { transaction: tx, permission, weight, recipient, signers, signerLabels, reason: '' };
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

/** The checks of one dry run: the update (step 1) and the follow-up transfer (step 2, when there is one). */
export function dryRunReport(result: DryRunSequenceResult, signing: SigningPlan, followUp: FollowUp): DryRunReport {
  const [applied, transfer] = result.outcomes;
  const checks: DryRunCheck[] = [];
  checks.push(
    applied?.accepted
      ? {
          id: 'update-applied',
          label: 'The update applies to the current state',
          outcome: 'passed',
          detail: `The chain's checks for a permission update accepted the new structure on a copy of block ${result.headBlock}, and it was applied there, burning ${trx(applied.feeSun)} with ${signing.expectedSignatures} signature(s) counted. Its own signatures are checked when it is signed. ${signing.explanation}`,
        }
      : {
          id: 'update-applied',
          label: 'The update applies to the current state',
          outcome: 'failed',
          detail: `The node refused it: ${applied?.message ?? 'no answer'} (${applied?.code ?? 'unknown'}).`,
        },
  );
  if (!applied?.accepted || !followUp.transaction) {
    const why = !applied?.accepted ? 'The update itself was refused.' : followUp.reason;
    checks.push({
      id: 'follow-up-signature',
      label: 'A follow-up transfer signed under the new structure passes the permission check',
      outcome: 'skipped',
      detail: why,
    });
    checks.push({
      id: 'follow-up-applied',
      label: 'The follow-up transfer applies',
      outcome: 'skipped',
      detail: why,
    });
  } else {
    const signedBy = followUp.signerLabels.join(' and ');
    const p = followUp.permission!;
    const under =
      p.type === 'Owner'
        ? 'the owner permission (id 0)'
        : `active permission ${p.name ? `"${p.name}" ` : ''}(id ${p.id})`;
    const signatureFailed = transfer && !transfer.accepted && transfer.stage === 'signature';
    checks.push({
      id: 'follow-up-signature',
      label: 'A follow-up transfer signed under the new structure passes the permission check',
      outcome: signatureFailed || !transfer ? 'failed' : 'passed',
      detail: signatureFailed
        ? `A ${trx(FOLLOW_UP_AMOUNT_SUN)} transfer checked as signed by ${signedBy} under ${under} was refused: ${transfer.message}.`
        : `A ${trx(FOLLOW_UP_AMOUNT_SUN)} transfer checked as signed by ${signedBy} under ${under} reached weight ${followUp.weight} of ${followUp.permission!.threshold} against the updated account.`,
    });
    checks.push({
      id: 'follow-up-applied',
      label: 'The follow-up transfer applies',
      outcome: signatureFailed ? 'skipped' : transfer?.accepted ? 'passed' : 'failed',
      detail: signatureFailed
        ? 'The signature check failed first.'
        : transfer?.accepted
          ? `It moved ${trx(FOLLOW_UP_AMOUNT_SUN)} to ${toBase58Address(followUp.recipient!)} on the copy; nothing was broadcast.`
          : `The node refused it: ${transfer?.message ?? 'no answer'} (${transfer?.code ?? 'unknown'}).`,
    });
  }
  return {
    available: true,
    headBlock: result.headBlock,
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
