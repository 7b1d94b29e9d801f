import type { AuditBodyInput, AuditBundle } from '../../../src-core/audit';

/**
 * One step of a treasury transaction for its audit log. Addresses may be Base58 or hex: the log
 * writes them in the chain's lowercase hex form.
 */
export interface AuditStep {
  /** The treasury account the step is about (the transaction's owner). */
  readonly account: string;
  readonly txId?: string;
  /** The payout bundle's id when the transaction is one row of a run. */
  readonly bundleId?: string;
  readonly body: AuditBodyInput;
}

/** The policy service's verdict on one transaction (or bundle), with the version it checked against. */
export type AuditVerdictStep = Omit<AuditStep, 'body'> & {
  readonly body: Omit<Extract<AuditBodyInput, { kind: 'verdict' }>, 'kind'>;
};

/**
 * Where every step of a transaction is written down: this desk's append-only audit log
 * (`audit/audit-log.ts` implements it). Declared here, the lowest floor that records a step
 * (proposals), so consent, transactions and co-signing record without importing the log's floor.
 * Appending never throws: a log that cannot be written is reported in main's log, and the
 * transaction goes on, since a payment in flight must not be stranded by a full disk.
 */
export interface AuditSink {
  /** The app's version, for proposal entries. */
  readonly appVersion: string;
  append(step: AuditStep): Promise<void>;
  /** The policy verdict and version, for the policy service to call before the consent window opens. */
  appendVerdict(step: AuditVerdictStep): Promise<void>;
  /** The account's log as this desk holds it (its own chain and what it received), to travel in an envelope. */
  bundleFor(account: string): Promise<AuditBundle | undefined>;
  /**
   * The same without waiting, from a log this session already opened (undefined otherwise), for
   * exports that answer at once; `bundleFor` opens the log, so call it first where a wait is fine.
   */
  heldBundle(account: string): AuditBundle | undefined;
  /**
   * Merges a bundle received in an envelope into this desk's log. Throws `AuditError` (a fork:
   * two different entries at one place; another account) with a sentence, and keeps nothing.
   */
  receive(bundle: AuditBundle): Promise<void>;
}

/** A sink that records nothing: services built without a log (tests of one service). */
export const noAuditSink: AuditSink = {
  appVersion: 'unstated',
  append: async () => undefined,
  appendVerdict: async () => undefined,
  bundleFor: async () => undefined,
  heldBundle: () => undefined,
  receive: async () => undefined,
};
