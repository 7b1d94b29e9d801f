import { z } from 'zod';
import type { ConsentAnswerMessage } from '../../src-core/ipc/consent-channel';

/** The shape main accepts on the confirmation window's channel; anything else is ignored. */
export const ConsentAnswerMessageSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  approved: z.boolean(),
  password: z.string().max(1024).optional(),
  typed: z.string().max(200).optional(),
  words: z.array(z.string().max(100)).max(24).optional(),
}) satisfies z.ZodType<ConsentAnswerMessage>;
