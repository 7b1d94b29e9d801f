/** Where each row of a payout run stands, as the run store keeps it and the page shows it. */
export const PAYOUT_ROW_STATUSES = [
  /** Short of its threshold when the run started: never sent. */
  'unsigned',
  'waiting',
  /** Handed to the node, answer not recorded yet: looked up before any resend. */
  'sending',
  'sent',
  /** In a block, not yet solidified. */
  'packed',
  'confirmed',
  /** Refused by the node, or in a block and failed (a revert): the reason says which. */
  'failed',
  /** Past its expiration and in no block. */
  'expired',
] as const;
export type PayoutRowStatus = (typeof PAYOUT_ROW_STATUSES)[number];
