import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EnvelopeError } from '../../../src-core/errors';
import {
  addEnvelopeSignature,
  mergeEnvelopes,
  serializeEnvelope,
  signingProgress,
  type Envelope,
} from '../../../src-core/envelope';
import { expectWalletError } from '../../fixtures/expect-error';
import { K } from '../../fixtures/permissions';
import { MAINNET, NILE, active, multisig, mutable, proposal, sign, trigger, unsignedOf } from './helpers';

const signatures = {
  K1: sign(multisig.txID, K.K1.private_key),
  K2: multisig.signatures_lowercase[0] as string,
  K3: multisig.signatures_lowercase[1] as string,
};
const signedBy = (...who: (keyof typeof signatures)[]) =>
  who.reduce<Envelope>((e, k) => addEnvelopeSignature(e, signatures[k]), proposal());

describe('mergeEnvelopes', () => {
  it('combines the signatures of co-signers who each signed their own copy', () => {
    const merged = mergeEnvelopes([signedBy('K2'), signedBy('K3')]);
    expect(signingProgress(merged)).toMatchObject({ currentWeight: 2n, thresholdMet: true });
    expect(merged.transaction.signature).toHaveLength(2);
  });

  it('gives the same envelope whatever the order', () => {
    const a = signedBy('K2');
    const b = signedBy('K3');
    const c = signedBy('K1');
    const text = serializeEnvelope(mergeEnvelopes([a, b, c]));
    expect(serializeEnvelope(mergeEnvelopes([c, a, b]))).toBe(text);
    expect(serializeEnvelope(mergeEnvelopes([b, mergeEnvelopes([c, a])]))).toBe(text);
  });

  it('drops duplicate signatures', () => {
    const merged = mergeEnvelopes([signedBy('K2'), signedBy('K2', 'K3'), signedBy('K2')]);
    expect(merged.transaction.signature).toEqual([signatures.K3, signatures.K2]);
  });

  it('keeps one signature per signer even when a signer signed twice with different bytes', () => {
    const low = signatures.K2;
    // The same (r, s) with v written as 0/1 instead of 27/28 is another valid encoding.
    const other = low.slice(0, 128) + (parseInt(low.slice(128), 16) - 27).toString(16).padStart(2, '0');
    const a = mergeEnvelopes([addEnvelopeSignature(proposal(), low), addEnvelopeSignature(proposal(), other)]);
    const b = mergeEnvelopes([addEnvelopeSignature(proposal(), other), addEnvelopeSignature(proposal(), low)]);
    expect(a.transaction.signature).toEqual([other < low ? other : low]);
    expect(serializeEnvelope(a)).toBe(serializeEnvelope(b));
  });

  it('fills in the permission snapshot from the copy that has it, then checks every signature against it', () => {
    const bare = addEnvelopeSignature(proposal({ permission: undefined }), signatures.K3);
    const merged = mergeEnvelopes([bare, signedBy('K2')]);
    expect(merged.permission?.id).toBe(2);
    const foreign = addEnvelopeSignature(proposal({ permission: undefined }), sign(multisig.txID, K.K_ONE.private_key));
    expectWalletError(() => mergeEnvelopes([foreign, signedBy('K2')]), EnvelopeError, 'ENVELOPE_FOREIGN_SIGNATURE');
  });

  it('refuses envelopes of different transactions', () => {
    const other = proposal({ transaction: unsignedOf(trigger) });
    expectWalletError(() => mergeEnvelopes([signedBy('K2'), other]), EnvelopeError, 'ENVELOPE_TXID_DIFFERS');
  });

  it('refuses envelopes for different networks', () => {
    expectWalletError(
      () => mergeEnvelopes([signedBy('K2'), proposal({ network: MAINNET })]),
      EnvelopeError,
      'ENVELOPE_NETWORK_DIFFERS',
    );
    expectWalletError(
      () => mergeEnvelopes([signedBy('K2'), proposal({ network: { ...NILE, name: 'Nile' } })]),
      EnvelopeError,
      'ENVELOPE_NETWORK_DIFFERS',
    );
  });

  it('refuses envelopes of different proposals or permissions', () => {
    expectWalletError(
      () => mergeEnvelopes([signedBy('K2'), proposal({ note: 'changed' })]),
      EnvelopeError,
      'ENVELOPE_CONTEXT_DIFFERS',
    );
    expectWalletError(
      () => mergeEnvelopes([signedBy('K2'), proposal({ createdAt: 5 })]),
      EnvelopeError,
      'ENVELOPE_CONTEXT_DIFFERS',
    );
    const looser = proposal({ permission: { ...active, threshold: 1n } });
    expectWalletError(() => mergeEnvelopes([signedBy('K2'), looser]), EnvelopeError, 'ENVELOPE_PERMISSION_DIFFERS');
    expectWalletError(
      () =>
        mergeEnvelopes([
          proposal({ abi: [{ type: 'function', name: 'a' }] }),
          proposal({ abi: [{ type: 'function', name: 'b' }] }),
        ]),
      EnvelopeError,
      'ENVELOPE_CONTEXT_DIFFERS',
    );
  });

  it('re-verifies every input', () => {
    const tampered = mutable(signedBy('K2'));
    tampered.summary.amounts[0].sun = '1';
    expectWalletError(() => mergeEnvelopes([tampered, signedBy('K3')]), EnvelopeError, 'ENVELOPE_SUMMARY_MISMATCH');
  });

  it('refuses an empty list', () => {
    expectWalletError(() => mergeEnvelopes([]), EnvelopeError, 'ENVELOPE_NOTHING_TO_MERGE');
  });

  it('is commutative and idempotent over any split of the signatures (property)', () => {
    const signer = fc.constantFrom<keyof typeof signatures>('K1', 'K2', 'K3');
    const copies = fc.array(fc.uniqueArray(signer, { maxLength: 3 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(copies, fc.context(), (split, ctx) => {
        const envelopes = split.map((who) => signedBy(...who));
        const forward = serializeEnvelope(mergeEnvelopes(envelopes));
        const backward = serializeEnvelope(mergeEnvelopes([...envelopes].reverse()));
        ctx.log(forward);
        expect(backward).toBe(forward);
        expect(serializeEnvelope(mergeEnvelopes([...envelopes, ...envelopes]))).toBe(forward);
        const expected = new Set(split.flat());
        expect(mergeEnvelopes(envelopes).transaction.signature ?? []).toHaveLength(expected.size);
      }),
      { numRuns: 40 },
    );
  });

  it('is order-independent under random permutations (property)', () => {
    const all = [signedBy('K1'), signedBy('K2'), signedBy('K3'), signedBy('K2', 'K3')];
    const text = serializeEnvelope(mergeEnvelopes(all));
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), (order) => {
        expect(serializeEnvelope(mergeEnvelopes(order))).toBe(text);
      }),
      { numRuns: 30 },
    );
  });
});
