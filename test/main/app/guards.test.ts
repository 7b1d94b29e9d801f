import type { Session } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../src-main/ipc/logger';

/**
 * The guards run against a stand-in for Electron: `app.on` keeps its listeners so the test can
 * fire `web-contents-created` with a fake webContents, and the session stub keeps every handler
 * the guards install. Each test then calls those handlers as Electron would and checks the answer.
 */
const electron = vi.hoisted(() => ({
  appListeners: new Map<string, ((...args: unknown[]) => unknown)[]>(),
  openExternal: [] as unknown[],
}));

vi.mock('electron', () => ({
  app: {
    on: (name: string, listener: (...args: unknown[]) => unknown) => {
      electron.appListeners.set(name, [...(electron.appListeners.get(name) ?? []), listener]);
    },
  },
  // Not used by the guards; present so a guard that started opening links would be seen.
  shell: { openExternal: async (...args: unknown[]) => void electron.openExternal.push(args) },
}));

const { hardenSession, installContentGuards } = await import('../../../src-main/app/guards');
const { productionContentPolicy } = await import('../../../src-main/app/request-policy');

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const DEV_POLICY = { appOrigin: 'app://wallet', devServerOrigin: 'http://localhost:5173' };

type Listener = (event: FakeEvent, ...args: unknown[]) => unknown;
interface FakeEvent {
  url?: string;
  isMainFrame?: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}
