import { APP_ORIGIN } from './app-url';

/**
 * Which origins may load into the renderer: the app:// origin, plus the Vite dev server while
 * developing (`npm run dev`). Everything else — remote pages, file://, other schemes — is refused.
 */
export interface ContentPolicy {
  readonly appOrigin: string;
  /** Set only in development, e.g. `http://localhost:5173`. */
  readonly devServerOrigin?: string | null;
}

export const productionContentPolicy: ContentPolicy = { appOrigin: APP_ORIGIN, devServerOrigin: null };

function origin(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return null;
    return `${parsed.protocol}//${parsed.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/** The devtools front-end and in-page data images are internal, not remote content. */
const INTERNAL_SCHEMES = new Set(['devtools:', 'data:', 'blob:']);

/** Whether the session may fetch this URL at all (scripts, styles, images, sockets, frames). */
export function isAllowedRequest(url: string, policy: ContentPolicy): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (INTERNAL_SCHEMES.has(parsed.protocol)) return true;
  const from = origin(url);
  if (from === null) return false;
  if (from === policy.appOrigin.toLowerCase()) return true;
  if (policy.devServerOrigin) {
    const dev = policy.devServerOrigin.toLowerCase();
    // Vite's hot-reload socket uses the same host and port over ws:.
    return from === dev || from === dev.replace(/^http:/, 'ws:');
  }
  return false;
}

/**
 * Top-level navigation is refused unless it stays on the page's own origin (a reload). The
 * router uses the URL fragment, which never triggers a navigation event.
 */
export function isAllowedNavigation(targetUrl: string, policy: ContentPolicy): boolean {
  const from = origin(targetUrl);
  if (from === null) return false;
  if (from === policy.appOrigin.toLowerCase()) return true;
  return Boolean(policy.devServerOrigin) && from === policy.devServerOrigin!.toLowerCase();
}

function isContentOrigin(url: string | undefined, policy: ContentPolicy): boolean {
  const from = url ? origin(url) : null;
  if (from === null) return false;
  if (from === policy.appOrigin.toLowerCase()) return true;
  return Boolean(policy.devServerOrigin) && from === policy.devServerOrigin!.toLowerCase();
}

/** What Electron tells a permission request handler (`session.setPermissionRequestHandler`). */
export interface PermissionRequestDetails {
  readonly requestingUrl?: string;
  readonly isMainFrame?: boolean;
  /** For `media`: what `getUserMedia` asked for. */
  readonly mediaTypes?: readonly string[];
}

/**
 * The window gets one permission: the camera, to read envelopes' QR codes. `media` is granted
 * only for video alone (never the microphone, never screen capture), only to the app's own page
 * in its top frame; every other permission is refused.
 */
export function isAllowedPermissionRequest(
  permission: string,
  details: PermissionRequestDetails,
  policy: ContentPolicy,
): boolean {
  if (permission !== 'media' || details.isMainFrame === false) return false;
  const types = details.mediaTypes ?? [];
  if (types.length === 0 || types.some((type) => type !== 'video')) return false;
  return isContentOrigin(details.requestingUrl, policy);
}

/** The synchronous check (`setPermissionCheckHandler`): the same camera-only rule. */
export function isAllowedPermissionCheck(
  permission: string,
  requestingOrigin: string,
  details: { readonly mediaType?: string; readonly isMainFrame?: boolean },
  policy: ContentPolicy,
): boolean {
  if (permission !== 'media' || details.mediaType !== 'video' || details.isMainFrame === false) return false;
  return isContentOrigin(requestingOrigin, policy);
}
