import { nextTick } from 'vue';

/** A control the form marked invalid (BaseField sets aria-invalid from its error). */
const INVALID = '[aria-invalid="true"]:not([disabled])';

/**
 * After a submit the form refused, the focus goes to its first invalid field, so a keyboard or
 * screen-reader user lands where the fix is and hears that field's message (WCAG 3.3.1).
 * Waits a tick: the messages of a submit attempt are drawn on the next render. Returns whether a
 * field took the focus, so the caller can fall back (a summary of problems, the heading).
 */
export async function focusFirstInvalid(form: HTMLElement | null | undefined): Promise<boolean> {
  await nextTick();
  const field = form?.querySelector<HTMLElement>(INVALID);
  if (!field) return false;
  // A field inside a folded <details> cannot take the focus until the fold opens.
  for (let fold = field.closest('details'); fold; fold = fold.parentElement?.closest('details') ?? null)
    (fold as HTMLDetailsElement).open = true;
  field.focus();
  return document.activeElement === field;
}
