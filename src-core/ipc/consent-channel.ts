/**
 * The one IPC message of main's confirmation window, outside the app's contract on purpose: the
 * app's pages have no function for it, and main accepts it only from the window it opened for the
 * request it names. This module stays free of zod: the window's sandboxed preload imports it and
 * may require nothing but electron; main checks the message's shape (app/consent-answer.ts).
 */
export const CONSENT_ANSWER_CHANNEL = 'consent:answer';

export interface ConsentAnswerMessage {
  readonly id: string;
  readonly approved: boolean;
  readonly password?: string;
  readonly typed?: string;
  readonly words?: readonly string[];
}
