/**
 * The renderer's Content-Security-Policy, sent as a header by the app:// handler and repeated in
 * the <meta> tag of src-renderer/index.html (a test keeps the two equal).
 *
 * No 'unsafe-inline' and no 'unsafe-eval' anywhere. Vue needs neither in a production build:
 * templates are compiled ahead of time, component CSS is extracted to files, and `:style`
 * bindings are applied through the CSSOM (`element.style`), which CSP does not govern. What CSP
 * does block, and what the components therefore avoid, is markup that carries styles or
 * handlers as text: `style="…"` written through innerHTML/setAttribute, <style> blocks and
 * inline event handlers.
 */
export interface CspOptions {
  /** `frame-ancestors` only works in a header; browsers ignore it (with a warning) in <meta>. */
  readonly delivery?: 'header' | 'meta';
  /**
   * Extra `connect-src` sources. Production has none: the renderer talks to main over IPC, not
   * the network. The dev server adds its HMR socket; the end-to-end harness adds its bridge socket.
   */
  readonly connectSources?: readonly string[];
  /** Vite's dev server injects component CSS as <style> elements; allowed only in `npm run dev`. */
  readonly allowInlineStyles?: boolean;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const connect = options.connectSources?.length ? options.connectSources.join(' ') : "'none'";
  const directives: [string, string][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    ['style-src', options.allowInlineStyles ? "'self' 'unsafe-inline'" : "'self'"],
    ['img-src', "'self' data:"],
    ['font-src', "'self'"],
    ['connect-src', connect],
    ['object-src', "'none'"],
    ['frame-src', "'none'"],
    ['worker-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
  ];
  if ((options.delivery ?? 'header') === 'header') directives.push(['frame-ancestors', "'none'"]);
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Replaces the CSP <meta> content of an HTML page; throws when the page has no such tag. */
export function replaceCspMeta(html: string, policy: string): string {
  const pattern = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/i;
  if (!pattern.test(html)) throw new Error('The page has no Content-Security-Policy <meta> tag.');
  return html.replace(
    pattern,
    (_match, start: string, end: string) => `${start}${policy.replace(/"/g, '&quot;')}${end}`,
  );
}

/** Reads the CSP <meta> content of an HTML page, or null. */
export function readCspMeta(html: string): string | null {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return match ? match[1]!.replace(/&quot;/g, '"') : null;
}
