import { toBase58Address } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import { WalletError } from '../../../src-core/errors';
import type { ForkGroupCheck, ForkRehearsal } from '../../../src-core/ipc/channels/fork';
import { allowedTypeIds, effectivePermissions, minimalKeySets, type Permission } from '../../../src-core/permission';
import { buildTransaction, transferContract, type ContractSpec } from '../../../src-core/tx/builders';
import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import { transactionHeader } from '../../../src-core/tx/header';
import { currentStructure } from '../chain-knowledge/permission-review';
import { forkAccess } from './simulate-on-fork';
import type { ForkNodeLike } from '../node-host/throwaway-fork';

/**
 * A permission edit rehearsed end to end on a throw-away fork of the real network: the update is
 * broadcast there with the account impersonated (nobody signs anything) and packed in a fork block;
 * the structure is then read back from the fork, the impersonation ended, and for the owner and
 * each active group that may transfer TRX a 1-sun transfer is dry-run with java-tron's signature
 * and permission check as if the group's smallest key set had signed. Every verdict is the fork's.
 */
export interface RehearsalPlan {
  readonly address: HexAddress;
  /** The AccountPermissionUpdateContract, as the permission editor builds it. */
  readonly spec: ContractSpec;
}

export const REHEARSAL_TRANSFER_SUN = 1n;
/** The TRON "black hole" address: exists on every public network, so the 1-sun transfer creates nothing there. */
const FALLBACK_RECIPIENT = '410000000000000000000000000000000000000000' as HexAddress;

/** What a node's dry run answers, as far as the rehearsal reads it (src-main/node `DryRunResult`). */
interface DryRunAnswer {
  readonly accepted: boolean;
  readonly code: string;
  readonly message: string;
}

export async function rehearsePermissionUpdate(
  node: ForkNodeLike,
  plan: RehearsalPlan,
): Promise<Pick<ForkRehearsal, 'update' | 'groups' | 'proven'>> {
  const control = node.fork;
  if (!control) throw new Error('A rehearsal needs a fork.');
  const { client } = forkAccess(node);
  const base58 = toBase58Address(plan.address);
  const update = buildTransaction(plan.spec, { header: headerOf(node) });
  await control.impersonate(base58);
  let packedIn: number;
  try {
    try {
      await client.broadcastTransaction(update);
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      return {
        update: { outcome: 'failed', detail: `The fork refused the update: ${error.message}`, txid: null },
        groups: [],
        proven: false,
      };
    }
    packedIn = ((await node.mine(1)) as { number: number }).number;
  } finally {
    await control.stopImpersonating(base58);
  }
  const account = await client.getAccount(plan.address);
  const groups = effectivePermissions(currentStructure(plan.address, account)).filter((p) => p.type !== 'Witness');
  const recipient = recipientFor(plan.address, groups);
  const checks: ForkGroupCheck[] = [];
  for (const group of groups) checks.push(await checkGroup(node, plan.address, group, recipient));
  const movers = checks.filter((c) => c.outcome !== 'skipped');
  return {
    update: {
      outcome: 'passed',
      detail: `The fork accepted the update with ${base58} impersonated and packed it in its block ${packedIn}; the structure below is read back from the fork.`,
      txid: update.txID,
    },
    groups: checks,
    proven: movers.length > 0 && movers.every((c) => c.outcome === 'passed'),
  };
}

async function checkGroup(
  node: ForkNodeLike,
  owner: HexAddress,
  group: Permission,
  recipient: HexAddress,
): Promise<ForkGroupCheck> {
  const base = {
    type: group.type as 'Owner' | 'Active',
    permissionId: group.id,
    name: group.name || (group.type === 'Owner' ? 'owner' : `active ${group.id}`),
  };
  if (!allowedTypeIds(group).has(CONTRACT_TYPE_IDS.TransferContract))
    return {
      ...base,
      signers: [],
      outcome: 'skipped',
      detail: 'This group may not transfer TRX (its operations leave TransferContract out), so no transfer was tried.',
    };
  const smallest = minimalKeySets(group)[0];
  if (!smallest)
    return {
      ...base,
      signers: [],
      outcome: 'failed',
      detail: `Its keys together weigh less than its threshold ${group.threshold}: nobody can sign for it.`,
    };
  const signers = smallest.addresses.map((a) => toBase58Address(a));
  const transfer = buildTransaction(transferContract({ owner, to: recipient, amount: REHEARSAL_TRANSFER_SUN }), {
    header: headerOf(node),
    permissionId: group.id,
  });
  const answer = (await node.dryRun(transfer, { signers: smallest.addresses })) as DryRunAnswer;
  return answer.accepted
    ? {
        ...base,
        signers,
        outcome: 'passed',
        detail: `A ${REHEARSAL_TRANSFER_SUN}-sun transfer under Permission_id ${group.id}, checked as signed by ${signers.join(' and ')} (weight ${smallest.weight} of ${group.threshold}), passed java-tron's permission check and applied on the fork.`,
      }
    : {
        ...base,
        signers,
        outcome: 'failed',
        detail: `The fork refused a transfer under Permission_id ${group.id} checked as signed by ${signers.join(' and ')}: ${answer.message} (${answer.code}).`,
      };
}

/** A key of the new structure other than the account itself, else the black hole address. */
function recipientFor(owner: HexAddress, groups: readonly Permission[]): HexAddress {
  const other = groups.flatMap((g) => g.keys.map((k) => k.address)).find((a) => a !== owner);
  return (other as HexAddress | undefined) ?? FALLBACK_RECIPIENT;
}

function headerOf(node: ForkNodeLike) {
  const head = node.head();
  return transactionHeader({
    refBlock: { number: BigInt(head.number), blockId: head.id },
    headTimestamp: head.timestamp,
    expirationMs: 60_000,
  });
}
