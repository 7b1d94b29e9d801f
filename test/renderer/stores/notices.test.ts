import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { VaultError } from '../../../src-core/errors';
import { NOTICE_CARRIES_OVER_MS, useNoticesStore } from '../../../src-renderer/stores/notices';

describe('notices', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('clear when another page shows, except those the navigating action just raised', () => {
    const notices = useNoticesStore();
    notices.push('info', 'Saved the note.', 1_000);
    notices.pushError(new VaultError('VAULT_WRONG_PASSWORD', 'The password is not right.'), 1_000);
    notices.push('success', 'Envelope added.', 10_000);
    notices.leavePage(10_000 + NOTICE_CARRIES_OVER_MS - 1);
    expect(notices.items.map((n) => n.text)).toEqual(['Envelope added.']);
    notices.leavePage(10_000 + NOTICE_CARRIES_OVER_MS + 1);
    expect(notices.items).toEqual([]);
  });
});
