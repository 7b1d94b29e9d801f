import { Notification } from 'electron';
import type { AlertNotifier } from '../wallet';

/**
 * The seam between watchtower alerts and the desktop: one Electron Notification per alert raised
 * (not for confirmations or retractions, which the inbox shows). Silent where the platform has no
 * notification area.
 */
export function electronAlertNotifier(): AlertNotifier {
  return {
    notify({ title, body }) {
      if (!Notification.isSupported()) return;
      new Notification({ title, body }).show();
    },
  };
}
