import { describe, expect, it } from 'vitest';
import { createAppRouter, offlineRedirect, redirectFor, safeReturn } from '../../src-renderer/router';

describe('router', () => {
  it('uses the URL fragment, so app://wallet/index.html is the only file ever loaded', async () => {
    const router = createAppRouter();
    await router.push('/about');
    expect(router.currentRoute.value.name).toBe('about');
    expect(window.location.hash).toBe('#/about');
    expect(document.title).toBe('About · TRON Multisig Wallet');
  });

  it('sends unknown paths home', async () => {
    const router = createAppRouter();
    await router.push('/does/not/exist');
    expect(router.currentRoute.value.name).toBe('home');
  });

  it('leads the old Activity screen to the one History screen', async () => {
    const router = createAppRouter();
    await router.push('/activity');
    expect(router.currentRoute.value.name).toBe('history');
  });

  it('keeps an offline signer on its own page, set-up, unlock, Security and About: no screen that needs a node', async () => {
    let offline = true;
    const router = createAppRouter({
      state: async () => ({ initialized: true, locked: false }),
      offline: async () => offline,
    });
    for (const path of ['/', '/node', '/cosign', '/build/trx-transfer', '/history', '/watch']) {
      await router.push(path);
      expect(router.currentRoute.value.name, path).toBe('offline');
    }
    for (const [path, name] of [
      ['/security', 'security'],
      ['/about', 'about'],
      ['/offline', 'offline'],
    ] as const) {
      await router.push(path);
      expect(router.currentRoute.value.name, path).toBe(name);
    }
    offline = false;
    await router.push('/cosign');
    expect(router.currentRoute.value.name).toBe('cosign');
    expect(offlineRedirect({ meta: { vault: 'locked', offline: true } }, true)).toBeNull();
    expect(offlineRedirect({ meta: { vault: 'unlocked' } }, false)).toBeNull();
  });

  it('keeps the accounts behind an unlocked vault and the node screen open to everyone', async () => {
    let vault: { initialized: boolean; locked: boolean } | null = { initialized: false, locked: true };
    const router = createAppRouter({ state: async () => vault });
    await router.push('/');
    expect(router.currentRoute.value.name).toBe('welcome');
    await router.push('/node');
    expect(router.currentRoute.value.name).toBe('node');
    vault = { initialized: true, locked: true };
    await router.push('/');
    expect(router.currentRoute.value.name).toBe('unlock');
    vault = { initialized: true, locked: false };
    await router.push('/welcome');
    expect(router.currentRoute.value.name).toBe('home');
    expect(document.title).toBe('Accounts · TRON Multisig Wallet');
  });

  it('keeps a page away when the vault locks while the page is still loading', async () => {
    // The first check (before the page's code loads) finds the vault open, the next one locked.
    let checks = 0;
    const router = createAppRouter({
      state: async () => ({ initialized: true, locked: checks++ > 0 }),
    });
    await router.push('/history');
    expect(router.currentRoute.value.name).toBe('unlock');
    expect(checks).toBeGreaterThan(1);
  });
});

describe('vault redirects', () => {
  it.each([
    ['unlocked', null, '/welcome'],
    ['unlocked', { initialized: false, locked: true }, '/welcome'],
    ['unlocked', { initialized: true, locked: true }, '/unlock'],
    ['unlocked', { initialized: true, locked: false }, null],
    ['setup', { initialized: false, locked: true }, null],
    ['setup', { initialized: true, locked: false }, '/'],
    ['setup', { initialized: true, locked: true }, '/unlock'],
    ['locked', { initialized: true, locked: true }, null],
    ['locked', { initialized: true, locked: false }, '/'],
    ['none', null, null],
  ] as const)('a route needing %s with vault %j goes to %s', (need, vault, target) => {
    expect(redirectFor({ meta: { vault: need } }, vault)).toBe(target);
  });
});

describe('returning after an unlock', () => {
  it('sends a locked visit to the unlock screen with the page to come back to', async () => {
    const router = createAppRouter({ state: async () => ({ initialized: true, locked: true }) });
    await router.push('/cosign/env_00000000000000aa');
    expect(router.currentRoute.value.name).toBe('unlock');
    expect(router.currentRoute.value.query.return).toBe('/cosign/env_00000000000000aa');
  });

  it('comes back only to a path of this app', () => {
    expect(safeReturn('/cosign/env_00000000000000aa')).toBe('/cosign/env_00000000000000aa');
    for (const bad of ['//evil.example/x', 'https://evil.example', '/unlock?return=/x', '/', ['/'], undefined]) {
      expect(safeReturn(bad)).toBeNull();
    }
  });
});