function fakeEvent(fields: { url?: string; isMainFrame?: boolean } = {}): FakeEvent {
  return {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

/** A webContents as far as the guards touch it: `on` and `setWindowOpenHandler`. */
function fakeContents() {
  const listeners = new Map<string, Listener[]>();
  let openHandler: ((details: { url: string; disposition: string }) => unknown) | null = null;
  return {
    on(name: string, listener: Listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return this;
    },
    setWindowOpenHandler(handler: (details: { url: string; disposition: string }) => unknown) {
      openHandler = handler;
    },
    emit(name: string, event: FakeEvent) {
      for (const listener of listeners.get(name) ?? []) listener(event);
      return event;
    },
    listens: (name: string) => (listeners.get(name) ?? []).length > 0,
    openWindow: (url: string, disposition = 'foreground-tab') => {
      if (!openHandler) throw new Error('no window open handler was installed');
      return openHandler({ url, disposition });
    },
  };
}

/** Installs the guards with `policy`, then lets Electron "create" one webContents. */
function guardedContents(policy = productionContentPolicy) {
  installContentGuards(policy, quiet);
  const created = electron.appListeners.get('web-contents-created') ?? [];
  expect(created).toHaveLength(1);
  const contents = fakeContents();
  created[0]!({ preventDefault() {} }, contents);
  return contents;
}

/** A session as far as `hardenSession` touches it. */
function fakeSession() {
  const installed = {
    permissionRequest: null as
      null | ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void),
    permissionCheck: null as
      null | ((contents: unknown, permission: string, origin: string, details: unknown) => boolean),
    devicePermission: null as null | ((details: unknown) => boolean),
    beforeRequest: null as
      | null
      | ((details: { url: string; resourceType: string }, callback: (response: { cancel?: boolean }) => void) => void),
    listeners: new Map<string, Listener[]>(),
  };
  const session = {
    setPermissionRequestHandler: (handler: typeof installed.permissionRequest) =>
      void (installed.permissionRequest = handler),
    setPermissionCheckHandler: (handler: typeof installed.permissionCheck) =>
      void (installed.permissionCheck = handler),
    setDevicePermissionHandler: (handler: typeof installed.devicePermission) =>
      void (installed.devicePermission = handler),
    on: (name: string, listener: Listener) =>
      void installed.listeners.set(name, [...(installed.listeners.get(name) ?? []), listener]),
    webRequest: {
      onBeforeRequest: (handler: typeof installed.beforeRequest) => void (installed.beforeRequest = handler),
    },
  };
  return { session: session as unknown as Session, installed };
}

/** What the session's onBeforeRequest filter answers for one URL. */
function filterAnswer(
  installed: ReturnType<typeof fakeSession>['installed'],
  url: string,
  resourceType = 'xhr',
): { cancel?: boolean } {
  let answer: { cancel?: boolean } | undefined;
  installed.beforeRequest!({ url, resourceType }, (response) => (answer = response));
  if (!answer) throw new Error('the request filter never answered');
  return answer;
}

beforeEach(() => {
  electron.appListeners.clear();
  electron.openExternal.length = 0;
});

describe('content guards on every webContents (app "web-contents-created")', () => {
  it('denies every new window, including https links to the allowlisted explorer, and opens nothing externally', () => {
    const contents = guardedContents();
    for (const url of [
      'https://tronscan.org/#/transaction/ab',
      'https://evil.example/',
      'app://wallet/index.html',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(contents.openWindow(url)).toEqual({ action: 'deny' });
      expect(contents.openWindow(url, 'new-window')).toEqual({ action: 'deny' });
    }
    // The only way to the system browser is the app:openExplorer channel (see start.test.ts).
    expect(electron.openExternal).toEqual([]);
  });

  it('refuses navigation of the main frame and of sub-frames away from app://wallet (will-frame-navigate)', () => {
    const contents = guardedContents();
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:8090/wallet/getnowblock',
      'file:///etc/passwd',
      'app://other/index.html',
      'app://user@wallet/index.html',
      'about:blank',
      'not a url',
    ]) {
      expect(contents.emit('will-frame-navigate', fakeEvent({ url, isMainFrame: true })).defaultPrevented, url).toBe(
        true,
      );
      expect(contents.emit('will-frame-navigate', fakeEvent({ url, isMainFrame: false })).defaultPrevented, url).toBe(
        true,
      );
    }
  });

  it('lets a reload of the app page through, and the dev server only when it is the configured one', () => {
    expect(
      guardedContents().emit('will-frame-navigate', fakeEvent({ url: 'app://wallet/index.html', isMainFrame: true }))
        .defaultPrevented,
    ).toBe(false);
    electron.appListeners.clear();
    const dev = guardedContents(DEV_POLICY);
    expect(
      dev.emit('will-frame-navigate', fakeEvent({ url: 'http://localhost:5173/', isMainFrame: true })).defaultPrevented,
    ).toBe(false);
    expect(
      dev.emit('will-frame-navigate', fakeEvent({ url: 'http://localhost:5174/', isMainFrame: true })).defaultPrevented,
    ).toBe(true);
  });

  it('refuses a redirect away from the app (will-redirect)', () => {
    const contents = guardedContents();
    expect(contents.emit('will-redirect', fakeEvent({ url: 'https://evil.example/landing' })).defaultPrevented).toBe(
      true,
    );
    expect(contents.emit('will-redirect', fakeEvent({ url: 'http://localhost:5173/' })).defaultPrevented).toBe(true);
    expect(contents.emit('will-redirect', fakeEvent({ url: 'app://wallet/index.html' })).defaultPrevented).toBe(false);
  });

  it('refuses to attach any <webview> (will-attach-webview)', () => {
    const contents = guardedContents(DEV_POLICY);
    expect(contents.listens('will-attach-webview')).toBe(true);
    expect(contents.emit('will-attach-webview', fakeEvent()).defaultPrevented).toBe(true);
  });
});

