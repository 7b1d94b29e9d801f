import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeDir, tempDir } from '../wallet/helpers';

/**
 * `startApp` against a stand-in for Electron. Every API the frame calls records what it received
 * in `electron.calls`, in order, so the tests can check what happened before `app.whenReady()`
 * resolved (which the test resolves by hand) and what main answers over IPC afterwards. The wallet
 * services are replaced by empty objects: only the app domain (info, openExplorer) is exercised.
 */
type Listener = (...args: unknown[]) => unknown;

const electron = vi.hoisted(() => {
  class FakeWebContents {
    constructor(readonly id: number) {}
    isDestroyed = () => false;
    send() {}
  }
  const state = {
    calls: [] as [string, ...unknown[]][],
    appListeners: new Map<string, Listener[]>(),
    powerListeners: new Map<string, Listener[]>(),
    ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    protocolHandlers: new Map<string, (request: { method: string; url: string }) => Promise<Response>>(),
    windows: [] as FakeWindow[],
    gotLock: true,
    isPackaged: true,
    offline: false,
    ready: null as null | { promise: Promise<void>; resolve: () => void },
    nextId: 1,
    FakeWebContents,
  };
  class FakeWindow {
    readonly webContents = new FakeWebContents(state.nextId++);
    readonly listeners = new Map<string, Listener[]>();
    destroyed = false;
    minimized = false;
    constructor(readonly options: Record<string, unknown>) {
      state.windows.push(this);
      state.calls.push(['new BrowserWindow', options]);
    }
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    once(name: string, listener: Listener) {
      return this.on(name, listener);
    }
    loadURL(url: string) {
      state.calls.push(['window.loadURL', url]);
      return Promise.resolve();
    }
    isDestroyed = () => this.destroyed;
    isMinimized = () => this.minimized;
    restore = () => void state.calls.push(['window.restore', this.webContents.id]);
    focus = () => void state.calls.push(['window.focus', this.webContents.id]);
    show = () => void state.calls.push(['window.show', this.webContents.id]);
    close() {
      this.destroyed = true;
      for (const listener of this.listeners.get('closed') ?? []) listener();
    }
  }
  return Object.assign(state, { FakeWindow });
});

vi.mock('electron', () => {
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void electron.calls.push([name, ...args]);
  return {
    app: {
      get isPackaged() {
        return electron.isPackaged;
      },
      on: (name: string, listener: Listener) => {
        electron.calls.push(['app.on', name]);
        electron.appListeners.set(name, [...(electron.appListeners.get(name) ?? []), listener]);
      },
      enableSandbox: record('app.enableSandbox'),
      requestSingleInstanceLock: () => (electron.calls.push(['app.requestSingleInstanceLock']), electron.gotLock),
      quit: record('app.quit'),
      exit: record('app.exit'),
      whenReady: () => {
        electron.calls.push(['app.whenReady']);
        return electron.ready!.promise;
      },
      getPath: (name: string) => `/fake/${name}`,
      getName: () => 'TRON Multisig Wallet',
      getVersion: () => '0.1.0',
    },
    BrowserWindow: electron.FakeWindow,
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
        void electron.ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => void electron.ipcHandlers.delete(channel),
    },
    protocol: {
      registerSchemesAsPrivileged: record('protocol.registerSchemesAsPrivileged'),
      handle: (scheme: string, handler: (request: { method: string; url: string }) => Promise<Response>) => {
        electron.calls.push(['protocol.handle', scheme]);
        electron.protocolHandlers.set(scheme, handler);
      },
    },
    powerMonitor: {
      on: (name: string, listener: Listener) =>
        void electron.powerListeners.set(name, [...(electron.powerListeners.get(name) ?? []), listener]),
    },
    session: {
      fromPartition: (name: string) => ({
        name,
        setPermissionRequestHandler: record('consentSession.setPermissionRequestHandler'),
        setPermissionCheckHandler: record('consentSession.setPermissionCheckHandler'),
        webRequest: { onBeforeRequest: record('consentSession.webRequest.onBeforeRequest') },
      }),
      defaultSession: {
        setPermissionRequestHandler: record('session.setPermissionRequestHandler'),
        setPermissionCheckHandler: record('session.setPermissionCheckHandler'),
        setDevicePermissionHandler: record('session.setDevicePermissionHandler'),
        on: record('session.on'),
        webRequest: { onBeforeRequest: record('session.webRequest.onBeforeRequest') },
      },
    },
    Menu: { buildFromTemplate: (template: unknown) => template, setApplicationMenu: record('Menu.setApplicationMenu') },
    shell: { openExternal: async (...args: unknown[]) => void electron.calls.push(['shell.openExternal', ...args]) },
    clipboard: { writeText: record('clipboard.writeText') },
    dialog: {},
  };
});

