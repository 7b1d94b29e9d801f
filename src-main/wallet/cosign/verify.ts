import { toBase58Address } from '../../../src-core/address/address';
import { genesisText } from '../../../src-core/client/networks';
import type { TronNodeClient } from '../../../src-core/client/client';
import {
  fromPermissionSnapshot,
  judgeTapos,
  taposCandidate,
  taposReference,
  type Envelope,
} from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import type { CheckView, ExpiryView, ProgressView } from '../../../src-core/ipc/channels/cosign';
import { permissionFor, type Permission } from '../../../src-core/permission/model';
import type { OwnerState } from '../chain-knowledge/chain-reads';
import {
  check,
  expiryCheck,
  expiryView,
  integrityCheck,
  operationsRefusal,
  progressView,
  sameSnapshot,
  signaturesPassed,
  strangerRefusal,
} from './envelope-checks';
import type { Names } from '../chain-knowledge/names';

/**
 * Everything a signer's own node says about an envelope: the
 * chain it was made on (genesis id, and the TAPOS reference block among this node's recent
 * blocks), the permission it names as the chain holds it now, every signature against that
 * permission, the node's own getsignweight / getapprovedlist, and the expiry by head-block time.
 * The envelope's own integrity (txID from JSON and hex, summary, duplicate signers) was checked
 * by `parseEnvelope` before this runs.
 */

export interface InspectContext {
  /** null when the network is not answering: chain checks are then skipped (and an import refused). */
  readonly client: TronNodeClient | null;
  readonly genesisId: () => Promise<string>;
  readonly owner: (address: string) => Promise<OwnerState>;
  readonly names: Names;
  /** The head block time the wallet last saw, when no fresher one is read. */
  readonly headTime: number | null;
}

export interface Inspection {
  readonly checks: CheckView[];
  readonly progress: ProgressView;
  readonly expiry: ExpiryView;
  readonly refBlock: { number: number | null; bytes: string; hash: string; ageBlocks: number | null };
  /** The first failed check, which refuses an import. */
  readonly refusal: { readonly code: string; readonly message: string } | null;
  readonly headTime: number | null;
}

const REFUSAL_CODES: Partial<Record<CheckView['id'], string>> = {
  network: 'ENVELOPE_WRONG_NETWORK',
  tapos: 'ENVELOPE_TAPOS_MISMATCH',
  permission: 'ENVELOPE_UNKNOWN_PERMISSION',
  signatures: 'ENVELOPE_SIGNER_NOT_IN_PERMISSION',
};

/** The first failed check as the refusal of an import, with its stable code. */
export function refusalOf(checks: readonly CheckView[]): Inspection['refusal'] {
  const failed = checks.find((c) => c.outcome === 'failed');
  return failed
    ? { code: REFUSAL_CODES[failed.id] ?? 'ENVELOPE_REFUSED', message: `${failed.title}: ${failed.message}` }
    : null;
}

function messageOf(error: unknown): string {
  return error instanceof WalletError ? error.message : error instanceof Error ? error.message : String(error);
}

