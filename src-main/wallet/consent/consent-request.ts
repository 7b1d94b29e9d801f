/**
 * What main asks a person to approve, and the surface it asks on. Every word of a request is
 * composed in main from bytes main holds and facts it read from its own node; the renderer, which
 * is treated as hostile, supplies none of it and cannot answer it.
 */

/** One line of the confirmation: a label and its value, both plain text. */
export interface ConsentRow {
  readonly label: string;
  readonly value: string;
  /** Shown in a fixed-width face (addresses, hashes, fingerprints) so look-alikes stand out. */
  readonly monospace?: boolean;
}

export const CONSENT_KINDS = ['transaction', 'bundle', 'message', 'vault-setting', 'wallet-setting'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export interface ConsentRequest {
  /** Random per request: an answer must name the request it approves. */
  readonly id: string;
  readonly kind: ConsentKind;
  /** One line: "Sign: send 1,500 TRX to TVj…". */
  readonly title: string;
  readonly rows: readonly ConsentRow[];
  /**
   * A long table shown below the rows in a scrolling box: every transaction of a bundle, so the
   * person can read each one before one approval signs them all. Plain text cells, like the rows.
   */
  readonly list?: {
    readonly caption: string;
    readonly columns: readonly string[];
    readonly rows: readonly (readonly string[])[];
  };
  /** Lockout findings, unknown operations, an approval of spending: read before approving. */
  readonly warnings: readonly string[];
  /** The eight words co-signers read to each other, when the request is a transaction. */
  readonly fingerprint?: string;
  /** The vault password must be typed on the surface, and why (the policy in a sentence). */
  readonly password: { readonly required: boolean; readonly reason: string };
  /** A phrase to type before approving (a change that only keys held elsewhere can undo). */
  readonly typedConfirmation?: string;
  /**
   * Words to type on the surface, one field each, by the label shown beside it ("word 3"): the
   * answer carries them in this order. Only main reads them; they never reach the app's pages.
   */
  readonly wordPrompts?: readonly string[];
  /** The label of the approve button: "Sign", "Change auto-lock". */
  readonly approveLabel: string;
  /** What a decline leaves undone, for its error: "switching to Custom node (10.0.0.5:8090)". */
  readonly declinedAct?: string;
}

export type ConsentAnswer =
  | { readonly approved: false }
  | {
      readonly approved: true;
      readonly password?: string;
      readonly typed?: string;
      /** What was typed into the `wordPrompts` fields, in their order. */
      readonly words?: readonly string[];
    };

/**
 * The one seam between main's confirmation and whatever shows it: the Electron app's own window
 * (app/consent-window.ts), a scripted stand-in in tests, the end-to-end harness's page. `retry`
 * carries the reason the previous answer was refused (a wrong password), to show beside the form.
 */
export interface ConsentSurface {
  ask(request: ConsentRequest, retry?: { readonly reason: string }): Promise<ConsentAnswer>;
}
