import type { HexAddress, TxId } from '../../src-core/brand';

/** The rules a watched account can have; each alert names the one that raised it. */
export const RULES = {
  permissionChanged: 'permission-changed',
  unexpectedSigner: 'unexpected-signer',
  outgoingValue: 'outgoing-value',
  stakingChanged: 'staking-changed',
  contractSettings: 'contract-settings',
  balanceFloor: 'balance-floor',
  envelopeBroadcastElsewhere: 'envelope-broadcast-elsewhere',
  envelopeExpired: 'envelope-expired',
  policyBreach: 'policy-breach',
} as const;
export type RuleId = (typeof RULES)[keyof typeof RULES];

/**
 * pending: seen in a block above the node's solidified block; confirmed: that block solidified;
 * retracted: that block was replaced and the transaction is not in the chain that replaced it.
 */
export type AlertStatus = 'pending' | 'confirmed' | 'retracted';

export interface BlockPoint {
  readonly number: number;
  readonly id: string;
  /** Block time, ms since the epoch. */
  readonly timestamp: number;
}

/** One finding of a rule, before the scanner gives it an id, a network and a status. */
export interface AlertDraft {
  readonly rule: RuleId;
  /** The watched account (or contract) the alert is about. */
  readonly account: HexAddress;
  /** The transaction that raised it; absent only for envelope expiry and balance floors without one. */
  readonly txid?: TxId;
  /** Distinguishes alerts of one rule and transaction that are not about the same thing (a token). */
  readonly subject?: string;
  /** One sentence a person can act on. */
  readonly title: string;
  /** Rule-specific facts, JSON-safe (amounts as decimal strings). */
  readonly details: Readonly<Record<string, unknown>>;
}

export interface Alert extends AlertDraft {
  /** sha256 over the rule, the transaction (or anchor) and the account: the same finding, the same id. */
  readonly id: string;
  /** The genesis block id of the chain being watched. */
  readonly network: string;
  readonly label: string;
  readonly block: BlockPoint;
  readonly status: AlertStatus;
  /** When the scanner raised it (ms since the epoch). */
  readonly raisedAt: number;
}

export interface GapRange {
  /** First block not watched while the node was away. */
  readonly from: number;
  /** Head block when it answered again; absent while it is still away. */
  readonly to?: number;
  readonly openedAt: number;
  readonly closedAt?: number;
  /** Set once every block of the range has been scanned. */
  readonly filledAt?: number;
}

/**
 * What the watchtower reports, one object per line for operators (`npm run watch`) and one event
 * per change for the app: an alert raised, its confirmation or retraction, a watch gap opened,
 * its range known, or filled.
 */
export type WatchEvent =
  | { readonly type: 'alert'; readonly alert: Alert }
  | {
      readonly type: 'confirmed';
      readonly id: string;
      readonly rule: RuleId;
      readonly account: HexAddress;
      readonly txid?: TxId;
      readonly block: BlockPoint;
    }
  | {
      readonly type: 'retracted';
      readonly id: string;
      readonly rule: RuleId;
      readonly account: HexAddress;
      readonly txid?: TxId;
      readonly block: BlockPoint;
    }
  | { readonly type: 'gap-opened'; readonly gap: GapRange; readonly reason: string }
  | { readonly type: 'gap-closed'; readonly gap: GapRange }
  | { readonly type: 'gap-filled'; readonly gap: GapRange };

/** An event as stored and delivered: numbered in the order it happened, per network. */
export interface NumberedEvent {
  readonly seq: number;
  readonly network: string;
  readonly event: WatchEvent;
}

export interface CatchUpProgress {
  readonly block: number;
  readonly head: number;
  /** "catching up: block 61,234,000 of 61,240,000" */
  readonly text: string;
}
