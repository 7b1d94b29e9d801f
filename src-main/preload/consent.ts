/// <reference lib="dom" />
import { ipcRenderer } from 'electron';
import { CONSENT_ANSWER_CHANNEL } from '../../src-core/ipc/consent-channel';

/**
 * The confirmation window's preload. The page main composes has no script of its own; this runs
 * in the isolated world, reads the request id main wrote into the page, and sends the person's
 * answer on the one channel main listens to for this window. Declining is the default: Escape,
 * the Decline button, and closing the window all decline.
 */
function answer(approved: boolean): void {
  const id = document.body.dataset.request ?? '';
  const value = (name: string) => (document.getElementById(name) as HTMLInputElement | null)?.value;
  void ipcRenderer.invoke(CONSENT_ANSWER_CHANNEL, {
    id,
    approved,
    ...(approved ? { password: value('password'), typed: value('typed') } : {}),
  });
}

window.addEventListener('DOMContentLoaded', () => {
  document.getElementById('consent')?.addEventListener('submit', (event) => {
    event.preventDefault();
    answer(true);
  });
  document.getElementById('decline')?.addEventListener('click', () => answer(false));
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') answer(false);
  });
  (
    document.getElementById('password') ??
    document.getElementById('typed') ??
    document.getElementById('decline')
  )?.focus();
});
