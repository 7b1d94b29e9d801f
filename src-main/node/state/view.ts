import type { AccountRecord } from './account';
import { cloneAccount } from './account';
import type { DynamicProperties, TxMutableProperties } from './dynamic';
import type { WitnessRecord } from './witness';
import type { RecordValue } from './records';
import { recordSlot } from './records';

/** Read access to accounts and the account-name index. */
export interface AccountReader {
  getAccount(addressHex: string): AccountRecord | undefined;
  /**
   * The same account, read without keeping it in a cache on the way: for a one-off query, so that
   * a client walking many accounts neither evicts what blocks use nor leaves the garbage collector
   * a cached copy of each to move.
   */
  peekAccount?(addressHex: string): AccountRecord | undefined;
  /** Owner of an account name (hex of the name bytes), if any. */
  nameOwner(nameHex: string): string | undefined;
  /**
   * Contract records kept beside accounts (contract metadata, ABI, code, storage rows, contract
   * states), by namespaced key: one letter naming the kind, then hex (vm-host/contract-records.ts).
   */
  getExt?(key: string): unknown;
  /** Every key of those records that starts with `prefix` (a destroyed contract's rows). */
  extKeys?(prefix: string): Iterable<string>;
}

/**
 * Everything a transaction can read: accounts, witnesses and the keyed records of staking,
 * rewards and TRC-10 (`records.ts` lists the namespaces).
 */
export interface StateReader extends AccountReader {
  getWitness(addressHex: string): WitnessRecord | undefined;
  /** Hex addresses of every witness (super representative or candidate). */
  witnessAddresses(): Iterable<string>;
  getRecord(namespace: string, key: string): RecordValue | undefined;
  /**
   * The keys of a scanned namespace (`SCANNED_RECORDS`) that start with `prefix` (all of them by
   * default), in no particular order.
   */
  recordKeys(namespace: string, prefix?: string): Iterable<string>;
}

const ABSENT = Symbol('absent');
type Slot<T> = T | typeof ABSENT;

/** What one journal layer must undo: previous values of everything it touched first. */
interface Layer {
  readonly accounts: Map<string, Slot<AccountRecord>>;
  witnesses?: Map<string, Slot<WitnessRecord>>;
  records?: Map<string, Slot<RecordValue | null>>;
  names?: Map<string, Slot<string>>;
  /** Contract records: previous overlay value (null = deleted) or ABSENT. */
  ext?: Map<string, Slot<unknown>>;
  /** Addresses whose deletion state changed: whether they were deleted before. */
  deleted?: Map<string, boolean>;
  readonly mutable: TxMutableProperties;
}

/**
 * Copy-on-write state over a base: the pending state over the head, or the block being built.
 * `begin`/`rollback`/`commitTx` give each transaction all-or-nothing effects, as java-tron's
 * revoking-store session does; they nest (savepoints), so a VM frame can revert its staking calls
 * inside a transaction.
 */
export class StateView implements StateReader {
  readonly changes = new Map<string, AccountRecord>();
  readonly nameChanges = new Map<string, string>();
  readonly witnessChanges = new Map<string, WitnessRecord>();
  /** `recordSlot(namespace, key)` → value, or null once deleted. */
  readonly recordChanges = new Map<string, RecordValue | null>();
  /** Accounts removed by this view (a contract's SELFDESTRUCT); never also in `changes`. */
  readonly deletedAccounts = new Set<string>();
  /** Contract records written by this view; `null` = deleted. */
  readonly ext = new Map<string, unknown>();
  readonly mutable: TxMutableProperties;
  private readonly layers: Layer[] = [];

  /** `mutable`: start from these values instead of the head's (a view over another view's state). */
  constructor(
    private readonly base: StateReader,
    readonly props: Readonly<DynamicProperties>,
    mutable?: TxMutableProperties,
  ) {
    const from = mutable ?? props;
    this.mutable = {
      publicNetUsage: from.publicNetUsage,
      publicNetTime: from.publicNetTime,
      burnedSun: from.burnedSun,
      totalNetWeight: from.totalNetWeight,
      totalEnergyWeight: from.totalEnergyWeight,
      totalTronPowerWeight: from.totalTronPowerWeight,
      tokenIdNum: from.tokenIdNum,
    };
  }

  private get top(): Layer | undefined {
    return this.layers[this.layers.length - 1];
  }

  // --- accounts -----------------------------------------------------------------------------------

  getAccount(addressHex: string): AccountRecord | undefined {
    const own = this.changes.get(addressHex);
    if (own) return own;
    if (this.deletedAccounts.size > 0 && this.deletedAccounts.has(addressHex)) return undefined;
    return this.base.getAccount(addressHex);
  }

