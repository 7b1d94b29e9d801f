import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { SigningPolicy, VaultLocked, VaultStatus } from '../../src-core/ipc/channels/vault';
import { api } from '../api/bridge';
import { pacedByMain } from '../api/paced-by-main';

const TOUCH_EVERY_MS = 30_000;

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * The vault's status as main reports it, and the calls that change it. Follows `vault:locked`, so
 * an idle lock in main takes the window to the unlock screen (see router.ts).
 */
export const useVaultStore = defineStore('vault', () => {
  const status = ref<VaultStatus | null>(null);
  const loadError = ref<unknown>(null);
  const lastLock = ref<VaultLocked | null>(null);
  /** Wrong passwords typed on this page since the last unlock (main does not count them). */
  const wrongAttempts = ref(0);
  let loading: Promise<void> | null = null;
  let stop: (() => void) | null = null;
  let lastTouch = 0;
  const lockListeners = new Set<(event: VaultLocked) => void>();

  function load(): Promise<void> {
    loading ??= (async () => {
      try {
        status.value = await api.vault.status();
        loadError.value = null;
      } catch (error) {
        loadError.value = error;
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  async function ensureLoaded(): Promise<void> {
    if (!status.value) await load();
  }

  function follow(): void {
    if (stop) return;
    stop = api.on('vault:locked', (event) => {
      lastLock.value = event;
      if (status.value) status.value = { ...status.value, locked: true };
      for (const listener of lockListeners) listener(event);
    });
  }

  function onLocked(listener: (event: VaultLocked) => void): () => void {
    lockListeners.add(listener);
    return () => lockListeners.delete(listener);
  }

  async function initialize(password: string): Promise<void> {
    status.value = await api.vault.initialize({ password });
  }

  async function unlock(password: string): Promise<void> {
    try {
      status.value = await pacedByMain(() => api.vault.unlock({ password }));
    } catch (error) {
      if (errorCode(error) === 'VAULT_WRONG_PASSWORD') wrongAttempts.value++;
      // The lockout delay may have changed: show it.
      await load();
      throw error;
    }
    wrongAttempts.value = 0;
    lastLock.value = null;
  }

  async function unlockWithDevice(): Promise<void> {
    status.value = await api.vault.unlockWithDevice();
    lastLock.value = null;
  }

  async function lock(): Promise<void> {
    status.value = await api.vault.lock();
  }

  // Each of these opens main's confirmation window, where the password is typed: the page only asks.
  async function setAutoLock(ms: number): Promise<void> {
    status.value = await api.vault.setAutoLock({ ms });
  }

  async function setSigningPolicy(policy: SigningPolicy): Promise<void> {
    status.value = await api.vault.setSigningPolicy({ policy });
  }

  async function rememberOnDevice(): Promise<void> {
    status.value = await api.vault.rememberOnDevice();
  }

  async function forgetDevice(): Promise<void> {
    status.value = await api.vault.forgetDevice();
  }

  /** Main asks for the password in its own window, then repairs the vault; nothing is deleted. */
  async function adopt(): Promise<void> {
    status.value = await api.vault.adopt();
  }

  /** Main asks for the password and a typed word in its own window before deleting removed keys. */
  async function purgeRemoved(): Promise<void> {
    await api.vault.purgeRemoved();
    status.value = await api.vault.status();
  }

  /** Person activity: resets main's idle timer, at most every 30 s. */
  function touch(now = Date.now()): void {
    if (!status.value || status.value.locked || now - lastTouch < TOUCH_EVERY_MS) return;
    lastTouch = now;
    void api.vault.touch().catch(() => undefined);
  }

  return {
    status,
    loadError,
    lastLock,
    wrongAttempts,
    load,
    ensureLoaded,
    follow,
    onLocked,
    initialize,
    unlock,
    unlockWithDevice,
    lock,
    touch,
    setAutoLock,
    setSigningPolicy,
    rememberOnDevice,
    forgetDevice,
    adopt,
    purgeRemoved,
  };
});
