import type { Hex, HexAddress } from '../../../src-core/brand';
import type {
  AccountRecord,
  ContractMeta,
  ContractStateRecord,
  PermissionRecord,
  TronWorldState,
  WorldStateBackend,
  WorldStateDiff,
} from './world-state';
import { VmStateError } from '../errors';

/** Marks an entry deleted in the overlay (as opposed to "not overlaid": `undefined`). */
const DELETED = Symbol('deleted');
type Slot<V> = V | typeof DELETED;

interface JournalEntry {
  readonly map: Map<string, unknown>;
  readonly key: string;
  readonly had: boolean;
  readonly prev: unknown;
}

const EMPTY_CODE = new Uint8Array(0);

/**
 * `TronWorldState` over a backend: one overlay map per kind of state and an undo journal.
 * `checkpoint` records the journal length, `commit` forgets the mark, `revert` replays the undo
 * entries back to it – all frames share one overlay, so a checkpoint costs O(1) regardless of how
 * much state the transaction touched. Closing the outermost checkpoint ends the transaction:
 * storage rows that were written zero are deleted then, not earlier, because java-tron prices
 * SSTORE by row existence and zero rows stay in its per-tx row cache until commit (java-tron Storage.commit).
 */
export class JournaledWorldState implements TronWorldState {
  private readonly accounts = new Map<string, Slot<AccountRecord>>();
  private readonly tokens = new Map<string, bigint>();
  private readonly code = new Map<string, Slot<Uint8Array>>();
  private readonly contracts = new Map<string, Slot<ContractMeta>>();
  private readonly storage = new Map<string, Slot<Uint8Array>>();
  private readonly contractStates = new Map<string, Slot<ContractStateRecord>>();
  private readonly records = new Map<string, Slot<unknown>>();
  private readonly journal: JournalEntry[] = [];
  private readonly marks: number[] = [];

  constructor(private readonly backend: WorldStateBackend) {}

  get depth(): number {
    return this.marks.length;
  }

  checkpoint(): void {
    this.marks.push(this.journal.length);
  }

  commit(): void {
    if (this.marks.pop() === undefined)
      throw new VmStateError('JOURNAL_UNBALANCED', 'commit() was called without an open checkpoint.');
    if (this.marks.length === 0) this.endTransaction();
  }

  revert(): void {
    const mark = this.marks.pop();
    if (mark === undefined)
      throw new VmStateError('JOURNAL_UNBALANCED', 'revert() was called without an open checkpoint.');
    const journal = this.journal;
    for (let i = journal.length - 1; i >= mark; i--) {
      const entry = journal[i]!;
      if (entry.had) entry.map.set(entry.key, entry.prev);
      else entry.map.delete(entry.key);
    }
    journal.length = mark;
  }

  private write(map: Map<string, unknown>, key: string, value: unknown): void {
    if (this.marks.length > 0) this.journal.push({ map, key, had: map.has(key), prev: map.get(key) });
    map.set(key, value);
  }

  /** The transaction committed: rows it left at zero stop existing (java-tron `Storage.commit`). */
  private endTransaction(): void {
    for (const entry of this.journal) {
      if (entry.map !== this.storage) continue;
      const value = this.storage.get(entry.key);
      if (value instanceof Uint8Array && isZero(value)) this.storage.set(entry.key, DELETED);
    }
    this.journal.length = 0;
  }

  // --- accounts -------------------------------------------------------------------------------

  getAccount(address: HexAddress): AccountRecord | undefined {
    const slot = this.accounts.get(address);
    if (slot === undefined) return this.backend.getAccount(address);
    return slot === DELETED ? undefined : slot;
  }

  putAccount(address: HexAddress, account: AccountRecord): void {
    if (account.balance < 0n)
      throw new VmStateError('NEGATIVE_BALANCE', `The balance of ${address} would become negative.`, { address });
    this.write(this.accounts, address, account);
  }

  deleteAccount(address: HexAddress): void {
    this.write(this.accounts, address, DELETED);
  }

  // --- TRC10 ----------------------------------------------------------------------------------

  getTokenBalance(address: HexAddress, tokenId: string): bigint {
    const value = this.tokens.get(`${address}:${tokenId}`);
    return value ?? this.backend.getTokenBalance(address, tokenId);
  }

  getTokenBalances(address: HexAddress): ReadonlyMap<string, bigint> {
    const merged = new Map(this.backend.getTokenBalances(address));
    const prefix = `${address}:`;
    for (const [key, value] of this.tokens) {
      if (key.startsWith(prefix)) merged.set(key.slice(prefix.length), value);
    }
    return merged;
  }

