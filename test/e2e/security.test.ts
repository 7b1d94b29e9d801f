import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { channelNames, eventNames } from '../../src-core/ipc/contract';
import { startHarness, type Harness } from './harness';

/** A raw HTTP GET, so that `..` and percent-escapes reach the server exactly as written. */
function rawGet(origin: string, path: string): Promise<{ status: number; csp: string | undefined }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          csp: response.headers['content-security-policy'] as string | undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('renderer security in Chromium', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    await harness.goto('/');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('gives the page no Node: window.require and process are undefined', async () => {
    const globals = await harness.page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      module: typeof (window as unknown as { module?: unknown }).module,
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined' });
  });

  it("exposes exactly the contract's functions on window.api, frozen and not replaceable", async () => {
    const exposed = await harness.page.evaluate(() => {
      const api = (window as unknown as { api: Record<string, unknown> }).api;
      const names: string[] = [];
      for (const [key, value] of Object.entries(api)) {
        if (typeof value === 'function') names.push(key);
        else for (const [action, fn] of Object.entries(value as object)) names.push(`${key}:${action}:${typeof fn}`);
      }
      const replaced = (() => {
        try {
          (window as unknown as { api: unknown }).api = {};
        } catch {
          /* strict-mode assignment to a read-only property */
        }
        return (window as unknown as { api: unknown }).api !== api;
      })();
      return {
        names: names.sort(),
        frozen: Object.isFrozen(api) && Object.values(api).every((v) => typeof v === 'function' || Object.isFrozen(v)),
        replaced,
      };
    });
    const expected = [...channelNames.map((name) => `${name}:function`), 'on'].sort();
    expect(exposed.names).toEqual(expected);
    expect(exposed.frozen).toBe(true);
    expect(exposed.replaced).toBe(false);
  });

  it('refuses a call with bad arguments with a ValidationError that names the field', async () => {
    const reply = await harness.page.evaluate(() =>
      (
        window as unknown as { api: { app: { openExplorer: (args: unknown) => Promise<unknown> } } }
      ).api.app.openExplorer({
        network: 'mainnet',
        kind: 'transaction',
        txid: 'javascript:alert(1)',
      }),
    );
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError', code: 'VALIDATION_FAILED' } });
    expect((reply as { error: { message: string } }).error.message).toContain(
      'txid: must be a transaction id of 64 hex characters',
    );
    expect(harness.openedUrls).toEqual([]);
  });

  it('refuses a URL smuggled in as an extra field instead of opening it', async () => {
    const reply = await harness.page.evaluate(() =>
      (
        window as unknown as { api: { app: { openExplorer: (args: unknown) => Promise<unknown> } } }
      ).api.app.openExplorer({
        network: 'mainnet',
        kind: 'block',
        number: 1,
        url: 'https://evil.example/',
      }),
    );
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    expect(harness.openedUrls).toEqual([]);
  });

  it('limits on() to contract events', async () => {
    const outcome = await harness.page.evaluate((known) => {
      const api = (window as unknown as { api: { on: (event: string, cb: () => void) => () => void } }).api;
      const unsubscribe = api.on(known, () => {});
      unsubscribe();
      try {
        api.on('ipc:anything', () => {});
        return 'accepted';
      } catch (error) {
        return (error as Error).name;
      }
    }, eventNames[0]!);
    expect(outcome).toBe('TypeError');
  });

  it('enforces the CSP in the page: inline scripts, event handlers and style attributes are refused', async () => {
    // page.evaluate itself runs through DevTools, which CSP exempts; the markup added here is
    // parsed by the page like any injected content would be.
    const outcome = await harness.page.evaluate(async () => {
      const violations: string[] = [];
      const record = (event: SecurityPolicyViolationEvent) => violations.push(event.effectiveDirective);
      document.addEventListener('securitypolicyviolation', record);
      const holder = document.createElement('div');
      holder.innerHTML =
        '<span id="styled" style="color: rgb(255, 0, 0)">x</span><img src="data:," onerror="window.__pwned = 1">';
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 2';
      holder.append(script);
      document.body.append(holder);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const color = getComputedStyle(document.getElementById('styled')!).color;
      holder.remove();
      document.removeEventListener('securitypolicyviolation', record);
      return {
        violations: [...new Set(violations)].sort(),
        pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
        color,
      };
    });
    expect(outcome.pwned).toBe(0);
    expect(outcome.color).not.toBe('rgb(255, 0, 0)');
    expect(outcome.violations).toEqual(
      expect.arrayContaining(['script-src-attr', 'script-src-elem', 'style-src-attr']),
    );
    // The refusals above are reported on the console on purpose; later tests start clean.
    harness.clearPageProblems();
  });

  it('sends the CSP header with every file and refuses path traversal', async () => {
    const index = await rawGet(harness.origin, '/index.html');
    expect(index.status).toBe(200);
    expect(index.csp).toBe(harness.csp);
    expect(index.csp).toContain("script-src 'self'");
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/%00index.html',
    ]) {
      expect((await rawGet(harness.origin, path)).status, path).toBeGreaterThanOrEqual(400);
    }
  });

  it('refuses a bridge socket without the token or from another origin', async () => {
    const attempt = (url: string, origin: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url, { origin });
        socket.on('open', () => {
          socket.close();
          resolve('open');
        });
        socket.on('unexpected-response', (_req, res) => resolve(`http ${res.statusCode}`));
        socket.on('error', () => resolve('error'));
      });
    const base = harness.origin.replace('http:', 'ws:');
    expect(await attempt(`${base}/bridge?token=${'0'.repeat(64)}`, harness.origin)).toBe('http 403');
    expect(await attempt(`${base}/bridge`, harness.origin)).toBe('http 403');
  });

  it('left no unexpected console errors', () => {
    expect(harness.pageProblems).toEqual([]);
  });
});
