import { z } from 'zod';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { FINGERPRINT_WORDS } from '../../envelope/fingerprint';
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

const FINGERPRINT_WORD_SET: ReadonlySet<string> = new Set(wordlist);

/**
 * What main may put on the clipboard: a checked TRON address, a transaction id or an envelope's
 * fingerprint words. Never free text, so a hostile window cannot plant a look-alike address or a
 * command for the person to paste elsewhere.
 */
export const CopyRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('address'), address: AddressSchema }),
    z.strictObject({ kind: z.literal('txid'), txid: TxIdSchema }),
    z.strictObject({
      kind: z.literal('fingerprint'),
      words: z
        .array(
          z
            .string({ error: 'must be a text value' })
            .refine((word) => FINGERPRINT_WORD_SET.has(word), 'must be one of the fingerprint words'),
        )
        .length(FINGERPRINT_WORDS, `must be the fingerprint's ${FINGERPRINT_WORDS} words`),
    }),
  ],
  { error: 'kind must be one of address, txid or fingerprint' },
);
export type CopyRequest = z.infer<typeof CopyRequestSchema>;
export type CopyRequestInput = z.input<typeof CopyRequestSchema>;

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
  copy: {
    summary:
      'Main puts a checked address (in Base58), transaction id or fingerprint on the clipboard; the window ' +
      'has no clipboard access.',
    input: CopyRequestSchema,
    output: z.object({ text: z.string() }),
  },
});
