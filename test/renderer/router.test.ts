import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../src-renderer/router';

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
});
