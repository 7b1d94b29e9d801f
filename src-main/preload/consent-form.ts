/// <reference lib="dom" />

/** What the confirmation page sends back for the request it shows. */
export interface ConsentFormAnswer {
  readonly id: string;
  readonly approved: boolean;
  readonly password?: string;
  readonly typed?: string;
  readonly words?: readonly string[];
}

/**
 * Wires the confirmation page's form to `send`: submit approves with what was typed; Decline,
 * Escape (and, in the window, closing it) decline. Self-contained on purpose — it uses nothing
 * outside its body — so the end-to-end harness runs this very function in the same page.
 */
export function wireConsentForm(doc: Document, send: (answer: ConsentFormAnswer) => void): void {
  const id = doc.body.dataset.request ?? '';
  const field = (name: string) => (doc.getElementById(name) as HTMLInputElement | null)?.value;
  let answered = false;
  const answer = (approved: boolean) => {
    if (answered) return;
    answered = true;
    const password = approved ? field('password') : undefined;
    const typed = approved ? field('typed') : undefined;
    const wordFields = [...doc.querySelectorAll<HTMLInputElement>('input[data-word]')];
    const words = approved && wordFields.length > 0 ? wordFields.map((input) => input.value) : undefined;
    send({
      id,
      approved,
      ...(password !== undefined ? { password } : {}),
      ...(typed !== undefined ? { typed } : {}),
      ...(words !== undefined ? { words } : {}),
    });
  };
  doc.getElementById('consent')?.addEventListener('submit', (event) => {
    event.preventDefault();
    answer(true);
  });
  doc.getElementById('decline')?.addEventListener('click', () => answer(false));
  doc.defaultView?.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') answer(false);
  });
  (
    doc.getElementById('word-1') ??
    doc.getElementById('password') ??
    doc.getElementById('typed') ??
    doc.getElementById('decline')
  )?.focus();
}
