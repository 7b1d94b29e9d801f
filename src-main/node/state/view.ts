import type { AccountRecord } from './account';
import { cloneAccount } from './account';
import type { DynamicProperties } from './dynamic';

/** Read access to accounts and the account-name index. */
export interface AccountReader {
  getAccount(addressHex: string): AccountRecord | undefined;
  /** Owner of an account name (hex of the name bytes), if any. */
  nameOwner(nameHex: string): string | undefined;
}

/** The few dynamic properties a transaction writes (free-bandwidth pool and burned TRX). */
export interface TxMutableProperties {
  publicNetUsage: bigint;
  publicNetTime: number;
  burnedSun: bigint;
}

const ABSENT = Symbol('absent');
type Slot = AccountRecord | null | typeof ABSENT;

/**
 * Copy-on-write state over a base: the pending state over the head, or the block being built.
 * `begin`/`rollback`/`commitTx` give each transaction all-or-nothing effects, as java-tron's
 * revoking-store session does.
 */
export class StateView implements AccountReader {
  readonly changes = new Map<string, AccountRecord>();
  readonly nameChanges = new Map<string, string>();
  readonly mutable: TxMutableProperties;
  private journal: Map<string, Slot> | null = null;
  private nameJournal: string[] | null = null;
  private mutableSnapshot: TxMutableProperties | null = null;

  constructor(private readonly base: AccountReader, readonly props: Readonly<DynamicProperties>) {
    this.mutable = { publicNetUsage: props.publicNetUsage, publicNetTime: props.publicNetTime, burnedSun: props.burnedSun };
  }

  getAccount(addressHex: string): AccountRecord | undefined {
    const own = this.changes.get(addressHex);
    return own ?? this.base.getAccount(addressHex);
  }

  nameOwner(nameHex: string): string | undefined {
    return this.nameChanges.get(nameHex) ?? this.base.nameOwner(nameHex);
  }

  /** A private copy of the account that this transaction may change (undefined when absent). */
  mutableAccount(addressHex: string): AccountRecord | undefined {
    if (this.journal) {
      if (!this.journal.has(addressHex)) {
        this.journal.set(addressHex, this.changes.get(addressHex) ?? ABSENT);
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
    const current = this.base.getAccount(addressHex);
    if (!current) return undefined;
    const copy = cloneAccount(current);
    this.changes.set(addressHex, copy);
    return copy;
  }

  /** Creates an account (the address must not exist). */
  putNewAccount(account: AccountRecord): void {
    if (this.journal && !this.journal.has(account.addressHex)) this.journal.set(account.addressHex, this.changes.get(account.addressHex) ?? ABSENT);
    this.changes.set(account.addressHex, account);
  }

  setName(nameHex: string, ownerHex: string): void {
    this.nameJournal?.push(nameHex);
    this.nameChanges.set(nameHex, ownerHex);
  }

  begin(): void {
    this.journal = new Map();
    this.nameJournal = [];
    this.mutableSnapshot = { ...this.mutable };
  }

  commitTx(): void {
    this.journal = null;
    this.nameJournal = null;
    this.mutableSnapshot = null;
  }

  rollback(): void {
    if (this.journal) {
      for (const [hex, previous] of this.journal) {
        if (previous === ABSENT || previous === null) this.changes.delete(hex);
        else this.changes.set(hex, previous);
      }
    }
    for (const name of this.nameJournal ?? []) this.nameChanges.delete(name);
    if (this.mutableSnapshot) Object.assign(this.mutable, this.mutableSnapshot);
    this.commitTx();
  }
}
