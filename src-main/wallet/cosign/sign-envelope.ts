import { addEnvelopeSignature, signingProgress, withPolicyRecord, type Envelope } from '../../../src-core/envelope';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { signsHere } from '../../../src-core/ipc/account-custody';
import type { PermissionChangeProof } from '../../../src-core/permission/lockout';
import { weightOf, type Permission } from '../../../src-core/permission/model';
import type { SigningVault } from '../consent/consented-signing';
import { CosignErrorCode, fail } from './errors';

export interface EnvelopeSignRequest {
  readonly envelope: Envelope;
  /** The permission the signature must count under (the chain's online, the envelope's offline). */
  readonly permission: Permission;
  /** From `signingAccount`. */
  readonly account: VaultAccount;
  /** Where that permission was read, for the refusal (" in the envelope"); empty for the chain's. */
  readonly where?: string;
  readonly proof?: PermissionChangeProof | undefined;
  readonly after: string;
}

/**
 * Adds one vault signature to an envelope: refused before anyone is asked when the account is not
 * a key of `permission` or already signed; otherwise signed through
 * `ConsentedSigning` (main's confirmation) and added, with the envelope verified again.
 */
/** The vault account that signs, refused before anything else when it holds no key. */
export function signingAccount(vault: Pick<SigningVault, 'listAccounts'>, accountId: string): VaultAccount {
  const account = vault.listAccounts().find((a) => a.id === accountId);
  if (!account || !signsHere(account))
    fail(
      CosignErrorCode.cannotSign,
      'Choose an account whose key the vault or a Ledger holds (a watch-only or offline key cannot sign here).',
    );
  return account;
}

export async function signEnvelope(vault: SigningVault, request: EnvelopeSignRequest): Promise<Envelope> {
  const { envelope, permission, account } = request;
  if (weightOf(permission, account.addressHex) === 0n)
    fail(
      CosignErrorCode.notAKey,
      `${account.label} (${account.address}) is not a key of permission ${permission.id} “${permission.name}”${request.where ?? ''}, so its signature would not count.`,
    );
  if (signingProgress(envelope, { permission }).signed.some((x) => x.address === account.addressHex))
    fail(CosignErrorCode.alreadySigned, `${account.label} has already signed this transaction.`);
  const signed = await vault.sign({
    transaction: envelope.transaction,
    envelope,
    accountId: account.id,
    permission,
    proof: request.proof,
    after: request.after,
  });
  const added = (signed.signature ?? []).filter((s) => !(envelope.transaction.signature ?? []).includes(s));
  if (added.length !== 1) fail(CosignErrorCode.alreadySigned, `${account.label} has already signed this transaction.`);
  const withSignature = addEnvelopeSignature(envelope, added[0]!);
  const record = vault.policyRecord?.(envelope.transaction.txID);
  if (!record) return withSignature;
  // The version this desk checked travels on; a desk without a node (the offline signer) read no
  // outflows, so the ones the envelope carried stay for the next desk.
  const outflows = record.outflows ?? envelope.policy?.outflows;
  return withPolicyRecord(withSignature, { version: record.version, ...(outflows ? { outflows } : {}) });
}
