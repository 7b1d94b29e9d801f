import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  channelNames,
  channels,
  eventNames,
  events as eventSpecs,
  type Channels,
  type Events,
} from '../../../src-core/ipc/contract';
import { createEventHub, type EventHub } from '../../../src-main/ipc/events';
import { createHandlers, type Services } from '../../../src-main/ipc/handlers';
import { processAppInfo } from '../../../src-main/ipc/handlers/app';
import { silentLogger, type Logger } from '../../../src-main/ipc/logger';
import { createIpcRegistry, type HandlerMap, type IpcRegistry } from '../../../src-main/ipc/registry';
import { isTrustedSender } from '../../../src-main/ipc/sender';
import { launchChromium } from './chromium';
import { bundleInjectScript, ensureRendererBuilt, RENDERER_OUT, ROOT } from './renderer-build';
import { startBridgeServer, type BridgeServer } from './server';
import { serviceDoubles } from '../../fixtures/service-doubles';

export const ARTIFACTS = join(ROOT, 'test-artifacts/e2e');

export interface HarnessOptions {
  /** Real or fake services, per domain; missing domains get test doubles (fixtures/service-doubles.ts). */
  readonly services?: Partial<Services>;
  /** Replaces single handlers after the map is built (e.g. to make one channel fail). */
  readonly handlers?: Partial<HandlerMap<Channels>>;
  /** Share a hub with services that emit events; one is created otherwise. */
  readonly events?: EventHub<Events>;
  readonly log?: Logger;
  /** Another built renderer to serve (e.g. an older build to compare with); `out/renderer`, built if stale, otherwise. */
  readonly rendererRoot?: string;
  /** Extra Chromium flags for this harness's browser (e.g. `fakeCameraArgs(file)`). */
  readonly chromiumArgs?: readonly string[];
}

export interface Harness {
  readonly page: Page;
  readonly origin: string;
  readonly csp: string;
  readonly events: EventHub<Events>;
  readonly registry: IpcRegistry;
  /** URLs the default app service was asked to open in the system browser. */
  readonly openedUrls: readonly string[];
  /** What the default app service put on the clipboard (`app:copy`). */
  readonly copied: readonly string[];
  /** Console errors/warnings and uncaught page errors, including CSP violation reports. */
  readonly pageProblems: readonly string[];
  /** Forgets the problems so far, after a test that provokes them on purpose. */
  clearPageProblems(): void;
  /** Loads the app at a route, e.g. `/about`; resolves once the bridge socket is up and the layout shows. */
  goto(route?: string): Promise<void>;
  /** Saves `test-artifacts/e2e/<name>.png` and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessServer {
  readonly server: BridgeServer;
  readonly events: EventHub<Events>;
  /** URLs the default app service was asked to open in the system browser. */
  readonly openedUrls: readonly string[];
  /** What the default app service put on the clipboard (`app:copy`). */
  readonly copied: readonly string[];
  /** The script to add with `addInitScript` before the page loads: it installs `window.api`. */
  readonly initScript: string;
}

/**
 * Builds the renderer if needed and serves it with a `window.api` wired to the real main-side
 * handler registry running in this process; no browser yet (the bench opens its own contexts).
 */
export async function startHarnessServer(options: HarnessOptions = {}): Promise<HarnessServer> {
  if (!options.rendererRoot) await ensureRendererBuilt();
  const injectCode = await bundleInjectScript();
  const events = options.events ?? createEventHub(eventSpecs);
  const openedUrls: string[] = [];
  const copied: string[] = [];

  const services: Services = {
    app: {
      info: () => processAppInfo('tron-multisig-wallet', process.env.npm_package_version ?? '0.0.0-test'),
      openExternal: async (url) => {
        openedUrls.push(url);
      },
      writeClipboard: (text) => void copied.push(text),
    },
    ...serviceDoubles(),
    ...options.services,
  };
  const handlers: HandlerMap<Channels> = { ...createHandlers(services), ...options.handlers };

  const server = await startBridgeServer({
    rendererRoot: options.rendererRoot ?? RENDERER_OUT,
    // The app's sender check, pointed at the harness origin instead of app://wallet.
    createRegistry: (origin) =>
      createIpcRegistry({
        channels,
        handlers,
        isTrustedSender: (sender) => isTrustedSender(sender, { origin }),
        log: options.log ?? silentLogger,
      }),
    subscribeEvents: (listener) => events.subscribe(listener),
  });
  const config = { socketUrl: server.socketUrl, channelNames, eventNames };
  const initScript = `(() => {\n${injectCode}\n__walletHarnessBridge.install(${JSON.stringify(config)});\n})();`;
  return { server, events, openedUrls, copied, initScript };
}

/**
 * Starts the built renderer in Chromium with a `window.api` wired to the real main-side handler
 * registry running in this process. Pass `services` to plug in real vault or node services.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const { server, events, openedUrls, copied, initScript } = await startHarnessServer(options);
  const pageProblems: string[] = [];

  let browser: Awaited<ReturnType<typeof launchChromium>>;
  try {
    browser = await launchChromium(options.chromiumArgs);
  } catch (error) {
    await server.close();
    throw error;
  }
  await browser.context.addInitScript({ content: initScript });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const where = message.location().url;
      pageProblems.push(`${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => pageProblems.push(`pageerror: ${error.message}`));

  return {
    page,
    origin: server.origin,
    csp: server.csp,
    events,
    registry: server.registry,
    openedUrls,
    copied,
    pageProblems,
    clearPageProblems: () => void pageProblems.splice(0),
    async goto(route = '/') {
      const before = server.acceptedSockets;
      // A fresh query makes every goto a full page load (a hash change alone would not reload).
      await page.goto(`${server.origin}/index.html?load=${before + 1}#${route}`);
      // Events are only delivered to connected pages: wait for this page's socket.
      await server.waitForSockets(before);
      await page.locator('.layout').waitFor();
    },
    async screenshot(name) {
      await mkdir(ARTIFACTS, { recursive: true });
      const path = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