// The wallet domains are not under test here; createServices gets empty stand-ins for them.
vi.mock('../../../src-main/wallet', () => ({
  createWalletServices: async (options: { userDataDir: string }) => {
    electron.calls.push(['createWalletServices', options.userDataDir]);
    return {
      vault: { lock: (reason: string) => void electron.calls.push(['vault.lock', reason]) },
      node: { isOffline: () => electron.offline },
      accounts: {},
      permissions: {},
      transactions: {},
      contracts: {},
      tokens: {},
      cosign: {},
      addressBook: {},
      history: {},
      watchtower: {},
      fork: {},
      policy: {},
    };
  },
}));
vi.mock('../../../src-main/node', () => ({ createNode: async () => ({}) }));

const { startApp } = await import('../../../src-main/app/start');
const { createServices } = await import('../../../src-main/app/services');
const { contentSecurityPolicy } = await import('../../../src-main/app/csp');
const { createShutdownSequence } = await import('../../../src-main/app/shutdown');
const { createEventHub } = await import('../../../src-main/ipc/events');
const { events: eventSpecs } = await import('../../../src-core/ipc/contract');

const TXID = 'ab'.repeat(32);
const calledNames = () => electron.calls.map(([name]) => name);

let dir: string;
let outDir: string;
let signalListeners: { SIGINT: NodeJS.SignalsListener[]; SIGTERM: NodeJS.SignalsListener[] };
const savedRendererUrl = process.env.ELECTRON_RENDERER_URL;

beforeEach(async () => {
  electron.calls.length = 0;
  electron.appListeners.clear();
  electron.ipcHandlers.clear();
  electron.protocolHandlers.clear();
  electron.windows.length = 0;
  electron.gotLock = true;
  electron.isPackaged = true;
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  electron.ready = { promise, resolve };
  delete process.env.ELECTRON_RENDERER_URL;
  signalListeners = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  dir = await tempDir('start-');
  outDir = join(dir, 'main');
  await mkdir(outDir);
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>wallet</title>');
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  if (savedRendererUrl === undefined) delete process.env.ELECTRON_RENDERER_URL;
  else process.env.ELECTRON_RENDERER_URL = savedRendererUrl;
  // startApp installs SIGINT/SIGTERM listeners on this process; take them off again.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal))
      if (!signalListeners[signal].includes(listener)) process.off(signal, listener);
  }
  await removeDir(dir);
});

/** Starts the app, makes Electron "ready" and waits until the first window exists. */
async function startReady() {
  const context = startApp({ outDir });
  expect(context).not.toBeNull();
  electron.ready!.resolve();
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
  return { context: context!, window: electron.windows[0]! };
}

function emitApp(name: string, ...args: unknown[]) {
  for (const listener of electron.appListeners.get(name) ?? []) listener(...args);
}

/** What main answers to an `invoke` on `channel` from the given frame of the given webContents. */
async function invoke(
  channel: string,
  args: unknown,
  from: { contents: unknown; url: string | null; topFrame?: boolean },
) {
  const handler = electron.ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const senderFrame = from.url === null ? null : { url: from.url, parent: from.topFrame === false ? {} : null };
  return (await handler({ sender: from.contents, senderFrame }, args)) as {
    ok: boolean;
    value?: unknown;
    error?: { code: string };
  };
}

