import { sha256 } from '@noble/hashes/sha2.js';
import type { Hex } from '../brand';
import { bytesToHex } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import { canonicalJson, toJsonSafe } from '../envelope/canonical';
import { PolicyError } from './errors';
import { POLICY_FORMAT, PolicyDocumentSchema, type PolicyDocument, type PolicyDocumentInput } from './document';

/**
 * The policy's bytes for hashing: the envelope's canonical JSON (sorted keys, no whitespace,
 * bigint as bare digits), so two desks holding the same rules always hash the same text.
 */
export function canonicalPolicyText(policy: PolicyDocument): string {
  return canonicalJson(policy);
}

/** sha256("tron-treasury-policy/1\n" ‖ canonical JSON): the prefix keeps it apart from any other hash the app makes. */
export function policyDigest(policy: PolicyDocument): Hex {
  return bytesToHex(sha256(utf8ToBytes(`${POLICY_FORMAT}\n${canonicalPolicyText(policy)}`)));
}

/** Checks a document built in memory or read from JSON; the first problem becomes one sentence. */
export function readPolicyDocument(value: unknown): PolicyDocument {
  const result = PolicyDocumentSchema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the document';
  throw new PolicyError(
    'POLICY_INVALID',
    `This treasury policy cannot be used: ${where} ${issue?.message ?? 'is not valid'}. Ask its author for a ` +
      'corrected file.',
    { path: where },
  );
}

export function definePolicy(input: PolicyDocumentInput): PolicyDocument {
  return readPolicyDocument(input);
}

/** Plain JSON (amounts as decimal strings) that `readPolicyDocument` reads back to the same digest. */
export function policyToJson(policy: PolicyDocument): unknown {
  return toJsonSafe(policy);
}
