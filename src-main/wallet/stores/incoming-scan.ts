import { z } from 'zod';
import { JsonStore, type StoreDefinition } from './json-store';

/**
 * `incoming-scan.json`, per network: the last solidified block searched for payments to this
 * wallet's accounts, so a desk closed for a while resumes where it stopped instead of missing them.
 */
export const INCOMING_SCAN_FILE = 'incoming-scan.json';

const incomingScanSchema = z.strictObject({
  /** Null until the first block was searched. */
  scannedThrough: z.number().int().nonnegative().nullable(),
});
export type IncomingScan = z.infer<typeof incomingScanSchema>;

export const incomingScanDefinition: StoreDefinition<IncomingScan> = {
  format: 'tron-wallet-incoming-scan',
  version: 1,
  what: 'incoming payments scan',
  schema: incomingScanSchema,
  empty: () => ({ scannedThrough: null }),
};

export function openIncomingScan(file: string): Promise<JsonStore<IncomingScan>> {
  return JsonStore.open(file, incomingScanDefinition);
}
