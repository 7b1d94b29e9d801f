import { z } from 'zod';
import { EmbeddedNodeSettingsSchema, type EmbeddedNodeSettings } from '../../../src-core/ipc/channels/node';
import { NetworkSchema } from '../../../src-core/ipc/common';
import { JsonStore, type StoreDefinition } from './json-store';

/**
 * `settings.json` in the app's user data (not per network): which network is selected, the last
 * custom node, API keys per network, the embedded node's settings. The file is owner-only (0600)
 * like every store, because it holds API keys; they never go back over IPC.
 */
export const SETTINGS_FILE = 'settings.json';

const urlSchema = z.string().regex(/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i);

export const storedNetworkSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('embedded') }),
  z.strictObject({ kind: z.literal('preset'), network: NetworkSchema }),
  z.strictObject({ kind: z.literal('custom'), fullNodeUrl: urlSchema, solidityNodeUrl: urlSchema.nullable() }),
]);
export type StoredNetwork = z.infer<typeof storedNetworkSchema>;

export const DEFAULT_EMBEDDED_NODE: EmbeddedNodeSettings = Object.freeze({
  port: 8090,
  blockTimeMs: 3000,
  saveInternalTx: false,
  estimateEnergy: true,
  dataDir: null,
  autoStart: true,
  allowBrowserAccess: false,
  adminEndpoints: false,
});

export const DEFAULT_REMOTE_POLL_MS = 3000;

const settingsSchema = z.strictObject({
  network: storedNetworkSchema,
  /** The last custom node, offered again in the network form. */
  customNode: z.strictObject({ fullNodeUrl: urlSchema, solidityNodeUrl: urlSchema.nullable() }).nullable(),
  /** TRON-PRO-API-KEY per network key (see network/selection.ts). */
  apiKeys: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string().min(1).max(200)),
  embeddedNode: EmbeddedNodeSettingsSchema,
  /** How often a remote node is asked for its head block. */
  remotePollMs: z.number().int().min(500).max(60_000),
  /**
   * The offline signer's mode as a witness only: the record is `offline-mode.json`
   * (offline/offline-mode-file.ts), and this copy can only add doubt (a witness saying offline
   * keeps the mode on), never take the mode off. A damaged file reads as the defaults here.
   */
  mode: z.enum(['online', 'offline']),
});
export type WalletSettings = z.infer<typeof settingsSchema>;

/** Overrides for a profile without a settings file (tests: a free port, a fast chain). */
export type SettingsDefaults = Partial<Pick<WalletSettings, 'remotePollMs' | 'mode'>> & {
  embeddedNode?: Partial<EmbeddedNodeSettings>;
};

export function defaultSettings(overrides: SettingsDefaults = {}): WalletSettings {
  return {
    network: { kind: 'embedded' },
    customNode: null,
    apiKeys: {},
    embeddedNode: { ...DEFAULT_EMBEDDED_NODE, ...overrides.embeddedNode },
    remotePollMs: overrides.remotePollMs ?? DEFAULT_REMOTE_POLL_MS,
    mode: overrides.mode ?? 'online',
  };
}

/** Version 2 adds the embedded node's browser access and dev endpoints, both off. */
export function migrateSettingsV1(data: unknown): unknown {
  const v1 = z.looseObject({ embeddedNode: z.looseObject({}) }).safeParse(data);
  // A damaged file stays as it is, for the schema check to report.
  if (!v1.success) return data;
  return { ...v1.data, embeddedNode: { ...v1.data.embeddedNode, allowBrowserAccess: false, adminEndpoints: false } };
}

/** Version 3 adds the mode; every earlier profile was online. */
export function migrateSettingsV2(data: unknown): unknown {
  const v2 = z.looseObject({}).safeParse(data);
  if (!v2.success) return data;
  return { ...v2.data, mode: 'online' };
}

export const settingsDefinition: StoreDefinition<WalletSettings> = {
  format: 'tron-wallet-settings',
  version: 3,
  what: 'settings',
  schema: settingsSchema,
  empty: defaultSettings,
  migrations: { 1: migrateSettingsV1, 2: migrateSettingsV2 },
};

export class Settings {
  private constructor(
    readonly store: JsonStore<WalletSettings>,
    private readonly defaults: SettingsDefaults,
  ) {}

  static async open(file: string, defaults: SettingsDefaults = {}): Promise<Settings> {
    return new Settings(
      await JsonStore.open(file, { ...settingsDefinition, empty: () => defaultSettings(defaults) }),
      defaults,
    );
  }

  /**
   * The saved settings, or the defaults when the file is damaged: the app must still start (the
   * damage stays reported through `problem`, and saving is refused until it is resolved).
   */
  get(): WalletSettings {
    return this.store.problem ? defaultSettings(this.defaults) : this.store.read();
  }

  get problem() {
    return this.store.problem;
  }

  update(change: (current: WalletSettings) => WalletSettings): Promise<WalletSettings> {
    return this.store.update(change);
  }
}
