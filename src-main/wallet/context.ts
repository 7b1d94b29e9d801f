import type { EventName, EventPayload } from '../../src-core/ipc/contract';

/**
 * What the wallet services get from whoever hosts them (the Electron app or the e2e harness),
 * typed here so that wallet/ does not depend on app/ or ipc/.
 */
export interface WalletLog {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** Sends a contract event to the renderer (payloads are schema-checked by the hub). */
export type EmitEvent = <K extends EventName>(event: K, payload: EventPayload<K>) => void;

export interface ShutdownRegistrar {
  register(hook: { name: string; order?: number; timeoutMs?: number; run: () => Promise<void> | void }): () => void;
}

/** Orders for the shutdown hooks the wallet registers (the frame's ShutdownOrder values). */
export interface ShutdownOrders {
  readonly services: number;
  readonly storage: number;
}

export interface Clipboard {
  writeText(text: string): void;
}

export interface FileFilter {
  readonly name: string;
  readonly extensions: readonly string[];
}

/**
 * Main's own open and save dialogs (Electron's `dialog`; a stand-in in tests). Either may be
 * absent — the end-to-end harness has no native dialogs — and the renderer then reads files with
 * a file input instead.
 */
export interface FileDialogs {
  /** The chosen file's name and text; null when cancelled. Refuses files larger than `maxBytes`. */
  openText?(options: {
    readonly title: string;
    readonly filters: readonly FileFilter[];
    readonly maxBytes: number;
  }): Promise<{ name: string; text: string } | null>;
  /** Writes `text` where the person chooses; the path, or null when cancelled. */
  saveText?(
    options: { readonly title: string; readonly defaultName: string; readonly filters: readonly FileFilter[] },
    text: string,
  ): Promise<{ path: string } | null>;
}

/** A recovery phrase on its way to the screen main owns, with what the person needs beside it. */
export interface RecoveryPhraseView {
  /** The words in order; shown numbered. */
  readonly words: readonly string[];
  /** A BIP39 passphrase was used: it is needed to restore too, and it is not shown. */
  readonly hasPassphrase: boolean;
  /** Which account the phrase belongs to, so the person labels what they write down. */
  readonly accountLabel: string;
  readonly address: string;
}

/**
 * Where main shows a recovery phrase: a surface it owns (Electron's native message box on the app
 * window; a recording stand-in in tests), never the renderer, which is treated as hostile. Absent
 * when the host has no such surface; the vault then refuses to show the phrase at all.
 */
export interface RecoveryPhraseDisplay {
  /** Resolves when the person has closed it. */
  show(view: RecoveryPhraseView): Promise<void>;
}

/**
 * Desktop notifications for watchtower alerts: the one place the wallet reaches the operating
 * system's notification area (Electron's Notification in the app; absent in tests and the
 * harness, where the inbox alone shows alerts).
 */
export interface AlertNotifier {
  notify(notification: { readonly title: string; readonly body: string }): void;
}
