import { describe, expect, it } from 'vitest';
import { channels, type Channels } from '@core/ipc/contract';
import { createAppHandlers, processAppInfo } from '@main/ipc/handlers/app';
import { createHandlers } from '@main/ipc/handlers';
import { createIpcRegistry, type HandlerMap } from '@main/ipc/registry';
import { serviceDoubles } from '../../../fixtures/service-doubles';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

function appRegistry(opened: string[]) {
  const handlers = createHandlers({
    ...serviceDoubles(),
    app: { info: () => processAppInfo('wallet', '1.2.3'), openExternal: async (url) => void opened.push(url) },
  });
  return createIpcRegistry({
    channels,
    handlers,
    isTrustedSender: () => true,
    log: { info() {}, warn() {}, error() {} },
  });
}

describe('app handlers', () => {
  it('answers app:info with the process platform and runtime versions', async () => {
    const reply = await appRegistry([]).call('app:info', undefined, trusted);
    expect(reply).toEqual({
      ok: true,
      value: {
        name: 'wallet',
        version: '1.2.3',
        platform: process.platform,
        arch: process.arch,
        runtime: { node: process.versions.node, electron: null, chrome: null },
      },
    });
  });

  it('refuses an argument to app:info', async () => {
    await expect(appRegistry([]).call('app:info', { x: 1 }, trusted)).resolves.toMatchObject({
      ok: false,
      error: { name: 'ValidationError' },
    });
  });

  it('opens the link main built and returns it', async () => {
    const opened: string[] = [];
    const reply = await appRegistry(opened).call(
      'app:openExplorer',
      { network: 'mainnet', kind: 'block', number: 7 },
      trusted,
    );
    expect(reply).toEqual({ ok: true, value: { url: 'https://tronscan.org/#/block/7' } });
    expect(opened).toEqual(['https://tronscan.org/#/block/7']);
  });

  it('never opens anything for a request carrying its own URL', async () => {
    const opened: string[] = [];
    const reply = await appRegistry(opened).call(
      'app:openExplorer',
      { network: 'mainnet', kind: 'block', number: 7, url: 'https://evil.example' },
      trusted,
    );
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    expect(opened).toEqual([]);
  });

  it('covers every channel of the contract', () => {
    const handlers = createHandlers({
      ...serviceDoubles(),
      app: { info: () => processAppInfo('w', '1'), openExternal: async () => {} },
    });
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(channels).sort());
    // Compile-time check, run by `npm run typecheck`: a map without every channel is an error.
    // @ts-expect-error app:openExplorer is missing
    const partial: HandlerMap<Channels> = {
      'app:info': createAppHandlers({ info: () => processAppInfo('w', '1'), openExternal: async () => {} })['app:info'],
    };
    expect(Object.keys(partial)).toEqual(['app:info']);
  });
});
