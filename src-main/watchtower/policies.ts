import type { HexAddress } from '../../src-core/brand';
import type { PolicyContact, PolicyDocument } from '../../src-core/policy';

/** A treasury policy the watchtower holds for one account, with what the desk knows beside it. */
export interface WatchedPolicy {
  /** A policy whose owner signatures were already verified by whoever provides it. */
  readonly policy: PolicyDocument;
  /**
   * The address book with its tags and dates, for the recipient allowlist and its cooling-off.
   * Absent when the provider has none (the headless watcher): recipients are then not judged.
   */
  readonly addressBook?: readonly PolicyContact[];
}

/**
 * Where the watchtower gets policies: in the app, the wallet's policy store; headless, the signed
 * policy files its configuration lists. Asked once per outflow, so it answers from memory.
 */
export interface PolicyProvider {
  policyFor(account: HexAddress): WatchedPolicy | undefined;
}
