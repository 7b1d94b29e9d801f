import { describe, expect, it } from 'vitest';
import {
  isAllowedNavigation,
  isAllowedPermissionCheck,
  isAllowedPermissionRequest,
  isAllowedRequest,
  productionContentPolicy,
} from '../../../src-main/app/request-policy';

const dev = { appOrigin: 'app://wallet', devServerOrigin: 'http://localhost:5173' };

describe('request policy', () => {
  it('lets the app origin and internal schemes load, and nothing remote', () => {
    expect(isAllowedRequest('app://wallet/assets/a.js', productionContentPolicy)).toBe(true);
    expect(isAllowedRequest('devtools://devtools/bundled/inspector.html', productionContentPolicy)).toBe(true);
    expect(isAllowedRequest('data:image/png;base64,AAAA', productionContentPolicy)).toBe(true);
    for (const url of [
      'https://tronscan.org/',
      'http://127.0.0.1:8090/wallet/getnowblock',
      'wss://evil.example/',
      'file:///etc/passwd',
      'app://other/x',
      'chrome-extension://abc/x',
      'nonsense',
    ]) {
      expect(isAllowedRequest(url, productionContentPolicy), url).toBe(false);
    }
  });

  it('admits the dev server and its hot-reload socket only when one is configured', () => {
    expect(isAllowedRequest('http://localhost:5173/src/main.ts', dev)).toBe(true);
    expect(isAllowedRequest('ws://localhost:5173/', dev)).toBe(true);
    expect(isAllowedRequest('http://localhost:5174/', dev)).toBe(false);
    expect(isAllowedRequest('http://localhost:5173/', productionContentPolicy)).toBe(false);
  });

  it('refuses navigation away from the app', () => {
    expect(isAllowedNavigation('app://wallet/index.html#/about', productionContentPolicy)).toBe(true);
    expect(isAllowedNavigation('https://tronscan.org/#/transaction/ab', productionContentPolicy)).toBe(false);
    expect(isAllowedNavigation('app://wallet@evil/', productionContentPolicy)).toBe(false);
    expect(isAllowedNavigation('javascript:alert(1)', productionContentPolicy)).toBe(false);
    expect(isAllowedNavigation('http://localhost:5173/', dev)).toBe(true);
  });

  it('refuses the page every clipboard permission, to its own top frame too: app:copy is the one way to the clipboard', () => {
    const own = { requestingUrl: 'app://wallet/index.html', isMainFrame: true };
    for (const permission of ['clipboard-sanitized-write', 'clipboard-read', 'deprecated-sync-clipboard-read']) {
      expect(isAllowedPermissionRequest(permission, own, productionContentPolicy)).toBe(false);
      expect(isAllowedPermissionCheck(permission, 'app://wallet', { isMainFrame: true }, productionContentPolicy)).toBe(
        false,
      );
    }
  });
});
