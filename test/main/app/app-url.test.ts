import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  contentTypeFor,
  resolveAppFile,
  resolveAppPath,
  responseHeaders,
} from '../../../src-main/app/app-url';

const ROOT = resolve('/opt/wallet/out/renderer');

describe('resolveAppFile', () => {
  it('maps the origin root and plain paths to files inside the renderer folder', () => {
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/`)).toEqual({ ok: true, path: join(ROOT, 'index.html') });
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/index.html`)).toEqual({ ok: true, path: join(ROOT, 'index.html') });
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/assets/index-abc.js?v=1#x`)).toEqual({
      ok: true,
      path: join(ROOT, 'assets', 'index-abc.js'),
    });
  });

  it('decodes ordinary percent-escapes in file names', () => {
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/assets/a%20b.css`)).toEqual({
      ok: true,
      path: join(ROOT, 'assets', 'a b.css'),
    });
  });

  it('keeps URL-level dot segments inside the root (the URL parser clamps them at /)', () => {
    for (const path of ['/../secret', '/%2e%2e/secret', '/assets/../../secret', '/.%2e/secret']) {
      expect(resolveAppFile(ROOT, `${APP_ORIGIN}${path}`), path).toEqual({ ok: true, path: join(ROOT, 'secret') });
    }
  });

  it('refuses encoded separators, NUL bytes and broken escapes in the URL', () => {
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/assets/..%2f..%2fsecret`)).toMatchObject({
      ok: false,
      status: 400,
      reason: 'encoded separator',
    });
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/..%5C..%5Csecret`)).toMatchObject({
      ok: false,
      status: 400,
      reason: 'encoded separator',
    });
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/index.html%00.png`)).toMatchObject({
      ok: false,
      status: 400,
      reason: 'NUL byte',
    });
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/%E0%A4%A`)).toMatchObject({
      ok: false,
      status: 400,
      reason: 'malformed percent-encoding',
    });
  });

  it('decodes only once: a double-encoded dot pair is a literal file name inside the root', () => {
    expect(resolveAppFile(ROOT, `${APP_ORIGIN}/%252e%252e/secret`)).toEqual({
      ok: true,
      path: join(ROOT, '%2e%2e', 'secret'),
    });
  });

  it('refuses other hosts, schemes, credentials and malformed URLs', () => {
    expect(resolveAppFile(ROOT, 'app://evil/index.html')).toMatchObject({ ok: false, status: 404 });
    expect(resolveAppFile(ROOT, 'file:///etc/passwd')).toMatchObject({ ok: false, status: 404 });
    expect(resolveAppFile(ROOT, 'app://user@wallet/index.html')).toMatchObject({ ok: false, status: 404 });
    expect(resolveAppFile(ROOT, 'not a url')).toMatchObject({ ok: false, status: 400 });
  });

  it('accepts another origin when the caller names it (the test harness)', () => {
    expect(resolveAppFile(ROOT, 'http://127.0.0.1:4000/index.html', 'http://127.0.0.1:4000')).toEqual({
      ok: true,
      path: join(ROOT, 'index.html'),
    });
    expect(resolveAppFile(ROOT, 'http://127.0.0.1:4001/index.html', 'http://127.0.0.1:4000')).toMatchObject({
      ok: false,
    });
  });
});

describe('resolveAppPath (raw paths that skipped URL normalisation)', () => {
  it.each([
    ['/../secret', 'dot segment'],
    ['/assets/../../../etc/passwd', 'dot segment'],
    ['/%2e%2e/%2E%2E/etc/passwd', 'dot segment'],
    ['/./index.html', 'dot segment'],
    ['/..\\..\\secret', 'encoded separator'],
    ['/%2e%2e%2fsecret', 'encoded separator'],
  ])('refuses %s (%s)', (path, reason) => {
    expect(resolveAppPath(ROOT, path)).toEqual({ ok: false, status: 400, reason });
  });

  it('resolves an ordinary nested path', () => {
    expect(resolveAppPath(ROOT, '/assets/logo.svg')).toEqual({ ok: true, path: join(ROOT, 'assets', 'logo.svg') });
  });
});

describe('response headers', () => {
  it('names the content type by extension and falls back to octet-stream', () => {
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/x/a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('/x/unknown.bin')).toBe('application/octet-stream');
  });

  it('sends the CSP and nosniff with every file', () => {
    const headers = responseHeaders('/x/a.js', "default-src 'none'");
    expect(headers['Content-Security-Policy']).toBe("default-src 'none'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it('lets the page ask for the camera alone, from its own origin', () => {
    const policy = responseHeaders('/x/index.html', "default-src 'none'")['Permissions-Policy']!;
    expect(policy).toContain('camera=(self)');
    for (const feature of ['microphone', 'display-capture', 'geolocation']) expect(policy).toContain(`${feature}=()`);
  });
});
