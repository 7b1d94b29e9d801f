import { app, type Session } from 'electron';
import type { Logger } from '../ipc/logger';
import { isAllowedNavigation, isAllowedRequest, type ContentPolicy } from './request-policy';

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

/** Denies every permission and device request, downloads, and any request to a foreign origin. */
export function hardenSession(session: Session, policy: ContentPolicy, log: Logger): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn('Permission request refused', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.on('will-download', (event) => event.preventDefault());
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRequest(details.url, policy);
    if (!allowed) log.warn('Request to a foreign origin refused', { resourceType: details.resourceType });
    callback({ cancel: !allowed });
  });
}
