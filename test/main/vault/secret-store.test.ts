import { describe, expect, it } from 'vitest';
import { UnavailableSecretStore, unavailableStatus } from '../../../src-main/vault/secret-store';

describe('secret-store', () => {
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'NO_SERVICE'],
    ['Could not connect: No such file or directory', 'NO_SERVICE'],
    ['The name org.freedesktop.secrets was not provided by any .service files', 'NO_SERVICE'],
    ['Cannot create an item in a locked collection', 'KEYCHAIN_LOCKED'],
    ['Something else entirely', 'FAILED'],
  ])('explains "%s" as %s with a sentence that says the password still works', (detail, reason) => {
    const status = unavailableStatus('keytar', new Error(detail));
    expect(status).toMatchObject({ available: false, backend: 'keytar', reason, detail });
    expect(status.available ? '' : status.message).toMatch(/remember on this device.*off.*password/);
  });

  it('has a stand-in store that reports its reason and refuses every call', async () => {
    const status = {
      available: false as const,
      backend: 'keytar',
      reason: 'MODULE_MISSING' as const,
      message: 'keytar is missing',
      detail: 'gone',
    };
    const store = new UnavailableSecretStore('keytar', status);
    expect(await store.probe()).toBe(status);
    await expect(store.get()).rejects.toThrow('gone');
    await expect(store.set()).rejects.toThrow('gone');
    await expect(store.delete()).rejects.toThrow('gone');
  });
});
