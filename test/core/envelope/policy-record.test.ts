import { describe, expect, it } from 'vitest';
import {
  envelopeFingerprint,
  mergeEnvelopes,
  parseEnvelope,
  serializeEnvelope,
  withPolicyRecord,
  type EnvelopePolicyRecord,
} from '../../../src-core/envelope';
import { EnvelopeError } from '../../../src-core/errors';
import { expectWalletError } from '../../fixtures/expect-error';
import { mutable, proposal } from './helpers';

const record: EnvelopePolicyRecord = {
  version: 3,
  outflows: [{ time: 1_700_000_000_000, asset: 'TRX', amount: '4000000' }],
};

describe('the policy record', () => {
  it('is optional: an envelope written without it parses and carries none', () => {
    const old = mutable(proposal());
    expect('policy' in old).toBe(false);
    expect(parseEnvelope(JSON.stringify(old)).policy).toBeUndefined();
  });

  it('travels through text and leaves the fingerprint as it was', () => {
    const plain = proposal();
    const recorded = withPolicyRecord(plain, record);
    const read = parseEnvelope(serializeEnvelope(recorded));
    expect(read.policy).toEqual(record);
    expect(envelopeFingerprint(read).text).toBe(envelopeFingerprint(plain).text);
  });

  it('keeps the newest version when desks that checked different versions merge', () => {
    const older = withPolicyRecord(proposal(), { version: 2 });
    const newer = withPolicyRecord(proposal(), record);
    expect(mergeEnvelopes([older, newer]).policy).toEqual(record);
    expect(mergeEnvelopes([newer, older, proposal()]).policy).toEqual(record);
  });

  it('refuses a record that is not one, naming the field', () => {
    const json = mutable(proposal());
    json.policy = { version: 0, outflows: [{ time: 1, asset: 'TRX', amount: '-5' }] };
    expectWalletError(() => parseEnvelope(JSON.stringify(json)), EnvelopeError, 'ENVELOPE_BAD_POLICY');
  });
});