  peekAccount(addressHex: string): AccountRecord | undefined {
    const own = this.changes.get(addressHex);
    if (own) return own;
    if (this.deletedAccounts.size > 0 && this.deletedAccounts.has(addressHex)) return undefined;
    return this.base.peekAccount ? this.base.peekAccount(addressHex) : this.base.getAccount(addressHex);
  }

  nameOwner(nameHex: string): string | undefined {
    return this.nameChanges.get(nameHex) ?? this.base.nameOwner(nameHex);
  }

  /** A private copy of the account that this transaction may change (undefined when absent). */
  mutableAccount(addressHex: string): AccountRecord | undefined {
    const layer = this.top;
    if (layer) {
      if (layer.accounts.has(addressHex)) return this.changes.get(addressHex);
      const current = this.getAccount(addressHex);
      if (!current) return undefined;
      layer.accounts.set(addressHex, this.changes.get(addressHex) ?? ABSENT);
      const copy = cloneAccount(current);
      this.changes.set(addressHex, copy);
      return copy;
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
    const layer = this.top;
    if (layer && !layer.accounts.has(account.addressHex))
      layer.accounts.set(account.addressHex, this.changes.get(account.addressHex) ?? ABSENT);
    this.markDeleted(account.addressHex, false);
    this.changes.set(account.addressHex, account);
  }

  /** Removes an account (a contract that self-destructed). */
  deleteAccount(addressHex: string): void {
    const layer = this.top;
    if (layer && !layer.accounts.has(addressHex))
      layer.accounts.set(addressHex, this.changes.get(addressHex) ?? ABSENT);
    this.changes.delete(addressHex);
    this.markDeleted(addressHex, true);
  }

  private markDeleted(addressHex: string, deleted: boolean): void {
    if (this.deletedAccounts.has(addressHex) === deleted) return;
    const layer = this.top;
    if (layer) {
      layer.deleted ??= new Map();
      if (!layer.deleted.has(addressHex)) layer.deleted.set(addressHex, !deleted);
    }
    if (deleted) this.deletedAccounts.add(addressHex);
    else this.deletedAccounts.delete(addressHex);
  }

  setName(nameHex: string, ownerHex: string): void {
    const layer = this.top;
    if (layer) {
      layer.names ??= new Map();
      if (!layer.names.has(nameHex)) layer.names.set(nameHex, this.nameChanges.get(nameHex) ?? ABSENT);
    }
    this.nameChanges.set(nameHex, ownerHex);
  }

  // --- witnesses ----------------------------------------------------------------------------------

  getWitness(addressHex: string): WitnessRecord | undefined {
    return this.witnessChanges.get(addressHex) ?? this.base.getWitness(addressHex);
  }

  witnessAddresses(): Iterable<string> {
    if (this.witnessChanges.size === 0) return this.base.witnessAddresses();
    const all = new Set(this.base.witnessAddresses());
    for (const hex of this.witnessChanges.keys()) all.add(hex);
    return all;
  }

  /** A private copy of the witness that may be changed (undefined when absent). */
  mutableWitness(addressHex: string): WitnessRecord | undefined {
    const current = this.getWitness(addressHex);
    if (!current) return undefined;
    const layer = this.top;
    if (layer) {
      layer.witnesses ??= new Map();
      if (layer.witnesses.has(addressHex)) return this.witnessChanges.get(addressHex);
      layer.witnesses.set(addressHex, this.witnessChanges.get(addressHex) ?? ABSENT);
    } else if (this.witnessChanges.has(addressHex)) {
      return this.witnessChanges.get(addressHex);
    }
    const copy = { ...current };
    this.witnessChanges.set(addressHex, copy);
    return copy;
  }

  putWitness(witness: WitnessRecord): void {
    const layer = this.top;
    if (layer) {
      layer.witnesses ??= new Map();
      if (!layer.witnesses.has(witness.addressHex))
        layer.witnesses.set(witness.addressHex, this.witnessChanges.get(witness.addressHex) ?? ABSENT);
    }
    this.witnessChanges.set(witness.addressHex, witness);
  }

  // --- keyed records ------------------------------------------------------------------------------

  getRecord(namespace: string, key: string): RecordValue | undefined {
    const slot = recordSlot(namespace, key);
    if (this.recordChanges.has(slot)) return this.recordChanges.get(slot) ?? undefined;
    return this.base.getRecord(namespace, key);
  }

  recordKeys(namespace: string, prefix = ''): Iterable<string> {
    const slotPrefix = recordSlot(namespace, prefix);
    const keyStart = recordSlot(namespace, '').length;
    let touched = false;
    for (const slot of this.recordChanges.keys()) {
      if (slot.startsWith(slotPrefix)) {
        touched = true;
        break;
      }
    }
    if (!touched) return this.base.recordKeys(namespace, prefix);
    const keys = new Set(this.base.recordKeys(namespace, prefix));
    for (const [slot, value] of this.recordChanges) {
      if (!slot.startsWith(slotPrefix)) continue;
      const key = slot.slice(keyStart);
      if (value === null) keys.delete(key);
      else keys.add(key);
    }
    return keys;
  }

  /** Sets (or, with undefined, deletes) a record. Values are immutable: replace, never mutate. */
  putRecord(namespace: string, key: string, value: RecordValue | undefined): void {
    const slot = recordSlot(namespace, key);
    const layer = this.top;
    if (layer) {
      layer.records ??= new Map();
      if (!layer.records.has(slot))
        layer.records.set(slot, this.recordChanges.has(slot) ? this.recordChanges.get(slot)! : ABSENT);
    }
    if (value === undefined) {
      if (this.recordChanges.has(slot) || this.base.getRecord(namespace, key) !== undefined)
        this.recordChanges.set(slot, null);
    } else {
      this.recordChanges.set(slot, value);
    }
  }

  // --- contract records ---------------------------------------------------------------------------

  getExt(key: string): unknown {
    const own = this.ext.get(key);
    if (own !== undefined) return own === null ? undefined : own;
    return this.base.getExt?.(key);
  }

  /** Writes (or with `null` deletes) a contract record. Values are immutable: replace, never mutate. */
  putExt(key: string, value: unknown): void {
    const layer = this.top;
    if (layer) {
      layer.ext ??= new Map();
      if (!layer.ext.has(key)) layer.ext.set(key, this.ext.has(key) ? this.ext.get(key) : ABSENT);
    }
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

  // --- journal ------------------------------------------------------------------------------------

  /** Opens a journal layer (a transaction, or a savepoint inside one). */
  begin(): void {
    this.layers.push({ accounts: new Map(), mutable: { ...this.mutable } });
  }

  /** Keeps the changes of the innermost layer (they become part of the enclosing one, if any). */
  commitTx(): void {
    const child = this.layers.pop();
    const parent = this.top;
    if (!child || !parent) return;
    for (const [k, v] of child.accounts) if (!parent.accounts.has(k)) parent.accounts.set(k, v);
    if (child.witnesses) {
      parent.witnesses ??= new Map();
      for (const [k, v] of child.witnesses) if (!parent.witnesses.has(k)) parent.witnesses.set(k, v);
    }
    if (child.records) {
      parent.records ??= new Map();
      for (const [k, v] of child.records) if (!parent.records.has(k)) parent.records.set(k, v);
    }
    if (child.names) {
      parent.names ??= new Map();
      for (const [k, v] of child.names) if (!parent.names.has(k)) parent.names.set(k, v);
    }
    if (child.ext) {
      parent.ext ??= new Map();
      for (const [k, v] of child.ext) if (!parent.ext.has(k)) parent.ext.set(k, v);
    }
    if (child.deleted) {
      parent.deleted ??= new Map();
      for (const [k, v] of child.deleted) if (!parent.deleted.has(k)) parent.deleted.set(k, v);
    }
  }

  /** Undoes everything since the innermost `begin`. */
  rollback(): void {
    const layer = this.layers.pop();
    if (!layer) return;
    for (const [hex, previous] of layer.accounts) {
      if (previous === ABSENT) this.changes.delete(hex);
      else this.changes.set(hex, previous);
    }
    for (const [hex, previous] of layer.witnesses ?? []) {
      if (previous === ABSENT) this.witnessChanges.delete(hex);
      else this.witnessChanges.set(hex, previous);
    }
    for (const [slot, previous] of layer.records ?? []) {
      if (previous === ABSENT) this.recordChanges.delete(slot);
      else this.recordChanges.set(slot, previous);
    }
    for (const [name, previous] of layer.names ?? []) {
      if (previous === ABSENT) this.nameChanges.delete(name);
      else this.nameChanges.set(name, previous);
    }
    for (const [key, previous] of layer.ext ?? []) {
      if (previous === ABSENT) this.ext.delete(key);
      else this.ext.set(key, previous);
    }
    for (const [hex, wasDeleted] of layer.deleted ?? []) {
      if (wasDeleted) this.deletedAccounts.add(hex);
      else this.deletedAccounts.delete(hex);
    }
    Object.assign(this.mutable, layer.mutable);
  }
}
