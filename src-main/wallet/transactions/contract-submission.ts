import { toBase58Address } from '../../../src-core/address/address';
import { TransactionError } from '../../../src-core/errors';
import { permissionFor } from '../../../src-core/permission/model';
import type { PermissionChangeProof } from '../../../src-core/permission/lockout';
import type { ContractSpec } from '../../../src-core/tx/builders';
import type { ChainAccess } from '../node-host/chain-access';
import type { ChainReads } from '../chain-knowledge/chain-reads';
import { signingWindowMs } from '../../../src-core/tx/header';
import { expirationOf, TxErrorCode } from './prepared';
import type { TransactionBuilder } from './transaction-builder';
import type { TransactionSigner } from './transaction-signer';
import type { TransactionTracker } from './transaction-tracker';

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
  /** For a permission change: the prover's judgement, shown on main's confirmation. */
  readonly proof?: PermissionChangeProof;
  /** The signing window the person chose; used only when co-signers must complete it. */
  readonly expirationMs?: number;
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
  readonly chain: Pick<ChainAccess, 'requireClient' | 'chainMsPerWallMs'>;
  readonly reads: ChainReads;
  readonly builder: TransactionBuilder;
  readonly signer: TransactionSigner;
  readonly tracker: TransactionTracker;
  readonly now: () => number;
}

/**
 * Builds a contract afresh and signs it with the given vault accounts in order until their
 * weight reaches the threshold. Then it is broadcast and followed like any transaction built
 * here; otherwise it gets the co-signing window (the person's choice, else the chain's maximum
 * less a margin, as the builder gives) and goes to the inbox as this wallet's proposal.
 */
export async function submitContract(
  options: ContractSubmitterOptions,
  request: ContractSubmission,
): Promise<SubmittedContract> {
  const held = request.signers.reduce((sum, s) => sum + s.weight, 0n);
  const needsCosigners = held < request.threshold;
  // A contract the vault signs alone keeps the short default whatever was chosen for co-signers.
  const expirationMs = signingWindowMs(
    needsCosigners ? request.expirationMs : undefined,
    needsCosigners,
    options.chain.chainMsPerWallMs(),
  );
  const unsigned = await options.builder.buildContract(
    request.spec,
    request.permissionId,
    expirationMs !== undefined ? { expirationMs } : {},
  );
  const createdAt = options.now();
  const contract = unsigned.raw_data.contract[0]!;
  const ownerHex = String((contract.parameter.value as Record<string, unknown>).owner_address ?? '');
  const state = await options.reads.owner(options.chain.requireClient(), ownerHex);
  const permission = permissionFor(state.permissions, request.permissionId, { ownerAddress: ownerHex });
  if (!permission) {
    throw new TransactionError(
      TxErrorCode.badPermission,
      `The account has no permission ${request.permissionId} on chain any more; review the change again.`,
    );
  }
  const { transaction, weight } = await options.signer.signInOrder(
    {
      transaction: unsigned,
      permission,
      accountPermissions: state.permissions,
      proof: request.proof,
      after: needsCosigners ? 'and propose to co-signers' : 'and broadcast',
    },
    request.signers,
  );
  const signatures = transaction.signature?.length ?? 0;
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
  const stored = await options.signer.propose({
    transaction,
    permission,
    accountPermissions: state.permissions,
    label: request.label,
    headTime: Number(transaction.raw_data.timestamp ?? createdAt),
  });
  await recordSigned('Waiting for co-signers: the envelope is in the co-signing inbox.');
  return { txid: transaction.txID, state: 'needs-cosigners', signatures, weight, envelopeId: stored.id };
}
