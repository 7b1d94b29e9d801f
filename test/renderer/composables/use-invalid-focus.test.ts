import { describe, expect, it } from 'vitest';
import { focusFirstInvalid } from '@renderer/composables/use-invalid-focus';

function form(html: string): HTMLElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.querySelector('form')!;
}

describe('focusFirstInvalid', () => {
  it('focuses the first field marked invalid, in document order', async () => {
    const root = form(`
      <input id="ok" aria-invalid="false">
      <input id="first" aria-invalid="true">
      <select id="second" aria-invalid="true"></select>`);
    await expect(focusFirstInvalid(root)).resolves.toBe(true);
    expect(document.activeElement?.id).toBe('first');
  });

  it('opens the folded section an invalid field sits in', async () => {
    const root = form(`<details><summary>More</summary><input id="window" aria-invalid="true"></details>`);
    await expect(focusFirstInvalid(root)).resolves.toBe(true);
    expect(root.querySelector('details')!.open).toBe(true);
    expect(document.activeElement?.id).toBe('window');
  });

  it('leaves the focus where it was when no field is invalid', async () => {
    const root = form(`<input id="a" aria-invalid="false"><button id="go">Go</button>`);
    root.querySelector<HTMLElement>('#go')!.focus();
    await expect(focusFirstInvalid(root)).resolves.toBe(false);
    expect(document.activeElement?.id).toBe('go');
    await expect(focusFirstInvalid(null)).resolves.toBe(false);
  });
});
