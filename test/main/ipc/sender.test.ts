import { describe, expect, it } from 'vitest';
import { isTrustedSender, originOf, type SenderInfo } from '../../../src-main/ipc/sender';

const policy = { origin: 'app://wallet' };
const top = (url: string | null, extra: Partial<SenderInfo> = {}): SenderInfo => ({
  url,
  isTopFrame: true,
  isAppWindow: true,
  ...extra,
});

describe('sender check', () => {
  it('trusts the top frame of an app window on the app origin', () => {
    expect(isTrustedSender(top('app://wallet/index.html#/about'), policy)).toBe(true);
    expect(isTrustedSender(top('APP://WALLET/index.html'), policy)).toBe(true);
  });

  it('refuses subframes, foreign windows and frames that are gone', () => {
    expect(isTrustedSender(top('app://wallet/index.html', { isTopFrame: false }), policy)).toBe(false);
    expect(isTrustedSender(top('app://wallet/index.html', { isAppWindow: false }), policy)).toBe(false);
    expect(isTrustedSender(top(null), policy)).toBe(false);
  });

  it.each([
    'https://evil.example/',
    'app://evil/index.html',
    'app://wallet.evil.example/',
    'app://wallet:444/index.html',
    'app://user@wallet/index.html',
    'file:///opt/wallet/out/renderer/index.html',
    'about:blank',
    'data:text/html,<p>x</p>',
    'not a url',
  ])('refuses a sender at %s', (url) => {
    expect(isTrustedSender(top(url), policy)).toBe(false);
  });

  it('works with the harness origin in the same way', () => {
    const harness = { origin: 'http://127.0.0.1:4000' };
    expect(isTrustedSender(top('http://127.0.0.1:4000/index.html#/'), harness)).toBe(true);
    expect(isTrustedSender(top('http://127.0.0.1:4001/index.html'), harness)).toBe(false);
    expect(isTrustedSender(top('http://localhost:4000/index.html'), harness)).toBe(false);
  });

  it('computes origins for custom schemes, which Node reports as "null"', () => {
    expect(new URL('app://wallet/x').origin).toBe('null');
    expect(originOf('app://wallet/x')).toBe('app://wallet');
    expect(originOf('app://u:p@wallet/x')).toBeNull();
    expect(originOf('about:blank')).toBeNull();
  });
});
