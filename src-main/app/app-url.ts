import { extname, resolve, sep } from 'node:path';

/** The renderer is served from `app://wallet/…`: a standard, secure scheme owned by the app. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'wallet';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export type AppFileLookup =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly status: 400 | 404; readonly reason: string };

/**
 * Maps a request URL to a file under `root`, refusing anything that could escape it: other
 * hosts, encoded separators, `..` segments (also percent-encoded), NUL bytes, and any path that
 * does not resolve inside `root` after normalisation. Pure, so it is unit-tested without Electron.
 */
export function resolveAppFile(root: string, requestUrl: string, origin: string = APP_ORIGIN): AppFileLookup {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400, reason: 'malformed URL' };
  }
  if (`${url.protocol}//${url.host}`.toLowerCase() !== origin.toLowerCase() || url.username || url.password) {
    return { ok: false, status: 404, reason: 'not the app origin' };
  }
  return resolveAppPath(root, url.pathname);
}

/**
 * The path half of `resolveAppFile`, for a raw (still percent-encoded) URL path. URL parsing
 * already collapses `..`, but this check does not rely on it: whatever reaches here is decoded
 * once and then judged on its own.
 */
export function resolveAppPath(root: string, rawPath: string): AppFileLookup {
  // Encoded slashes or backslashes would let one segment carry several once decoded.
  if (/%2f|%5c|\\/i.test(rawPath)) return { ok: false, status: 400, reason: 'encoded separator' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\0')) return { ok: false, status: 400, reason: 'NUL byte' };
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) {
    return { ok: false, status: 400, reason: 'dot segment' };
  }
  const relative = segments.length === 0 ? 'index.html' : segments.join(sep);
  const base = resolve(root);
  const path = resolve(base, relative);
  if (!path.startsWith(base + sep)) return { ok: false, status: 404, reason: 'outside the renderer folder' };
  return { ok: true, path };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers for every file the renderer gets, in the app and in the end-to-end harness. */
/** Features the page may ask for at all; the session's permission handler still decides (guards.ts). */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), display-capture=(), geolocation=(), usb=(), hid=(), serial=()';

export function responseHeaders(path: string, csp: string): Record<string, string> {
  return {
    'Content-Type': contentTypeFor(path),
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    // The camera (QR codes) for the app's own page only; no microphone, screen or location.
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}
