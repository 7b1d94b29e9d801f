import { describe, expect, it } from 'vitest';
import { policyDigest, policyToJson, readPolicyDocument } from '@core/policy/canonical';
import {
  POLICY_SIGNATURE_STATUS,
  readSignedPolicy,
  signPolicy,
  unsignedPolicy,
  verifyPolicySignatures,
  withPolicySignature,
  type SignedPolicy,
} from '@core/policy/signing';
import { canonicalJson, toJsonSafe } from '@core/envelope/canonical';
import { PolicyError } from '@core/policy/errors';
import { OUTSIDER, keys, ownerPermission, policyWith, TRX } from './helpers';

const policy = policyWith({ assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: 250_000n * TRX }] });
const [keyA, keyB, keyC, outsiderKey] = keys as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];

function signedBy(...signers: Uint8Array[]): SignedPolicy {
  return signers.reduce((doc, key) => withPolicySignature(doc, signPolicy(policy, key)), unsignedPolicy(policy));
}

/** Through plain JSON text and back, as the file travels between desks. */
function roundTrip(signed: SignedPolicy): SignedPolicy {
  return readSignedPolicy(JSON.parse(JSON.stringify(toJsonSafe({ ...signed, policy: policyToJson(signed.policy) }))));
}

describe('policy signatures', () => {
  it('is verified when owner keys reaching the threshold signed it, also after travelling as JSON', () => {
    const report = verifyPolicySignatures(roundTrip(signedBy(keyA, keyC)), ownerPermission);
    expect(report.status).toBe(POLICY_SIGNATURE_STATUS.verified);
    expect(report.weight).toBe(2n);
    expect(report.message).toMatch(/worth 2 of the 2 needed/);
  });

  it('is unsigned when no one signed it', () => {
    const report = verifyPolicySignatures(unsignedPolicy(policy), ownerPermission);
    expect(report.status).toBe(POLICY_SIGNATURE_STATUS.unsigned);
    expect(report.message).toMatch(/carries no owner signatures/);
  });

  it('is changed when one byte of the rules differs from what was signed', () => {
    const file = JSON.stringify(toJsonSafe({ ...signedBy(keyA, keyB), policy: policyToJson(policy) }));
    const edited = file.replace('"250000000000"', '"250000000001"');
    expect(edited).not.toBe(file);
    const report = verifyPolicySignatures(readSignedPolicy(JSON.parse(edited)), ownerPermission);
    expect(report.status).toBe(POLICY_SIGNATURE_STATUS.changed);
    expect(report.message).toMatch(/changed after it was signed/);
  });

  it('does not count signatures over an older digest when the digest is rewritten to match the edit', () => {
    const signed = signedBy(keyA, keyB);
    const edited = readPolicyDocument({ ...(policyToJson(policy) as object), version: 4 });
    const report = verifyPolicySignatures({ ...signed, policy: edited, digest: policyDigest(edited) }, ownerPermission);
    expect(report.status).toBe(POLICY_SIGNATURE_STATUS.insufficient);
    expect(report.weight).toBe(0n);
  });

  it('has insufficient weight when only one of two owner keys signed', () => {
    const report = verifyPolicySignatures(signedBy(keyB), ownerPermission);
    expect(report.status).toBe(POLICY_SIGNATURE_STATUS.insufficient);
    expect(report.message).toMatch(/worth 1 of the 2 needed; more owners must sign/);
  });

  it('does not count a key outside the owner permission and names it', () => {
    const report = verifyPolicySignatures(signedBy(keyA, outsiderKey), ownerPermission);
    expect(report.status).toBe(POLICY_SIGNATURE_STATUS.insufficient);
    expect(report.weight).toBe(1n);
    expect(report.message).toContain(OUTSIDER);
  });

  it('counts a key that signed twice once', () => {
    const report = verifyPolicySignatures(signedBy(keyA, keyA), ownerPermission);
    expect(report.status).toBe(POLICY_SIGNATURE_STATUS.insufficient);
    expect(report.signers.map((s) => s.weight)).toEqual([1n, 0n]);
  });

  it('refuses to weigh against a permission other than the owner', () => {
    expect(() => verifyPolicySignatures(signedBy(keyA), { ...ownerPermission, type: 'Active', id: 2 })).toThrow(
      PolicyError,
    );
  });
});

describe('policy digest', () => {
  it('is the same whatever order the members were written in', () => {
    const json = policyToJson(policy) as Record<string, unknown>;
    const reversed = Object.fromEntries(Object.entries(json).reverse());
    expect(policyDigest(readPolicyDocument(reversed))).toBe(policyDigest(policy));
    expect(canonicalJson(policy)).toContain('"dailyCap":250000000000');
  });
});