describe('startApp before Electron is ready', () => {
  it('registers app:// as a standard, secure, fetch-capable scheme and enables the sandbox before waiting for ready', () => {
    startApp({ outDir });
    const names = calledNames();
    const ready = names.indexOf('app.whenReady');
    expect(ready).toBeGreaterThan(-1);
    expect(names.indexOf('protocol.registerSchemesAsPrivileged')).toBeGreaterThan(-1);
    expect(names.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(ready);
    expect(names.indexOf('app.enableSandbox')).toBeGreaterThan(-1);
    expect(names.indexOf('app.enableSandbox')).toBeLessThan(ready);
    const [, schemes] = electron.calls.find(([name]) => name === 'protocol.registerSchemesAsPrivileged')!;
    expect(schemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }) },
    ]);
    // Nothing that needs a ready app has happened yet: no session, protocol handler or window.
    expect(
      names.filter((name) => name.startsWith('session.') || name === 'protocol.handle' || name === 'new BrowserWindow'),
    ).toEqual([]);
  });

  it('installs the content guards for every webContents before any window can exist', () => {
    startApp({ outDir });
    const names = calledNames();
    expect(electron.appListeners.get('web-contents-created')).toHaveLength(1);
    expect(names.indexOf('app.on')).toBeLessThan(names.indexOf('app.whenReady'));
    expect(
      electron.calls.findIndex(([name, event]) => name === 'app.on' && event === 'web-contents-created'),
    ).toBeLessThan(names.indexOf('app.whenReady'));
  });
});

describe('single-instance lock', () => {
  it('quits a second instance at once, before it opens anything', async () => {
    electron.gotLock = false;
    expect(startApp({ outDir })).toBeNull();
    const names = calledNames();
    expect(names).toContain('app.quit');
    expect(names.indexOf('app.requestSingleInstanceLock')).toBeLessThan(names.indexOf('app.quit'));
    electron.ready!.resolve();
    await new Promise((r) => setTimeout(r, 20));
    expect(names).not.toContain('app.whenReady');
    expect(electron.windows).toHaveLength(0);
    expect(electron.appListeners.size).toBe(0);
    expect(electron.ipcHandlers.size).toBe(0);
  });

  it('brings the first instance forward when a second one starts: restores a minimized window and focuses it', async () => {
    const { window } = await startReady();
    electron.calls.length = 0;
    emitApp('second-instance', {}, ['wallet'], '/');
    expect(electron.calls).toEqual([['window.focus', window.webContents.id]]);
    window.minimized = true;
    electron.calls.length = 0;
    emitApp('second-instance', {}, ['wallet'], '/');
    expect(electron.calls).toEqual([
      ['window.restore', window.webContents.id],
      ['window.focus', window.webContents.id],
    ]);
  });
});

describe('startApp once Electron is ready', () => {
  it('hardens the default session (permissions, devices, downloads, request filter) before the first window', async () => {
    await startReady();
    const names = calledNames();
    const firstWindow = names.indexOf('new BrowserWindow');
    for (const name of [
      'session.setPermissionRequestHandler',
      'session.setPermissionCheckHandler',
      'session.setDevicePermissionHandler',
      'session.webRequest.onBeforeRequest',
    ]) {
      expect(names.indexOf(name), name).toBeGreaterThan(-1);
      expect(names.indexOf(name), name).toBeLessThan(firstWindow);
    }
    expect(electron.calls).toContainEqual(['session.on', 'will-download', expect.any(Function)]);
  });

  it('opens the window on app://wallet/index.html with hardened preferences and no devtools, ignoring a dev server URL when packaged', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173';
    const { window } = await startReady();
    expect(electron.calls).toContainEqual(['window.loadURL', 'app://wallet/index.html']);
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      webSecurity: true,
      devTools: false,
    });
  });

  it('serves the renderer on app:// with the Content-Security-Policy header', async () => {
    await startReady();
    const handler = electron.protocolHandlers.get('app');
    expect(handler).toBeDefined();
    const response = await handler!({ method: 'GET', url: 'app://wallet/index.html' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>wallet</title>');
    const csp = response.headers.get('Content-Security-Policy');
    expect(csp).toBe(contentSecurityPolicy());
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-');
    expect((await handler!({ method: 'GET', url: 'app://wallet/missing.js' })).status).toBe(404);
  });
});

