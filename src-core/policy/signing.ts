import { z } from 'zod';
import type { Hex, HexAddress } from '../brand';
import { toBase58Address } from '../address/address';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { KeyError } from '../errors';
import { hashMessageV2, signMessageV2 } from '../keys/message';
import { recoverAddress } from '../keys/keys';
import { OWNER_PERMISSION_ID, weightOf, type Permission } from '../permission/model';
import { policyDigest, readPolicyDocument } from './canonical';
import { PolicyError } from './errors';
import type { PolicyDocument } from './document';

/**
 * A policy is adopted when a quorum of the account's owner-permission keys signs it. Each key
 * signs a short text naming the account, the version and the document's digest, with TRON's
 * signMessageV2 (TIP-191: keccak256("\x19TRON Signed Message:\n" + length + text)), which the
 * vault and the Ledger's Tron app already sign and show: the person reads what they adopt, and the
 * message prefix keeps the signature from ever being valid for a transaction.
 */
export function policySigningMessage(policy: PolicyDocument, digest: Hex = policyDigest(policy)): string {
  return `TRON treasury policy\nAccount: ${policy.account}\nVersion: ${policy.version}\nDigest: ${digest}`;
}

/** The policy as it travels: the document, the digest its signers saw, their signatures (r‖s‖v hex). */
export interface SignedPolicy {
  readonly policy: PolicyDocument;
  readonly digest: Hex;
  readonly signatures: readonly Hex[];
}

const SignedPolicyFileSchema = z.strictObject({
  policy: z.unknown(),
  digest: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
  signatures: z.array(z.string().regex(/^(0x)?[0-9a-fA-F]{130}$/, 'must be 65 bytes of hex')).max(32),
});

export function readSignedPolicy(value: unknown): SignedPolicy {
  const result = SignedPolicyFileSchema.safeParse(value);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new PolicyError(
      'POLICY_INVALID',
      `This signed treasury policy cannot be read: ${issue?.path.join('.') || 'the file'} ${issue?.message ?? ''}.`.trim(),
    );
  }
  return {
    policy: readPolicyDocument(result.data.policy),
    digest: result.data.digest as Hex,
    signatures: result.data.signatures.map((s) => bytesToHex(hexToBytes(s, 'signature'))),
  };
}

/** A document no one has signed yet, carrying its own digest. */
export function unsignedPolicy(policy: PolicyDocument): SignedPolicy {
  return { policy, digest: policyDigest(policy), signatures: [] };
}

/** One owner key's signature over the policy (the vault and the Ledger sign the same message). */
export function signPolicy(policy: PolicyDocument, privateKey: Uint8Array): Hex {
  return bytesToHex(signMessageV2(policySigningMessage(policy), privateKey));
}

export function withPolicySignature(signed: SignedPolicy, signature: Hex): SignedPolicy {
  return { ...signed, signatures: [...signed.signatures, signature] };
}

export const POLICY_SIGNATURE_STATUS = {
  verified: 'verified',
  unsigned: 'unsigned',
  changed: 'changed',
  insufficient: 'insufficient-weight',
} as const;
export type PolicySignatureStatus = (typeof POLICY_SIGNATURE_STATUS)[keyof typeof POLICY_SIGNATURE_STATUS];

export interface PolicySigner {
  /** Undefined when the signature is damaged and names no one. */
  readonly address: HexAddress | undefined;
  /** Weight in the owner permission; 0 for a key outside it, or one that signed twice. */
  readonly weight: bigint;
}

export interface PolicySignatureReport {
  readonly status: PolicySignatureStatus;
  readonly message: string;
  /** The digest of the document as it is now. */
  readonly digest: Hex;
  readonly signers: readonly PolicySigner[];
  readonly weight: bigint;
  readonly threshold: bigint;
}

/**
 * Checks that the owner permission the account holds (as the desk read it from the chain) adopted
 * this document: the digest the signers saw must be the document's, and their owner-key weights
 * must reach the owner threshold. `owner` is the owner permission of `policy.account` itself: the
 * caller reads it for that account, since a permission does not carry its account's address.
 */
export function verifyPolicySignatures(signed: SignedPolicy, owner: Permission): PolicySignatureReport {
  if (owner.id !== OWNER_PERMISSION_ID || owner.type !== 'Owner') {
    throw new PolicyError(
      'POLICY_NOT_OWNER_PERMISSION',
      `A policy is adopted by the owner permission; permission ${owner.id} ("${owner.name}") was given instead.`,
    );
  }
  const digest = policyDigest(signed.policy);
  const { version, account } = signed.policy;
  const base = { digest, threshold: owner.threshold };
  if (signed.digest !== digest) {
    return {
      ...base,
      status: POLICY_SIGNATURE_STATUS.changed,
      signers: [],
      weight: 0n,
      message:
        `Treasury policy version ${version} for ${account} was changed after it was signed: its rules no ` +
        'longer match what the owners approved. Do not use it; ask the owners for the file they signed.',
    };
  }
  if (signed.signatures.length === 0) {
    return {
      ...base,
      status: POLICY_SIGNATURE_STATUS.unsigned,
      signers: [],
      weight: 0n,
      message:
        `Treasury policy version ${version} for ${account} carries no owner signatures, so no one has ` +
        `adopted it; it needs owner keys worth ${owner.threshold} to sign it.`,
    };
  }
  const hash = hashMessageV2(policySigningMessage(signed.policy, digest));
  const counted = new Set<string>();
  let weight = 0n;
  const signers = signed.signatures.map((signature): PolicySigner => {
    let address: HexAddress;
    try {
      address = recoverAddress(hash, hexToBytes(signature, 'signature'));
    } catch (error) {
      if (error instanceof KeyError) return { address: undefined, weight: 0n };
      throw error;
    }
    const keyWeight = counted.has(address) ? 0n : weightOf(owner, address);
    if (keyWeight > 0n) counted.add(address);
    weight += keyWeight;
    return { address, weight: keyWeight };
  });
  if (weight >= owner.threshold) {
    return {
      ...base,
      status: POLICY_SIGNATURE_STATUS.verified,
      signers,
      weight,
      message:
        `Treasury policy version ${version} for ${account} is signed by owner keys worth ${weight} of the ` +
        `${owner.threshold} needed.`,
    };
  }
  const outside = signers
    .filter((s) => s.address !== undefined && weightOf(owner, s.address) === 0n)
    .map((s) => toBase58Address(s.address!));
  const outsideText =
    outside.length === 0
      ? ''
      : ` Signed by keys outside the owner permission, which do not count: ${outside.join(', ')}.`;
  return {
    ...base,
    status: POLICY_SIGNATURE_STATUS.insufficient,
    signers,
    weight,
    message:
      `Treasury policy version ${version} for ${account} is signed by owner keys worth ${weight} of the ` +
      `${owner.threshold} needed; more owners must sign it before it applies.${outsideText}`,
  };
}
