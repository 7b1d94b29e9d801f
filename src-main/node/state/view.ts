import type { AccountRecord } from './account';
import { cloneAccount } from './account';
import type { DynamicProperties } from './dynamic';

/** Read access to accounts and the account-name index. */
export interface AccountReader {
  getAccount(addressHex: string): AccountRecord | undefined;
  /** Owner of an account name (hex of the name bytes), if any. */
  nameOwner(nameHex: string): string | undefined;
  /**
   * Records kept beside accounts (contract metadata, code, storage rows, contract states), by
   * namespaced key: one letter naming the kind, then hex (see `contracts/records.ts`).
   */
  getExt?(key: string): unknown;
  /** Every key of those records that starts with `prefix` (used to drop a destroyed contract's rows). */
  extKeys?(prefix: string): Iterable<string>;
}

/** The few dynamic properties a transaction writes (free-bandwidth pool and burned TRX). */
export interface TxMutableProperties {
  publicNetUsage: bigint;
  publicNetTime: number;
  burnedSun: bigint;
}

const ABSENT = Symbol('absent');
type Slot = AccountRecord | null | typeof ABSENT;

interface AccountJournalEntry {
  readonly slot: Slot;
  readonly deleted: boolean;
}

/**
 * Copy-on-write state over a base: the pending state over the head, or the block being built.
 * `begin`/`rollback`/`commitTx` give each transaction all-or-nothing effects, as java-tron's
 * revoking-store session does. Besides accounts it overlays the contract records (`ext`, where
 * `null` marks a deletion) and account deletions (a contract that self-destructed).
 */
export class StateView implements AccountReader {
  readonly changes = new Map<string, AccountRecord>();
  readonly nameChanges = new Map<string, string>();
  /** Accounts removed by this view (SELFDESTRUCT); never also in `changes`. */
  readonly deletedAccounts = new Set<string>();
  /** Contract records written by this view; `null` = deleted. */
  readonly ext = new Map<string, unknown>();
  readonly mutable: TxMutableProperties;
  private journal: Map<string, AccountJournalEntry> | null = null;
  private nameJournal: string[] | null = null;
  private extJournal: Map<string, unknown> | null = null;
  private mutableSnapshot: TxMutableProperties | null = null;

  constructor(private readonly base: AccountReader, readonly props: Readonly<DynamicProperties>, mutable?: TxMutableProperties) {
    const from = mutable ?? props;
    this.mutable = { publicNetUsage: from.publicNetUsage, publicNetTime: from.publicNetTime, burnedSun: from.burnedSun };
  }

  getAccount(addressHex: string): AccountRecord | undefined {
    const own = this.changes.get(addressHex);
    if (own) return own;
    if (this.deletedAccounts.size > 0 && this.deletedAccounts.has(addressHex)) return undefined;
    return this.base.getAccount(addressHex);
  }

  nameOwner(nameHex: string): string | undefined {
    return this.nameChanges.get(nameHex) ?? this.base.nameOwner(nameHex);
  }

  private remember(addressHex: string): void {
    if (this.journal && !this.journal.has(addressHex)) {
      this.journal.set(addressHex, { slot: this.changes.get(addressHex) ?? ABSENT, deleted: this.deletedAccounts.has(addressHex) });
    }
  }

  /** A private copy of the account that this transaction may change (undefined when absent). */
  mutableAccount(addressHex: string): AccountRecord | undefined {
    if (this.journal) {
      if (!this.journal.has(addressHex)) {
        this.remember(addressHex);
        const current = this.getAccount(addressHex);
        if (!current) return undefined;
        const copy = cloneAccount(current);
        this.changes.set(addressHex, copy);
        return copy;
      }
      return this.changes.get(addressHex);
    }
    const own = this.changes.get(addressHex);
    if (own) return own;
    const current = this.getAccount(addressHex);
    if (!current) return undefined;
    const copy = cloneAccount(current);
    this.changes.set(addressHex, copy);
    return copy;
  }

  /** Creates an account (the address must not exist). */
  putNewAccount(account: AccountRecord): void {
    this.remember(account.addressHex);
    this.deletedAccounts.delete(account.addressHex);
    this.changes.set(account.addressHex, account);
  }

  /** Removes an account (a self-destructed contract). */
  deleteAccount(addressHex: string): void {
    this.remember(addressHex);
    this.changes.delete(addressHex);
    this.deletedAccounts.add(addressHex);
  }

  setName(nameHex: string, ownerHex: string): void {
    this.nameJournal?.push(nameHex);
    this.nameChanges.set(nameHex, ownerHex);
  }

  // --- contract records ------------------------------------------------------------------------

  getExt(key: string): unknown {
    const own = this.ext.get(key);
    if (own !== undefined) return own === null ? undefined : own;
    return this.base.getExt?.(key);
  }

  /** Writes (or with `null` deletes) a contract record. */
  putExt(key: string, value: unknown): void {
    if (this.extJournal && !this.extJournal.has(key)) this.extJournal.set(key, this.ext.has(key) ? this.ext.get(key) : ABSENT);
    this.ext.set(key, value);
  }

  *extKeys(prefix: string): Iterable<string> {
    const seen = new Set<string>();
    for (const [key, value] of this.ext) {
      if (!key.startsWith(prefix)) continue;
      seen.add(key);
      if (value !== null) yield key;
    }
    for (const key of this.base.extKeys?.(prefix) ?? []) if (!seen.has(key)) yield key;
  }

  // --- transactions ----------------------------------------------------------------------------

  begin(): void {
    this.journal = new Map();
    this.nameJournal = [];
    this.extJournal = new Map();
    this.mutableSnapshot = { ...this.mutable };
  }

  commitTx(): void {
    this.journal = null;
    this.nameJournal = null;
    this.extJournal = null;
    this.mutableSnapshot = null;
  }

  rollback(): void {
    if (this.journal) {
      for (const [hex, previous] of this.journal) {
        if (previous.slot === ABSENT || previous.slot === null) this.changes.delete(hex);
        else this.changes.set(hex, previous.slot);
        if (previous.deleted) this.deletedAccounts.add(hex);
        else this.deletedAccounts.delete(hex);
      }
    }
    for (const name of this.nameJournal ?? []) this.nameChanges.delete(name);
    if (this.extJournal) {
      for (const [key, previous] of this.extJournal) {
        if (previous === ABSENT) this.ext.delete(key);
        else this.ext.set(key, previous);
      }
    }
    if (this.mutableSnapshot) Object.assign(this.mutable, this.mutableSnapshot);
    this.commitTx();
  }
}