describe('session hardening (default session)', () => {
  it('answers every permission request with "denied"', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, productionContentPolicy, quiet);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'fullscreen',
      'openExternal',
      'pointerLock',
      'hid',
      'serial',
      'usb',
      'midiSysex',
      'unknown',
    ]) {
      const answers: boolean[] = [];
      installed.permissionRequest!({}, permission, (granted) => answers.push(granted), {
        requestingUrl: 'app://wallet/index.html',
      });
      expect(answers, permission).toEqual([false]);
    }
  });

  it('grants the camera alone (video, top frame, the app origin) and refuses the microphone, screen capture and other origins', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, productionContentPolicy, quiet);
    const ask = (details: Record<string, unknown>, permission = 'media') => {
      const answers: boolean[] = [];
      installed.permissionRequest!({}, permission, (granted) => answers.push(granted), details);
      return answers;
    };
    const app = { requestingUrl: 'app://wallet/index.html', isMainFrame: true };
    expect(ask({ ...app, mediaTypes: ['video'] })).toEqual([true]);
    expect(ask({ ...app, mediaTypes: ['audio'] })).toEqual([false]);
    expect(ask({ ...app, mediaTypes: ['video', 'audio'] })).toEqual([false]);
    expect(ask({ ...app, mediaTypes: [] })).toEqual([false]);
    expect(ask({ ...app, mediaTypes: ['video'], isMainFrame: false })).toEqual([false]);
    expect(ask({ requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['video'] })).toEqual([false]);
    expect(ask({ requestingUrl: 'file:///tmp/x.html', isMainFrame: true, mediaTypes: ['video'] })).toEqual([false]);
    expect(ask({ ...app, mediaTypes: ['video'] }, 'display-capture')).toEqual([false]);
    expect(installed.permissionCheck!({}, 'media', 'app://wallet', { mediaType: 'video', isMainFrame: true })).toBe(
      true,
    );
    expect(installed.permissionCheck!({}, 'media', 'app://wallet', { mediaType: 'audio', isMainFrame: true })).toBe(
      false,
    );
    expect(installed.permissionCheck!({}, 'media', 'https://evil.example', { mediaType: 'video' })).toBe(false);
  });

  it('answers every permission check but the camera with false, even for the app origin', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, productionContentPolicy, quiet);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'hid', 'serial', 'usb']) {
      expect(
        installed.permissionCheck!({}, permission, 'app://wallet', { requestingUrl: 'app://wallet/index.html' }),
        permission,
      ).toBe(false);
    }
  });

  it('denies access to every device (HID, serial, USB)', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, productionContentPolicy, quiet);
    for (const deviceType of ['hid', 'serial', 'usb']) {
      expect(installed.devicePermission!({ deviceType, origin: 'app://wallet', device: {} }), deviceType).toBe(false);
    }
  });

  it('cancels every download (will-download)', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, productionContentPolicy, quiet);
    const listeners = installed.listeners.get('will-download') ?? [];
    expect(listeners).toHaveLength(1);
    const event = fakeEvent();
    listeners[0]!(event, { getURL: () => 'https://evil.example/payload.exe' }, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('lets only app://wallet (and devtools, data:, blob:) through the request filter in a packaged app', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, productionContentPolicy, quiet);
    for (const url of [
      'app://wallet/index.html',
      'app://wallet/assets/index-abc.js',
      'data:image/png;base64,AAAA',
      'blob:app://wallet/1234',
      'devtools://devtools/bundled/inspector.html',
    ]) {
      expect(filterAnswer(installed, url), url).toEqual({ cancel: false });
    }
  });

  it('cancels foreign requests, including loopback ones such as the embedded node, in a packaged app', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, productionContentPolicy, quiet);
    for (const url of [
      'https://evil.example/x.js',
      'https://api.trongrid.io/wallet/getnowblock',
      'http://127.0.0.1:8090/wallet/getnowblock',
      'http://localhost:5173/',
      'ws://localhost:5173/',
      'file:///etc/passwd',
      'app://other/index.html',
      'app://user:pass@wallet/index.html',
      'not a url',
    ]) {
      expect(filterAnswer(installed, url, 'script'), url).toEqual({ cancel: true });
    }
  });

  it('in development, lets through only the configured dev server and its hot-reload socket', () => {
    const { session, installed } = fakeSession();
    hardenSession(session, DEV_POLICY, quiet);
    expect(filterAnswer(installed, 'http://localhost:5173/src/main.ts')).toEqual({ cancel: false });
    expect(filterAnswer(installed, 'ws://localhost:5173/')).toEqual({ cancel: false });
    expect(filterAnswer(installed, 'app://wallet/index.html')).toEqual({ cancel: false });
    for (const url of [
      'http://localhost:8090/wallet/getnowblock',
      'http://127.0.0.1:5173/',
      'https://localhost:5173/',
      'https://evil.example/',
    ]) {
      expect(filterAnswer(installed, url), url).toEqual({ cancel: true });
    }
  });
});