describe('IPC sender check tied to the app origin', () => {
  it('answers a call from the top frame of the app window on app://wallet', async () => {
    const { window } = await startReady();
    const result = await invoke('app:info', undefined, {
      contents: window.webContents,
      url: 'app://wallet/index.html#/accounts',
    });
    expect(result).toMatchObject({ ok: true, value: { name: 'TRON Multisig Wallet', version: '0.1.0' } });
  });

  it('refuses calls from another origin, a sub-frame, a vanished frame or a webContents the app did not create', async () => {
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173';
    const { window } = await startReady();
    const refusals = [
      { contents: window.webContents, url: 'https://evil.example/' },
      { contents: window.webContents, url: 'http://localhost:5173/' }, // packaged: the dev server is not trusted
      { contents: window.webContents, url: 'app://walletx/index.html' },
      { contents: window.webContents, url: 'app://wallet.evil/index.html' },
      { contents: window.webContents, url: 'file:///index.html' },
      { contents: window.webContents, url: 'app://wallet/index.html', topFrame: false },
      { contents: window.webContents, url: null },
      { contents: new electron.FakeWebContents(999), url: 'app://wallet/index.html' },
    ];
    for (const from of refusals) {
      expect(await invoke('app:info', undefined, from), JSON.stringify(from)).toMatchObject({
        ok: false,
        error: { code: 'IPC_UNTRUSTED_SENDER' },
      });
    }
  });

  it('refuses calls from a window once it has closed', async () => {
    const { window } = await startReady();
    window.close();
    expect(
      await invoke('app:info', undefined, { contents: window.webContents, url: 'app://wallet/index.html' }),
    ).toMatchObject({ ok: false, error: { code: 'IPC_UNTRUSTED_SENDER' } });
  });
});

describe('external links', () => {
  it('app:openExplorer opens only the tronscan URL main built, and only for the app window', async () => {
    const { window } = await startReady();
    const request = { network: 'nile', kind: 'transaction', txid: TXID };
    expect(
      await invoke('app:openExplorer', request, { contents: window.webContents, url: 'https://evil.example/' }),
    ).toMatchObject({ ok: false });
    expect(calledNames()).not.toContain('shell.openExternal');
    const result = await invoke('app:openExplorer', request, {
      contents: window.webContents,
      url: 'app://wallet/index.html',
    });
    expect(result).toEqual({ ok: true, value: { url: `https://nile.tronscan.org/#/transaction/${TXID}` } });
    expect(electron.calls.filter(([name]) => name === 'shell.openExternal')).toEqual([
      ['shell.openExternal', `https://nile.tronscan.org/#/transaction/${TXID}`, { activate: true }],
    ]);
  });

  it('app:openExplorer refuses a request that carries a URL instead of a transaction id', async () => {
    const { window } = await startReady();
    const result = await invoke(
      'app:openExplorer',
      { network: 'mainnet', kind: 'transaction', txid: TXID, url: 'https://evil.example/' },
      { contents: window.webContents, url: 'app://wallet/index.html' },
    );
    expect(result).toMatchObject({ ok: false });
    expect(calledNames()).not.toContain('shell.openExternal');
  });

  it("the service's openExternal (second gate) passes only https tronscan URLs to shell.openExternal", async () => {
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const services = await createServices(
      { log, events: createEventHub(eventSpecs), shutdown: createShutdownSequence(log) },
      { outDir },
    );
    for (const url of [
      'https://evil.example/',
      'http://tronscan.org/',
      'https://tronscan.org.evil.example/',
      'https://user@tronscan.org/',
      'https://tronscan.org:8443/',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      await expect(services.app.openExternal(url), url).rejects.toThrow(/allowlist/);
    }
    expect(calledNames()).not.toContain('shell.openExternal');
    await services.app.openExternal('https://tronscan.org/#/block/1');
    expect(electron.calls.filter(([name]) => name === 'shell.openExternal')).toEqual([
      ['shell.openExternal', 'https://tronscan.org/#/block/1', { activate: true }],
    ]);
  });

  it('opens no explorer page at all on an offline signer', async () => {
    const log = { info: () => {}, warn: () => {}, error: () => {} };
    const services = await createServices(
      { log, events: createEventHub(eventSpecs), shutdown: createShutdownSequence(log) },
      { outDir },
    );
    electron.offline = true;
    try {
      await expect(services.app.openExternal('https://tronscan.org/#/block/1')).rejects.toThrow(/offline signer/);
    } finally {
      electron.offline = false;
    }
    expect(calledNames()).not.toContain('shell.openExternal');
  });

  it('locks the vault when the computer goes to sleep or its screen locks', async () => {
    await startReady();
    for (const [event, reason] of [
      ['suspend', 'suspend'],
      ['lock-screen', 'screen-locked'],
    ] as const) {
      for (const listener of electron.powerListeners.get(event) ?? []) listener();
      expect(electron.calls.filter(([name]) => name === 'vault.lock').at(-1)).toEqual(['vault.lock', reason]);
    }
  });
});
