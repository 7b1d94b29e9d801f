/** The clipboard events a page raises to put text on the clipboard itself. */
export const PAGE_CLIPBOARD_WRITES = ['copy', 'cut'] as const;

/**
 * Keeps the page from writing the clipboard: `document.execCommand('copy' | 'cut')` and a copy
 * or cut from the keyboard or menu raise these events, and the default action (or a page's own
 * listener) would put the selection or any text on the clipboard, where a swapped address would
 * be pasted into another wallet. Registered before any page script, in the capture phase on the
 * window, the listener runs first, stops every later one and cancels the event; Chromium then
 * writes nothing and the clipboard keeps what it had. `app:copy` is the one way text reaches the
 * clipboard: main writes it, from a checked address, txid or fingerprint. Asynchronous
 * `navigator.clipboard` writes are refused by the session's permission handlers (app/guards.ts).
 */
export function refusePageClipboardWrites(target: Pick<Window, 'addEventListener'>): void {
  for (const type of PAGE_CLIPBOARD_WRITES)
    target.addEventListener(
      type,
      (event) => {
        event.stopImmediatePropagation();
        event.preventDefault();
      },
      { capture: true },
    );
}
