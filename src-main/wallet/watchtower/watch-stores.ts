import { join } from 'node:path';
import { z } from 'zod';
import type { WatchAlert, WatchRules } from '../../../src-core/ipc/channels/watch';
import {
  MAX_TOKEN_THRESHOLDS,
  TokenThresholdSchema,
  WatchAlertSchema,
  WatchRulesSchema,
} from '../../../src-core/ipc/channels/watch';
import { isValidAddress } from '../../../src-core/address/address';
import { Collection } from '../stores/collection';
import { base58AddressSchema, sunSchema, timeSchema } from '../stores/common';
import { JsonStore, type StoreDefinition } from '../stores/json-store';

/**
 * The watchtower's files in a network's folder (beside `watch-state.json`, the scanner's own):
 * `watch-list.json`, the addresses added by hand and the rules changed for any watched account,
 * and `alerts.json`, the inbox.
 */
export const WATCH_LIST_FILE = 'watch-list.json';
export const ALERTS_FILE = 'alerts.json';
export const WATCH_STATE_FILE = 'watch-state.json';

/** The inbox keeps this many alerts; the oldest read ones go first. */
export const INBOX_LIMIT = 2000;

const storedRulesSchema = WatchRulesSchema.extend({
  outgoingTrxSun: sunSchema,
  // Absent in files written before token thresholds: none set.
  outgoingTokens: z
    .array(TokenThresholdSchema.extend({ token: base58AddressSchema.refine(isValidAddress), above: sunSchema }))
    .max(MAX_TOKEN_THRESHOLDS)
    .default([]),
  floorTrxSun: sunSchema,
  expectedSigners: z.array(base58AddressSchema.refine(isValidAddress)),
});

const watchEntrySchema = z.strictObject({
  address: base58AddressSchema,
  label: z.string().max(120),
  /** added: watched because it was added; vault: only its rules are kept here. */
  origin: z.enum(['added', 'vault']),
  rules: storedRulesSchema,
  addedAt: timeSchema,
});
export type WatchEntry = Omit<z.infer<typeof watchEntrySchema>, 'rules'> & { readonly rules: WatchRules };

/**
 * Version 1 had no place for the expected signers: its entries expected what the account had when
 * watching began. They now follow the chain, with no listed signer.
 */
export function migrateWatchListV1(data: unknown): unknown {
  const doc = data as { entries?: { rules?: Record<string, unknown> }[] } | null;
  return {
    ...doc,
    entries: (doc?.entries ?? []).map((entry) => ({
      ...entry,
      rules: { signersFromChain: true, expectedSigners: [], ...entry.rules },
    })),
  };
}

const watchListDefinition: StoreDefinition<{ entries: readonly WatchEntry[] }> = {
  format: 'tron-wallet-watch-list',
  version: 2,
  what: 'watch list',
  schema: z.strictObject({ entries: z.array(watchEntrySchema) }),
  empty: () => ({ entries: [] }),
  migrations: { 1: migrateWatchListV1 },
};

const alertsDefinition: StoreDefinition<{ entries: readonly WatchAlert[] }> = {
  format: 'tron-wallet-alerts',
  version: 1,
  what: 'alert inbox',
  schema: z.strictObject({ entries: z.array(WatchAlertSchema) }),
  empty: () => ({ entries: [] }),
};

export class WatchStores {
  private constructor(
    readonly dir: string,
    readonly list: Collection<WatchEntry, 'address'>,
    readonly alerts: JsonStore<{ entries: readonly WatchAlert[] }>,
  ) {}

  static async open(dir: string): Promise<WatchStores> {
    const [list, alerts] = await Promise.all([
      JsonStore.open(join(dir, WATCH_LIST_FILE), watchListDefinition),
      JsonStore.open(join(dir, ALERTS_FILE), alertsDefinition),
    ]);
    return new WatchStores(dir, new Collection(list, 'address', 'watched address'), alerts);
  }

  get stateFile(): string {
    return join(this.dir, WATCH_STATE_FILE);
  }

  inbox(): WatchAlert[] {
    return [...this.alerts.read().entries].sort((a, b) => b.raisedAt - a.raisedAt || (a.id < b.id ? -1 : 1));
  }

  /** Adds or replaces alerts by id, then trims the inbox to its limit (read ones first). */
  async saveAlerts(change: (current: readonly WatchAlert[]) => readonly WatchAlert[]): Promise<void> {
    await this.alerts.update((doc) => {
      const entries = [...change(doc.entries)];
      if (entries.length > INBOX_LIMIT) {
        const drop = new Set(
          [...entries]
            .sort((a, b) => Number(a.readAt === null) - Number(b.readAt === null) || a.raisedAt - b.raisedAt)
            .slice(0, entries.length - INBOX_LIMIT)
            .map((a) => a.id),
        );
        return { entries: entries.filter((a) => !drop.has(a.id)) };
      }
      return { entries };
    });
  }

  async close(): Promise<void> {
    await Promise.all([this.list.store.close(), this.alerts.close()]);
  }
}
