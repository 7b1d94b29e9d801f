import { toBase58Address } from '../../../src-core/address/address';
import { permissionFor } from '../../../src-core/permission/model';
import type { ContractSpec } from '../../../src-core/tx/builders';
import type { ChainAccess } from '../node-host/chain-access';
import type { ChainReads } from './chain-reads';
import { expirationOf } from './prepared';
import type { TransactionBuilder } from './transaction-builder';
import type { TransactionSigner } from './transaction-signer';
import type { TransactionTracker } from './transaction-tracker';

/** Co-signers need time: a contract the vault's keys cannot complete alone gets this signing window (else 60 s). */
export const COSIGN_WINDOW_MS = 60 * 60_000;

/**
 * A contract another service built and checked (the permission editor's AccountPermissionUpdate),
 * with the vault accounts it chose to sign, in order, and their weights in the permission.
 */
export interface ContractSubmission {
  readonly spec: ContractSpec;
  readonly permissionId: number;
  readonly signers: readonly { readonly accountId: string; readonly weight: bigint }[];
  readonly threshold: bigint;
  /** The inbox label of its envelope when co-signers must complete it. */
  readonly label: string;
}

export interface SubmittedContract {
  readonly txid: string;
  /** `broadcast`: the vault's signatures reached the threshold and the node accepted it. */
  readonly state: 'broadcast' | 'needs-cosigners';
  readonly signatures: number;
  readonly weight: bigint;
  /** The co-signing envelope of a `needs-cosigners` submission. */
  readonly envelopeId: string | null;
}

export interface ContractSubmitterOptions {
  readonly chain: Pick<ChainAccess, 'requireClient'>;
  readonly reads: ChainReads;
  readonly builder: TransactionBuilder;
  readonly signer: TransactionSigner;
  readonly tracker: TransactionTracker;
  readonly now: () => number;
}

/**
 * Builds a contract afresh and signs it with the given vault accounts in order until their
 * weight reaches the threshold. Then it is broadcast and followed like any transaction built
 * here; otherwise it gets the co-signing window and goes to the inbox as this wallet's proposal.
 */
export async function submitContract(
  options: ContractSubmitterOptions,
  request: ContractSubmission,
): Promise<SubmittedContract> {
  const held = request.signers.reduce((sum, s) => sum + s.weight, 0n);
  const unsigned = await options.builder.buildContract(
    request.spec,
    request.permissionId,
    held < request.threshold ? { expirationMs: COSIGN_WINDOW_MS } : {},
  );
  const createdAt = options.now();
  const { transaction, weight } = await options.signer.signInOrder(
    unsigned,
    request.signers,
    request.threshold,
    request.permissionId,
  );
  const signatures = transaction.signature?.length ?? 0;
  const contract = transaction.raw_data.contract[0]!;
  const ownerHex = String((contract.parameter.value as Record<string, unknown>).owner_address ?? '');
  const facts = {
    txid: transaction.txID,
    contractType: contract.type,
    owner: toBase58Address(ownerHex),
    permissionId: request.permissionId,
    expiresAt: expirationOf(transaction),
  };
  const recordSigned = (message: string | null) =>
    options.tracker.record({
      txid: facts.txid,
      type: facts.contractType,
      status: 'signed',
      owner: facts.owner,
      permissionId: facts.permissionId,
      expiresAt: facts.expiresAt,
      message,
    });
  if (weight >= request.threshold) {
    await recordSigned(null);
    await options.tracker.broadcast(transaction, { ...facts, createdAt });
    return { txid: transaction.txID, state: 'broadcast', signatures, weight, envelopeId: null };
  }
  const state = await options.reads.owner(options.chain.requireClient(), ownerHex);
  const stored = await options.signer.propose({
    transaction,
    permission: permissionFor(state.permissions, request.permissionId, { ownerAddress: ownerHex }),
    accountPermissions: state.permissions,
    label: request.label,
    headTime: Number(transaction.raw_data.timestamp ?? createdAt),
  });
  await recordSigned('Waiting for co-signers: the envelope is in the co-signing inbox.');
  return { txid: transaction.txID, state: 'needs-cosigners', signatures, weight, envelopeId: stored.id };
}
