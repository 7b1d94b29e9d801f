import { z } from 'zod';
import { defineChannels } from '../define';
import { AddressSchema, BlockNumberSchema, NetworkSchema, TxIdSchema } from '../common';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** `process.platform` of main: darwin, linux, win32, … */
  platform: z.string(),
  arch: z.string(),
  runtime: z.object({
    node: z.string(),
    /** null outside Electron (the end-to-end harness runs the handlers in plain Node). */
    electron: z.string().nullable(),
    chrome: z.string().nullable(),
  }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/**
 * What to show on a block explorer. Main builds the URL from this; the renderer never sends a
 * URL, so a compromised renderer cannot make the app open an arbitrary page.
 */
export const ExplorerLinkRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ network: NetworkSchema, kind: z.literal('transaction'), txid: TxIdSchema }),
    z.strictObject({ network: NetworkSchema, kind: z.literal('address'), address: AddressSchema }),
    z.strictObject({ network: NetworkSchema, kind: z.literal('block'), number: BlockNumberSchema }),
  ],
  { error: 'kind must be one of transaction, address or block' },
);
export type ExplorerLinkRequest = z.infer<typeof ExplorerLinkRequestSchema>;
export type ExplorerLinkInput = z.input<typeof ExplorerLinkRequestSchema>;

export const appChannels = defineChannels('app', {
  info: {
    summary: 'Name, version and platform of the running application.',
    input: z.undefined({ error: 'takes no argument' }),
    output: AppInfoSchema,
  },
  openExplorer: {
    summary: 'Opens a transaction, address or block on tronscan in the system browser.',
    input: ExplorerLinkRequestSchema,
    output: z.object({ url: z.string() }),
  },
});
