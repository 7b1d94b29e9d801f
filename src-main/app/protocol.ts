import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import type { Logger } from '../ipc/logger';
import { APP_SCHEME, resolveAppFile, responseHeaders } from './app-url';

/** Must run before `app.ready`: makes app:// behave like https (origin, fetch, secure context). */
export function registerAppSchemePrivileges(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves the built renderer from `root` on app://wallet/, with the CSP header on every file. */
export function serveRenderer(root: string, csp: string, log: Logger): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    const lookup = resolveAppFile(root, request.url);
    if (!lookup.ok) {
      log.warn('app:// request refused', { reason: lookup.reason, status: lookup.status });
      return new Response(null, { status: lookup.status });
    }
    try {
      const body = await readFile(lookup.path);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: responseHeaders(lookup.path, csp),
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}
