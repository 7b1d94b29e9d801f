import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { OfflineModeRecord, OfflineModeState } from '../node-host/offline-guard';
import { isNotFound } from '../../vault/atomic-file';
import { JsonStore, type StoreDefinition } from '../stores/json-store';
import { SETTINGS_FILE, type Settings } from '../stores/settings';

/**
 * `offline-mode.json` in the user data folder: whether this computer is the offline signer. It has
 * a file of its own so that nothing else written to `settings.json` can damage it, and it fails
 * closed: any doubt about it means offline, with the reason shown to the person.
 */
export const OFFLINE_MODE_FILE = 'offline-mode.json';

const modeSchema = z.strictObject({ mode: z.enum(['online', 'offline']) });
type ModeDocument = z.infer<typeof modeSchema>;

const modeDefinition: StoreDefinition<ModeDocument> = {
  format: 'tron-wallet-offline-mode',
  version: 1,
  what: 'offline signer mode',
  schema: modeSchema,
  empty: () => ({ mode: 'online' }),
};

const LEAVE_HINT = 'Leave the offline signer only if this computer is meant to go online.';

/**
 * The mode's record. `settings.json` keeps a copy of the mode as a witness: a record that is
 * missing while the witness says offline is doubt, and so is a witness that cannot be read.
 */
export class OfflineModeFile implements OfflineModeRecord {
  private constructor(
    private readonly store: JsonStore<ModeDocument>,
    private readonly settings: Settings,
    readonly state: OfflineModeState,
  ) {}

  /**
   * Reads the mode. A profile without the file takes it from `settings.json` (the mode's earlier
   * home) and writes the file; a fresh profile is online. Never throws for a damaged file.
   */
  static async open(userDataDir: string, settings: Settings): Promise<OfflineModeFile> {
    const file = join(userDataDir, OFFLINE_MODE_FILE);
    const existed = await exists(file);
    const store = await JsonStore.open(file, modeDefinition);
    const state = existed ? recorded(store, settings) : await migrated(store, settings);
    return new OfflineModeFile(store, settings, state);
  }

  /**
   * Writes the mode. Going offline writes this file first and the witness only when settings can
   * be saved, so a damaged `settings.json` never blocks it; going online clears the witness first,
   * so a failure on the way leaves the computer offline. A damaged file is set aside (kept as
   * `offline-mode.json.damaged-<time>`) before it is replaced.
   */
  async save(offline: boolean): Promise<void> {
    const mode = offline ? 'offline' : 'online';
    if (offline) {
      await this.write(mode);
      if (!this.settings.problem)
        await this.settings.update((current) => ({ ...current, mode })).catch(() => undefined);
      return;
    }
    if (!this.settings.problem) await this.settings.update((current) => ({ ...current, mode }));
    await this.write(mode);
  }

  private async write(mode: ModeDocument['mode']): Promise<void> {
    if (this.store.problem) await this.store.setAside();
    await this.store.update(() => ({ mode }));
  }
}

function recorded(store: JsonStore<ModeDocument>, settings: Settings): OfflineModeState {
  if (store.problem)
    return {
      offline: true,
      reason: `The offline signer stays on because its record ${OFFLINE_MODE_FILE} could not be read: ${store.problem.message} ${LEAVE_HINT}`,
    };
  if (store.read().mode === 'offline') return { offline: true, reason: null };
  if (!settings.problem && settings.get().mode === 'offline')
    return {
      offline: true,
      reason: `The offline signer stays on because ${OFFLINE_MODE_FILE} says online while ${SETTINGS_FILE} says offline signer. ${LEAVE_HINT}`,
    };
  return { offline: false, reason: null };
}

async function migrated(store: JsonStore<ModeDocument>, settings: Settings): Promise<OfflineModeState> {
  if (settings.problem)
    return {
      offline: true,
      reason: `The offline signer is on because ${OFFLINE_MODE_FILE} is missing and ${SETTINGS_FILE} could not be read, so whether this computer is an offline signer is not known: ${settings.problem.message} ${LEAVE_HINT}`,
    };
  const { mode } = settings.get();
  // A record that cannot be written is still read from the witness at the next start.
  await store.update(() => ({ mode })).catch(() => undefined);
  return { offline: mode === 'offline', reason: null };
}

/** Only a file known to be absent is absent: any other answer is read as the file, and its doubt. */
async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    (error: unknown) => !isNotFound(error),
  );
}
