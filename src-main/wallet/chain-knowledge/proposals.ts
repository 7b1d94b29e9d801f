import { createEnvelope, type Envelope, type StatedFacts } from '../../../src-core/envelope';
import type { AccountPermissions, Permission } from '../../../src-core/permission/model';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { EmitEvent } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { AddResult, EnvelopeMeta } from '../stores/envelopes';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { recoverAddress } from '../../../src-core/keys/keys';
import type { AuditSink } from './audit-sink';

/** A transaction this wallet proposes to co-signers (or wraps for main's confirmation). */
export interface ProposalInput {
  readonly transaction: TransactionJson;
  /** The permission it is signed under, as the chain holds it now. */
  readonly permission?: Permission | undefined;
  /** The account's whole structure, for a permission change's before/after diff. */
  readonly accountPermissions?: AccountPermissions | null | undefined;
  readonly abi?: readonly Record<string, unknown>[] | undefined;
  readonly note?: string | undefined;
  /** Chain time (ms) it is proposed at. */
  readonly createdAt: number;
  /** The inbox label. */
  readonly label: string;
  /** The network's name written into the envelope (default: the current network's). */
  readonly networkName?: string;
}

/** Who stores proposals: the co-signing service. */
export interface Proposals {
  propose(input: ProposalInput): Promise<{ readonly id: string }>;
}

export interface ProposalContext {
  readonly chain: Pick<ChainAccess, 'genesisId' | 'network' | 'stores'>;
  readonly emit: EmitEvent;
  readonly now: () => number;
  /**
   * What this wallet knows about the envelope's tokens and addresses, to travel with it for
   * co-signers without such facts (stated-facts.ts); none when absent.
   */
  readonly statedFacts?: (envelope: Envelope) => Promise<StatedFacts | undefined>;
  /** This desk's audit log: the proposal is its first entry about the transaction. */
  readonly audit?: AuditSink;
}

/** A transaction in an envelope of this chain: the current network's name and its genesis id. */
export async function chainEnvelope(
  chain: Pick<ChainAccess, 'genesisId' | 'network'>,
  input: Omit<ProposalInput, 'label'> & { readonly stated?: StatedFacts | undefined },
): Promise<Envelope> {
  return createEnvelope({
    transaction: input.transaction,
    network: { name: input.networkName ?? chain.network().name, genesisBlockId: await chain.genesisId() },
    ...(input.permission ? { permission: input.permission } : {}),
    ...(input.accountPermissions ? { accountPermissions: input.accountPermissions } : {}),
    ...(input.abi ? { abi: input.abi } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    ...(input.stated ? { stated: input.stated } : {}),
    createdAt: input.createdAt,
  });
}

/**
 * Wraps a transaction in an envelope for this chain (its genesis id from the node host), stores
 * it in the inbox as this wallet's proposal and announces it as collecting signatures.
 */
export async function storeProposal(
  context: ProposalContext,
  input: ProposalInput,
  meta: Omit<EnvelopeMeta, 'origin' | 'label'> = {},
): Promise<AddResult> {
  const bare = await chainEnvelope(context.chain, input);
  // The summary says which tokens and addresses the facts are needed for, so they follow it.
  const stated = await context.statedFacts?.(bare);
  const envelope = stated ? await chainEnvelope(context.chain, { ...input, stated }) : bare;
  const added = await context.chain
    .stores()
    .envelopes.add(envelope, { ...meta, origin: 'proposed', label: input.label }, context.now());
  context.emit('cosign:changed', { id: added.entry.id, txid: added.entry.txid, stage: 'collecting' });
  if (added.outcome === 'added') await recordProposal(context.audit, envelope, input.label);
  return added;
}

/**
 * The proposal entry: who proposed (the key whose signature the envelope carries first, else the
 * account itself when it goes out unsigned), this desk (the log's own id) and the app's version.
 */
async function recordProposal(audit: AuditSink | undefined, envelope: Envelope, label: string): Promise<void> {
  if (!audit) return;
  const txId = envelope.transaction.txID;
  const first = envelope.transaction.signature?.[0];
  let proposer = envelope.summary.owner;
  if (first) {
    try {
      proposer = recoverAddress(hexToBytes(txId), hexToBytes(first));
    } catch {
      // The envelope was verified when it was made; an unrecoverable signature leaves the owner named.
    }
  }
  await audit.append({
    account: envelope.summary.owner,
    txId,
    body: { kind: 'proposal', proposer, appVersion: audit.appVersion, summary: label.slice(0, 4096) },
  });
}
