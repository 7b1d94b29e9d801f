/// <reference lib="dom" />
import { ipcRenderer } from 'electron';
import { CONSENT_ANSWER_CHANNEL } from '../../src-core/ipc/consent-channel';
import { wireConsentForm } from './consent-form';

/**
 * The confirmation window's preload. The page main composes has no script of its own; this runs
 * in the isolated world and sends the person's answer on the one channel main listens to for
 * this window. Nothing is exposed to the page.
 */
window.addEventListener('DOMContentLoaded', () => {
  wireConsentForm(document, (answer) => void ipcRenderer.invoke(CONSENT_ANSWER_CHANNEL, answer));
});
