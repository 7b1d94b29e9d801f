import { describe, expect, it } from 'vitest';
import { hardenedWebPreferences } from '../../../src-main/app/web-preferences';

describe('hardened web preferences', () => {
  it('turns on isolation and the sandbox and turns off Node, webviews and insecure content', () => {
    const prefs = hardenedWebPreferences('/app/out/preload/index.cjs', { devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      devTools: false,
    });
  });

  it('enables developer tools only when asked', () => {
    expect(hardenedWebPreferences('/p', { devTools: true }).devTools).toBe(true);
  });
});