export async function inspectEnvelope(envelope: Envelope, ctx: InspectContext): Promise<Inspection> {
  const tx = envelope.transaction;
  const checks: CheckView[] = [integrityCheck()];
  const reference = taposReference(tx);
  const refBlock: Inspection['refBlock'] = {
    number: null,
    bytes: String(tx.raw_data.ref_block_bytes),
    hash: reference.hash,
    ageBlocks: null,
  };
  const snapshot = envelope.permission ? fromPermissionSnapshot(envelope.permission) : undefined;
  const client = ctx.client;
  let headTime = ctx.headTime;
  let permission: Permission | undefined;
  let basis: ProgressView['basis'] = 'envelope';

  if (!client) {
    checks.push(
      check(
        'network',
        'skipped',
        'Network',
        'The node is not answering: the chain, the reference block and the permission cannot be checked.',
      ),
    );
  } else {
    // The chain: genesis id, then TAPOS against this node's own recent blocks.
    // Block ids begin with the block number (zeros for the genesis): only the tail tells chains apart.
    const genesis = (await ctx.genesisId()).toLowerCase();
    if (genesis !== envelope.network.genesisBlockId) {
      checks.push(
        check(
          'network',
          'failed',
          'Wrong network',
          `The envelope is for “${envelope.network.name}” (${genesisText(envelope.network.genesisBlockId)}), but this node is on another chain (${genesisText(genesis)}). Switch to that network to open it.`,
        ),
      );
    } else {
      checks.push(
        check(
          'network',
          'passed',
          'Same network',
          `The envelope names this node’s chain (${envelope.network.name}, genesis …${genesis.slice(16, 32)}…).`,
        ),
      );
    }
    const header = await client.getNowBlockHeader();
    headTime = header.timestamp;
    const candidate = taposCandidate(reference, header.number);
    const block = candidate === null ? null : await client.getBlockByNum(candidate);
    const verdict = judgeTapos(
      reference,
      header.number,
      block ? { number: block.block_header.raw_data.number, blockId: block.blockID } : null,
    );
    refBlock.number = verdict.blockNumber;
    if (verdict.ok) {
      refBlock.ageBlocks = verdict.ageBlocks;
      checks.push(
        check(
          'tapos',
          'passed',
          'Reference block on this chain',
          `Its reference block ${verdict.blockNumber} is one of this node’s last 65,536 blocks (${verdict.ageBlocks} blocks ago).`,
        ),
      );
    } else {
      checks.push(check('tapos', 'failed', 'Reference block not on this chain', verdict.message));
    }

    // The permission as the chain holds it now.
    const owner = envelope.summary.owner;
    const state = await ctx.owner(owner);
    const permissionId = envelope.summary.permissionId;
    permission = state.permissions
      ? permissionFor(state.permissions, permissionId, { ownerAddress: owner })
      : undefined;
    if (!state.account) {
      checks.push(
        check(
          'permission',
          'failed',
          'Unknown account',
          `${toBase58Address(owner)} does not exist on this network, so nobody can sign for it.`,
        ),
      );
    } else if (!permission) {
      checks.push(
        check(
          'permission',
          'failed',
          'Unknown permission',
          `${toBase58Address(owner)} has no permission with id ${permissionId} on this network.`,
        ),
      );
    } else {
      basis = 'chain';
      const refused = operationsRefusal(envelope, permission);
      if (refused) {
        checks.push(refused);
      } else if (snapshot && !sameSnapshot(snapshot, permission)) {
        checks.push(
          check(
            'permission',
            'warning',
            'Permission changed',
            `The account’s permission ${permission.id} differs from the one in the envelope (it changed after the proposal). Weights are counted against the chain’s current permission.`,
          ),
        );
      } else if (!snapshot) {
        checks.push(
          check(
            'permission',
            'warning',
            'No permission in the envelope',
            `The envelope names no permission; weights are counted against the chain’s permission ${permission.id} “${permission.name}”.`,
          ),
        );
      } else {
        checks.push(
          check(
            'permission',
            'passed',
            'Permission as on chain',
            `Permission ${permission.id} “${permission.name}” in the envelope is exactly what the chain holds.`,
          ),
        );
      }
      const stranger = strangerRefusal(envelope, permission, ctx.names, 'on this chain');
      if (stranger) checks.push(stranger);
    }
  }
  if (!checks.some((c) => c.id === 'signatures')) checks.push(signaturesPassed(envelope));

  const weighAgainst = permission ?? snapshot;
  const progress: ProgressView = weighAgainst
    ? progressView(envelope, weighAgainst, basis, ctx.names)
    : {
        permissionId: envelope.summary.permissionId,
        permissionName: '',
        permissionType: envelope.summary.permissionId === 0 ? 'Owner' : 'Active',
        threshold: 0n,
        currentWeight: 0n,
        thresholdMet: false,
        basis: 'envelope',
        signers: [],
        problems: ['Neither the envelope nor this node names the permission, so the weight cannot be measured.'],
        node: { checked: false, currentWeight: null, approved: [], thresholdMet: null, agrees: null, message: null },
      };

  // The node's own count, to cross-check this wallet's.
  if (client && permission) {
    try {
      const [weight, approved] = await Promise.all([client.getSignWeight(tx), client.getApprovedList(tx)]);
      const nodeApproved = approved.approved_list.map((a) => toBase58Address(a));
      const localApproved = progress.signers.filter((s) => s.signed).map((s) => s.address);
      const agrees =
        weight.current_weight === progress.currentWeight &&
        (weight.result.code === 'ENOUGH_PERMISSION') === progress.thresholdMet &&
        nodeApproved.length === localApproved.length &&
        nodeApproved.every((a) => localApproved.includes(a));
      progress.node.checked = true;
      progress.node.currentWeight = weight.current_weight;
      progress.node.approved = nodeApproved;
      progress.node.thresholdMet = weight.result.code === 'ENOUGH_PERMISSION';
      progress.node.agrees = agrees;
      progress.node.message = weight.result.message || null;
      checks.push(
        agrees
          ? check(
              'node-weight',
              'passed',
              'Node agrees',
              `getsignweight: weight ${weight.current_weight} of ${progress.threshold}; getapprovedlist names the same signers.`,
            )
          : check(
              'node-weight',
              'warning',
              'Node disagrees',
              `The node counts weight ${weight.current_weight} (${nodeApproved.length} approved) where this wallet counts ${progress.currentWeight}${weight.result.message ? `: ${weight.result.message}` : ''}.`,
            ),
      );
    } catch (error) {
      progress.node.checked = true;
      progress.node.message = messageOf(error);
      checks.push(
        check('node-weight', 'warning', 'Node refused the count', `getsignweight answered: ${messageOf(error)}`),
      );
    }
  } else {
    checks.push(check('node-weight', 'skipped', 'Node count', 'Not asked: the node or the permission is unavailable.'));
  }

  const expiry = expiryView(envelope, headTime);
  checks.push(expiryCheck(expiry));
  return { checks, progress, expiry, refBlock, refusal: refusalOf(checks), headTime };
}