  setTokenBalance(address: HexAddress, tokenId: string, amount: bigint): void {
    if (amount < 0n)
      throw new VmStateError('NEGATIVE_BALANCE', `The token ${tokenId} balance of ${address} would become negative.`, {
        address,
        tokenId,
      });
    this.write(this.tokens, `${address}:${tokenId}`, amount);
  }

  assetExists(tokenId: string): boolean {
    return this.backend.assetExists(tokenId);
  }

  // --- code and contracts ---------------------------------------------------------------------

  getCode(address: HexAddress): Uint8Array {
    const slot = this.code.get(address);
    if (slot === undefined) return this.backend.getCode(address);
    return slot === DELETED ? EMPTY_CODE : slot;
  }

  setCode(address: HexAddress, code: Uint8Array): void {
    this.write(this.code, address, code);
  }

  getContract(address: HexAddress): ContractMeta | undefined {
    const slot = this.contracts.get(address);
    if (slot === undefined) return this.backend.getContract(address);
    return slot === DELETED ? undefined : slot;
  }

  putContract(address: HexAddress, meta: ContractMeta): void {
    this.write(this.contracts, address, meta);
  }

  /** Removes contract metadata and code (java-tron `deleteContract`; storage rows are not touched). */
  deleteContract(address: HexAddress): void {
    this.write(this.contracts, address, DELETED);
    this.write(this.code, address, DELETED);
  }

  // --- storage --------------------------------------------------------------------------------

  getStorage(address: HexAddress, key: Hex): Uint8Array | undefined {
    const slot = this.storage.get(address + key);
    if (slot === undefined) return this.backend.getStorage(address, key);
    return slot === DELETED ? undefined : slot;
  }

  setStorage(address: HexAddress, key: Hex, value: Uint8Array): void {
    if (value.length !== 32)
      throw new VmStateError('STORAGE_VALUE_LENGTH', `A storage value is 32 bytes, got ${value.length}.`);
    this.write(this.storage, address + key, value);
  }

  // --- dynamic energy, permissions, staking records ------------------------------------------

  getContractState(address: HexAddress): ContractStateRecord | undefined {
    const slot = this.contractStates.get(address);
    if (slot === undefined) return this.backend.getContractState(address);
    return slot === DELETED ? undefined : slot;
  }

  putContractState(address: HexAddress, state: ContractStateRecord): void {
    this.write(this.contractStates, address, state);
  }

  getPermission(address: HexAddress, permissionId: number): PermissionRecord | undefined {
    return this.backend.getPermission(address, permissionId);
  }

  getRecord(namespace: string, key: string): unknown {
    const slot = this.records.get(`${namespace}:${key}`);
    if (slot === undefined) return this.backend.getRecord(namespace, key);
    return slot === DELETED ? undefined : slot;
  }

  putRecord(namespace: string, key: string, value: unknown): void {
    this.write(this.records, `${namespace}:${key}`, value === undefined ? DELETED : value);
  }

  // --- flushing -------------------------------------------------------------------------------

  /** Everything written since the last flush, as the node persists it; `null` deletes. */
  diff(): WorldStateDiff {
    if (this.marks.length !== 0)
      throw new VmStateError('JOURNAL_OPEN', 'The state cannot be flushed while a transaction is running.');
    return {
      accounts: unwrap(this.accounts) as Map<HexAddress, AccountRecord | null>,
      tokens: new Map(this.tokens),
      code: unwrap(this.code) as Map<HexAddress, Uint8Array | null>,
      contracts: unwrap(this.contracts) as Map<HexAddress, ContractMeta | null>,
      storage: unwrap(this.storage),
      contractStates: unwrap(this.contractStates) as Map<HexAddress, ContractStateRecord | null>,
      records: unwrap(this.records),
    };
  }

  /** Hands the accumulated changes to the backend and starts over with an empty overlay. */
  flush(): WorldStateDiff {
    const diff = this.diff();
    this.backend.apply(diff);
    for (const map of [
      this.accounts,
      this.tokens,
      this.code,
      this.contracts,
      this.storage,
      this.contractStates,
      this.records,
    ])
      map.clear();
    return diff;
  }
}

function unwrap<V>(map: Map<string, Slot<V>>): Map<string, V | null> {
  const out = new Map<string, V | null>();
  for (const [key, value] of map) out.set(key, value === DELETED ? null : value);
  return out;
}

function isZero(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}
