import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { VaultError } from '../../../src-core/errors';
import { installWindowApi } from '../stub-window-api';

const PASSWORD = 'correct horse battery';
const calls: { channel: string; args: unknown }[] = [];
let retryAt = 0;

/** Main as the page meets it: a wrong password makes the next one wait a moment. */
installWindowApi(
  {
    vault: {
      status: () => ({ locked: true }),
      unlock: ({ password }: { password: string }) => {
        if (Date.now() < retryAt) throw new VaultError('VAULT_RETRY_TOO_SOON', 'Wait.', { retryAfterMs: 50 });
        if (password !== PASSWORD) {
          retryAt = Date.now() + 50;
          throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.', { retryAfterMs: 50 });
        }
        return { locked: false };
      },
    },
  },
  calls,
);
const { useVaultStore } = await import('../../../src-renderer/stores/vault');

describe('vault store unlock', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    retryAt = 0;
  });

  it('counts wrong passwords typed on this page, and waits out main’s pause before the next try', async () => {
    const vault = useVaultStore();
    await expect(vault.unlock('wrong password')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    await expect(vault.unlock('another wrong one')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    expect(vault.wrongAttempts).toBe(2);
    await vault.unlock(PASSWORD);
    expect(vault.status).toMatchObject({ locked: false });
    expect(vault.wrongAttempts).toBe(0);
    expect(calls.filter((c) => c.channel === 'vault:unlock')).toHaveLength(5);
  });
});
