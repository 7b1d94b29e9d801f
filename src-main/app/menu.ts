import { app, Menu } from 'electron';
import { applicationMenuTemplate } from './menu-template';

export function installApplicationMenu(isDev: boolean): void {
  const template = applicationMenuTemplate({ appName: app.getName(), isMac: process.platform === 'darwin', isDev });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
