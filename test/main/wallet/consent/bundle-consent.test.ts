import { describe, expect, it } from 'vitest';
import { bundleFingerprint } from '../../../../src-core/envelope';
import { Names } from '../../../../src-main/wallet/chain-knowledge/names';
import { bundleConsent } from '../../../../src-main/wallet/consent/bundle-consent';
import { consentPageHtml } from '../../../../src-main/app/consent-page';
import { K } from '../../../fixtures/permissions';
import { proposedBundle } from '../payouts/helpers';

const input = (count: number, thresholdSun = '1000000000') => ({
  bundle: proposedBundle(count),
  signer: { address: K.K2.base58, device: 'vault key “Treasury 2”' },
  names: new Names([], null),
  tokens: new Map(),
  policy: { passwordFor: 'above-amount' as const, thresholdSun },
});

describe('the confirmation of a bundle in main’s window', () => {
  it('shows the count, the total, the first and the largest rows, and every row in the list', () => {
    const request = bundleConsent({ ...input(12), ready: 0 });
    expect(request.kind).toBe('bundle');
    expect(request.title).toBe('Sign 12 transactions: 78 TRX');
    expect(request.approveLabel).toBe('Sign 12 transactions');
    const value = (label: string) => request.rows.filter((r) => r.label === label).map((r) => r.value);
    expect(value('Transactions')).toEqual(['12, each signed by this one approval']);
    expect(value('Total')).toEqual(['78 TRX in 12 rows']);
    expect(value('First row')[0]).toMatch(/^#1: 1 TRX to T\w{33} \(not in your vault or address book\)$/);
    expect(value('Largest').map((v) => v.split(':')[0])).toEqual(['#12', '#11', '#10']);
    expect(value('Ready before this')).toEqual(['0 of 12 rows at their threshold']);
    expect(request.list?.rows).toHaveLength(12);
    expect(request.list?.rows[4]).toEqual([
      '5',
      '5 TRX',
      expect.stringMatching(/^T\w{33} \(not in your vault or address book\)$/),
      'inv-5',
    ]);
    expect(request.fingerprint).toBe(bundleFingerprint(proposedBundle(12)).text);
  });

  it('asks for the password when the rows together pass the amount, though no row does alone', () => {
    expect(bundleConsent(input(6, '10000000')).password.required).toBe(true);
    expect(bundleConsent(input(6, '21000000')).password.required).toBe(false);
    expect(bundleConsent(input(1, '10000000')).password.required).toBe(false);
  });

  it('renders the list escaped in a scrolling box of the page', () => {
    const draft = bundleConsent(input(3));
    const html = consentPageHtml({
      ...draft,
      id: 'req',
      list: { ...draft.list!, rows: [...draft.list!.rows, ['4', '<img src=x>', 'to', 'ref']] },
    });
    expect(html).toContain('<div class="list" id="list" tabindex="0">');
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('what it is about to sign');
  });
});
