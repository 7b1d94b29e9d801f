import { z } from 'zod';
import { defineChannels } from '../define';
import { NetworkSchema } from '../common';

/**
 * Which chain the wallet reads and broadcasts to: the embedded node, a public network through
 * TronGrid, or a full node the person names. API keys go to main and never come back: answers
 * say only whether one is set.
 */

const NodeUrlSchema = z
  .string({ error: 'must be text' })
  .trim()
  .max(2048, 'is too long')
  .regex(
    /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i,
    'must be an http:// or https:// address without user name, query or fragment',
  );

/** undefined keeps the key saved for this network, null removes it, text replaces it. */
const ApiKeySchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'is too long')
  .regex(/^[^\r\n]*$/, 'must be one line')
  .nullable()
  .optional();

export const NetworkChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('embedded') }),
    z.strictObject({ kind: z.literal('preset'), network: NetworkSchema, apiKey: ApiKeySchema }),
    z.strictObject({
      kind: z.literal('custom'),
      fullNodeUrl: NodeUrlSchema,
      solidityNodeUrl: NodeUrlSchema.optional(),
      apiKey: ApiKeySchema,
    }),
  ],
  { error: 'kind must be one of embedded, preset or custom' },
);
export type NetworkChoice = z.infer<typeof NetworkChoiceSchema>;
export type NetworkChoiceInput = z.input<typeof NetworkChoiceSchema>;

export const NetworkInfoSchema = z.object({
  kind: z.enum(['embedded', 'preset', 'custom']),
  /** mainnet, nile or shasta for presets. */
  network: NetworkSchema.optional(),
  /** Display name. */
  name: z.string(),
  /** Stable folder name of this network's stores (drafts, history, …). */
  key: z.string(),
  fullNodeUrl: z.string().nullable(),
  solidityNodeUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  /** Whether `network:select` with kind custom would reuse a saved URL (shown in the form). */
  savedCustom: z
    .object({ fullNodeUrl: z.string(), solidityNodeUrl: z.string().nullable(), hasApiKey: z.boolean() })
    .nullable(),
});
export type NetworkInfo = z.infer<typeof NetworkInfoSchema>;

export const networkChannels = defineChannels('network', {
  current: {
    summary: 'The network the wallet uses now.',
    input: z.undefined({ error: 'takes no argument' }),
    output: NetworkInfoSchema,
  },
  select: {
    summary: 'Switches network: stops reading the old one, opens the new one and its own stores.',
    input: NetworkChoiceSchema,
    output: NetworkInfoSchema,
  },
});
