import { describe, expect, it } from 'vitest';
import { appendAuditEntry, createAuditBundle, mergeAuditBundles, verifyAuditBundle } from '../../../src-core/audit';
import {
  envelopeFingerprint,
  mergeEnvelopes,
  parseEnvelope,
  serializeEnvelope,
  withAudit,
} from '../../../src-core/envelope';
import { EnvelopeError } from '../../../src-core/errors';
import { expectWalletError } from '../../fixtures/expect-error';
import { proposal } from '../envelope/helpers';
import { ACCOUNT, DESK_B, deskBundles } from './story';

const { a, b } = deskBundles();

describe('the envelope’s audit field', () => {
  it('travels through the envelope’s text and reads back as the same canonical bundle', () => {
    const carried = withAudit(proposal(), a);
    const read = parseEnvelope(serializeEnvelope(carried));
    expect(read.audit).toEqual(a);
    expect(serializeEnvelope(read)).toBe(serializeEnvelope(carried));
  });

  it('leaves an envelope without one as it was: older envelopes read unchanged', () => {
    const plain = proposal();
    expect(plain.audit).toBeUndefined();
    expect(serializeEnvelope(parseEnvelope(serializeEnvelope(plain)))).toBe(serializeEnvelope(plain));
    expect(serializeEnvelope(plain)).not.toContain('"audit"');
  });

  it('is outside the fingerprint: copies carrying different logs show the same words', () => {
    const words = envelopeFingerprint(proposal()).text;
    expect(envelopeFingerprint(withAudit(proposal(), a)).text).toBe(words);
    expect(envelopeFingerprint(withAudit(proposal(), mergeAuditBundles(a, b))).text).toBe(words);
  });

  it('merges copies’ logs as a set when their signatures are merged', () => {
    const merged = mergeEnvelopes([withAudit(proposal(), a), withAudit(proposal(), b), proposal()]);
    expect(merged.audit).toEqual(mergeAuditBundles(a, b));
  });

  it('reads an edited entry as it is, for the verification that names it (an import then refuses it)', async () => {
    const text = serializeEnvelope(withAudit(proposal(), a)).replace('"appVersion":"0.1.0"', '"appVersion":"0.1.00"');
    const edited = parseEnvelope(text).audit!;
    expect(await verifyAuditBundle(edited)).toMatchObject({
      ok: false,
      code: 'AUDIT_HASH_MISMATCH',
      entry: { seq: 0 },
    });
  });

  it('refuses a log of another account, one not in the bundle’s form, and copies whose logs fork', () => {
    const other = createAuditBundle(`41${'ab'.repeat(20)}`, [
      appendAuditEntry(null, {
        account: `41${'ab'.repeat(20)}`,
        desk: DESK_B,
        at: 1,
        body: { kind: 'proposal', proposer: ACCOUNT, appVersion: '1' },
      }),
    ]);
    expectWalletError(
      () => parseEnvelope(serializeEnvelope(withAudit(proposal(), other))),
      EnvelopeError,
      'ENVELOPE_BAD_AUDIT',
    );
    const shuffled = serializeEnvelope(withAudit(proposal(), b)).replace(
      '"format":"tron-wallet-audit"',
      '"format":"other"',
    );
    expectWalletError(() => parseEnvelope(shuffled), EnvelopeError, 'ENVELOPE_BAD_AUDIT');
    const forkAt0 = createAuditBundle(ACCOUNT, [
      appendAuditEntry(null, {
        account: ACCOUNT,
        desk: DESK_B,
        at: 9,
        body: { kind: 'proposal', proposer: ACCOUNT, appVersion: '2' },
      }),
    ]);
    expectWalletError(
      () => mergeEnvelopes([withAudit(proposal(), b), withAudit(proposal(), forkAt0)]),
      EnvelopeError,
      'ENVELOPE_AUDIT_FORK',
    );
  });
});
