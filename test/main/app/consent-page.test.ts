import { describe, expect, it } from 'vitest';
import { CONSENT_PAGE_CSP, consentPageHtml, escapeHtml } from '../../../src-main/app/consent-page';
import type { ConsentRequest } from '../../../src-main/wallet/consent/consent-request';

const request: ConsentRequest = {
  id: '0123456789abcdef0123456789abcdef',
  kind: 'transaction',
  title: 'Sign: Send 5 TRX to <script>alert(1)</script>',
  rows: [
    { label: 'Memo', value: '"><img src=x onerror=alert(1)>' },
    { label: 'To', value: 'TXYZ', monospace: true },
  ],
  warnings: ['Read <this>'],
  fingerprint: 'alpha beta gamma delta epsilon zeta eta theta',
  password: { required: true, reason: 'Policy & more' },
  typedConfirmation: 'KEYS HELD ELSEWHERE',
  approveLabel: 'Sign',
};

describe('consent page', () => {
  it('escapes every value, so text from a transaction cannot become markup', () => {
    const html = consentPageHtml(request);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('says the wallet is about to sign a transaction, and about to change a setting', () => {
    expect(consentPageHtml(request)).toContain('from what it is about to sign;');
    expect(consentPageHtml({ ...request, kind: 'wallet-setting' })).toContain('from what it is about to change;');
  });

  it('carries no script and a policy under which the page can load and run nothing', () => {
    const html = consentPageHtml(request);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(CONSENT_PAGE_CSP).toContain("default-src 'none'");
    expect(CONSENT_PAGE_CSP).toContain("script-src 'none'");
    expect(CONSENT_PAGE_CSP).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
  });

  it('names the request it answers and shows the fingerprint, the password and the phrase fields', () => {
    const html = consentPageHtml(request, { reason: 'The password is wrong. Try again.' });
    expect(html).toContain('data-request="0123456789abcdef0123456789abcdef"');
    expect(html).toContain('alpha beta gamma delta epsilon zeta eta theta');
    expect(html).toContain('id="password" name="password" type="password"');
    expect(html).toContain('Type KEYS HELD ELSEWHERE to approve');
    expect(html).toContain('The password is wrong. Try again.');
  });

  it('shows one plain text field per word main asks for, labelled by its position, in order', () => {
    const html = consentPageHtml({
      ...request,
      kind: 'vault-setting',
      password: { required: false, reason: 'Only the words.' },
      typedConfirmation: undefined,
      wordPrompts: ['word 3', 'word 8', 'word 11'],
    });
    const fields = [...html.matchAll(/<label for="(word-\d)">([^<]*)<\/label><input id="(word-\d)"[^>]*>/g)];
    expect(fields.map((m) => [m[1], m[2], m[3]])).toEqual([
      ['word-1', 'word 3', 'word-1'],
      ['word-2', 'word 8', 'word-2'],
      ['word-3', 'word 11', 'word-3'],
    ]);
    expect(fields.every((m) => /data-word autocomplete="off"/.test(m[0]) && !/type="password"/.test(m[0]))).toBe(true);
    expect(consentPageHtml(request)).not.toContain('data-word');
  });

  it('shows no password field when the policy does not ask for one', () => {
    const html = consentPageHtml({
      ...request,
      password: { required: false, reason: 'small' },
      typedConfirmation: undefined,
    });
    expect(html).not.toContain('type="password"');
    expect(html).not.toContain('id="typed"');
  });
});
