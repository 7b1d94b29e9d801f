import { addBundleSignatures, bundleProgress, SignerMemo, type EnvelopeBundle } from '../../../src-core/envelope';
import { weightOf, type Permission } from '../../../src-core/permission/model';
import type {
  BundleConsentVault,
  BundleSignRequest,
  ConsentedBundleSigning,
} from '../consent/consented-bundle-signing';
import { CosignErrorCode, fail } from '../cosign/errors';
import { signingAccount } from '../cosign/sign-envelope';

export interface BundleSignInput {
  readonly bundle: EnvelopeBundle;
  /** The permission the signatures must count under (the chain's online). */
  readonly permission: Permission;
  readonly accountId: string;
  readonly after?: string;
  readonly onProgress?: BundleSignRequest['onProgress'];
  /** Where the signers recovered along the way are kept (a fresh one when not given). */
  readonly signers?: SignerMemo;
}

export interface SignedBundle {
  readonly bundle: EnvelopeBundle;
  /** Rows this key signed now. */
  readonly signed: number;
  /**
   * Rows at their threshold under `permission` once these signatures are added, counted from the
   * signers this signing recovered: asking `bundleProgress` afresh would recover every signature again.
   */
  readonly ready: number;
  /** A Ledger that stopped part way: the row and why (the rows before it are signed). */
  readonly stopped: { readonly row: number; readonly code: string; readonly message: string } | null;
}

/**
 * One key's signatures on every row of a bundle, through one approval on main's window: refused
 * before anyone is asked when the account holds no key of the permission; rows the key already
 * signed are left as they are; every new signature is checked against its row as it is added.
 * Each signature already on a row is recovered once, for the progress, and that answer serves the
 * vault's already-signed check and the check of the row's signatures once the new one is added.
 */
export async function signBundle(
  vault: Pick<BundleConsentVault, 'listAccounts'>,
  signing: Pick<ConsentedBundleSigning, 'sign'>,
  input: BundleSignInput,
): Promise<SignedBundle> {
  const account = signingAccount(vault, input.accountId);
  const { bundle, permission } = input;
  if (weightOf(permission, account.addressHex) === 0n)
    fail(
      CosignErrorCode.notAKey,
      `${account.label} (${account.address}) is not a key of permission ${permission.id} “${permission.name}”, so its signatures would not count.`,
    );
  const signers = input.signers ?? new SignerMemo();
  const progress = bundleProgress(bundle, { permission, signers });
  const skip = new Set(
    progress.rows.flatMap((p, i) => (p.signed.some((s) => s.address === account.addressHex) ? [i] : [])),
  );
  if (skip.size === bundle.rows.length)
    fail(CosignErrorCode.alreadySigned, `${account.label} has already signed every row of this bundle.`);
  const result = await signing.sign({
    bundle,
    accountId: account.id,
    skip,
    ready: progress.ready,
    signers,
    ...(input.after ? { after: input.after } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
  });
  const signed = addBundleSignatures(bundle, result.signatures, { signers });
  return {
    bundle: signed,
    signed: result.signatures.filter((s) => s !== null).length,
    ready: bundleProgress(signed, { permission, signers }).ready,
    stopped: result.stopped,
  };
}
