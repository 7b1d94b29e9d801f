import { z } from 'zod';

/**
 * The one IPC message of main's confirmation window, outside the app's contract on purpose: the
 * app's pages have no function for it, and main accepts it only from the window it opened for the
 * request it names.
 */
export const CONSENT_ANSWER_CHANNEL = 'consent:answer';

export const ConsentAnswerMessageSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  approved: z.boolean(),
  password: z.string().max(1024).optional(),
  typed: z.string().max(200).optional(),
});
export type ConsentAnswerMessage = z.infer<typeof ConsentAnswerMessageSchema>;
