import { app, type Session } from 'electron';
import type { Logger } from '../ipc/logger';
import {
  isAllowedNavigation,
  isAllowedPermissionCheck,
  isAllowedPermissionRequest,
  isAllowedRequest,
  type ContentPolicy,
} from './request-policy';

/**
 * Applies to every webContents the app ever creates: no navigation away from the app, no new
 * windows, no <webview>. Installed before the first window exists.
 */
export function installContentGuards(policy: ContentPolicy, log: Logger): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-frame-navigate', (event) => {
      if (!isAllowedNavigation(event.url, policy)) {
        event.preventDefault();
        log.warn('Navigation refused', { isMainFrame: event.isMainFrame });
      }
    });
    contents.on('will-redirect', (event) => {
      if (!isAllowedNavigation(event.url, policy)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
      log.warn('<webview> refused');
    });
    contents.setWindowOpenHandler(() => {
      log.warn('New window refused');
      return { action: 'deny' };
    });
  });
}

/**
 * Denies every permission but the camera for QR codes (video only, the app's own page:
 * request-policy.ts), every device request, downloads, and any request to a foreign origin.
 */
export function hardenSession(session: Session, policy: ContentPolicy, log: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = isAllowedPermissionRequest(
      permission,
      details as Parameters<typeof isAllowedPermissionRequest>[1],
      policy,
    );
    if (!allowed) log.warn('Permission request refused', { permission });
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    isAllowedPermissionCheck(
      permission,
      requestingOrigin,
      details as { mediaType?: string; isMainFrame?: boolean },
      policy,
    ),
  );
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRequest(details.url, policy);
    if (!allowed) log.warn('Request to a foreign origin refused', { resourceType: details.resourceType });
    callback({ cancel: !allowed });
  });
}
