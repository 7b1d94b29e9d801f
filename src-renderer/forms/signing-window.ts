import { COSIGN_DEFAULT_EXPIRATION_MS } from '../../src-core/tx/header';
import { checkExpirationMinutes } from './tx-fields';

/**
 * The signing window of a transaction that needs co-signers: long by default (the chain's maximum
 * less a margin, so co-signers on other desktops have the day), and the person's last choice
 * once they made one. A window of one minute suits a transaction this wallet signs alone.
 */

export const SOLO_WINDOW_MINUTES = '1';
export const COSIGN_DEFAULT_WINDOW_MINUTES = String(COSIGN_DEFAULT_EXPIRATION_MS / 60_000);

export const COSIGN_WINDOW_STORAGE_KEY = 'tron-wallet:cosign-window-minutes';

/** Where the last choice is kept: the window's localStorage, or a stand-in in tests. */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): ChoiceStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // A frame with storage disabled throws on access: the default window then applies.
    return null;
  }
}

/** The window a co-signed transaction starts with: the remembered choice if it is still valid. */
export function cosignWindowMinutes(storage: ChoiceStorage | null = defaultStorage()): string {
  const saved = storage?.getItem(COSIGN_WINDOW_STORAGE_KEY) ?? null;
  if (saved !== null && checkExpirationMinutes(saved).ok) return saved.trim();
  return COSIGN_DEFAULT_WINDOW_MINUTES;
}

/** Keeps a valid choice for the next co-signed transaction; anything else is not kept. */
export function rememberCosignWindow(minutes: string, storage: ChoiceStorage | null = defaultStorage()): void {
  if (!checkExpirationMinutes(minutes).ok) return;
  try {
    storage?.setItem(COSIGN_WINDOW_STORAGE_KEY, minutes.trim());
  } catch {
    // Storage full or disabled: the choice is only not remembered.
  }
}
