import type { Hex, HexAddress } from '../../../src-core/brand';

/**
 * The boundary between the VM and the node's state.
 *
 * Two layers:
 * - `WorldStateBackend` is what the node implements over its store: synchronous reads of the
 *   committed state and `apply(diff)` to persist what a block (or a tx) changed.
 * - `TronWorldState` is what the VM talks to: the same reads plus writes and an O(1)
 *   checkpoint/commit/revert journal. `JournaledWorldState` implements it over any backend, so
 *   TRX, TRC10, code, storage rows, contract metadata and the staking hooks' records all revert
 *   together with a failed frame.
 *
 * Addresses are always the 21-byte form (`41…`, lowercase hex). Storage keys and values are
 * 32 bytes; a row that is absent (`undefined`) differs from a row holding zero (EnergyCost.getSstoreCost,
 * Storage.commit).
 */

export const AccountType = { Normal: 'Normal', AssetIssue: 'AssetIssue', Contract: 'Contract' } as const;
export type AccountTypeName = (typeof AccountType)[keyof typeof AccountType];

export interface AccountRecord {
  readonly type: AccountTypeName;
  /** TRX balance in sun. */
  readonly balance: bigint;
}

/** `SmartContract` fields the VM reads or writes (smart_contract.proto). */
export interface ContractMeta {
  readonly originAddress: HexAddress;
  /** 0..100: the share of energy the caller pays. */
  readonly consumeUserResourcePercent: bigint;
  /** Energy the origin pays at most per call. */
  readonly originEnergyLimit: bigint;
  /** 1 for contracts deployed after allowTvmCompatibleEvm; selects call-energy rules (EnergyCost.getCallEnergy). */
  readonly version: number;
  readonly name: string;
  /** keccak256 of the runtime code, once known. */
  readonly codeHash?: Uint8Array;
  /** Root tx id for CREATE2-made contracts (`trx_hash`). */
  readonly trxHash?: Uint8Array;
  /** ABI as the node stores it (opaque to the VM). */
  readonly abi?: unknown;
}

/** `ContractState` of the dynamic energy model (TIP-491, ContractStateCapsule). */
export interface ContractStateRecord {
  readonly energyUsage: bigint;
  /** Extra factor over 1.0 with precision 10 000 (0 = no penalty). */
  readonly energyFactor: bigint;
  readonly updateCycle: bigint;
}

/** An account permission as validatemultisign sees it (Tron.proto `Permission`, TransactionCapsule.checkWeight). */
export interface PermissionRecord {
  readonly threshold: bigint;
  readonly keys: readonly { readonly address: HexAddress; readonly weight: bigint }[];
}

/** Reads of committed state. Everything is synchronous: the node answers from its in-memory state. */
export interface WorldStateReader {
  getAccount(address: HexAddress): AccountRecord | undefined;
  /** TRC10 balance by token id (decimal string, as `assetV2` keys). */
  getTokenBalance(address: HexAddress, tokenId: string): bigint;
  /** Every TRC10 entry of the account, zero entries included (SELFDESTRUCT moves them all). */
  getTokenBalances(address: HexAddress): ReadonlyMap<string, bigint>;
  /** Whether a TRC10 asset with this id was issued (`AssetIssueV2Store`). */
  assetExists(tokenId: string): boolean;
  /** Runtime code; an empty array when there is none. Return the same array for the same code. */
  getCode(address: HexAddress): Uint8Array;
  getContract(address: HexAddress): ContractMeta | undefined;
  /** 32-byte value of a storage row, or `undefined` when the row does not exist. */
  getStorage(address: HexAddress, key: Hex): Uint8Array | undefined;
  getContractState(address: HexAddress): ContractStateRecord | undefined;
  /** Effective permission by id (0 owner – the default owner when unset, 1 witness, ≥2 active). */
  getPermission(address: HexAddress, permissionId: number): PermissionRecord | undefined;
  /** Opaque records owned by the staking hooks (namespace → key → value). */
  getRecord(namespace: string, key: string): unknown;
}

/** What a committed change set looks like; `null` deletes. */
export interface WorldStateDiff {
  readonly accounts: ReadonlyMap<HexAddress, AccountRecord | null>;
  /** `address ‖ ':' ‖ tokenId` → balance. */
  readonly tokens: ReadonlyMap<string, bigint>;
  readonly code: ReadonlyMap<HexAddress, Uint8Array | null>;
  readonly contracts: ReadonlyMap<HexAddress, ContractMeta | null>;
  /** `address ‖ key` (42 + 64 hex chars) → 32-byte value, or `null` to delete the row. */
  readonly storage: ReadonlyMap<string, Uint8Array | null>;
  readonly contractStates: ReadonlyMap<HexAddress, ContractStateRecord | null>;
  /** `namespace ‖ ':' ‖ key` → value, or `null` to delete. */
  readonly records: ReadonlyMap<string, unknown>;
}

/** Implemented by the node over its store. */
export interface WorldStateBackend extends WorldStateReader {
  apply(diff: WorldStateDiff): void;
}

/** The VM-facing state: reads see uncommitted writes; every write can be reverted by frame. */
export interface TronWorldState extends WorldStateReader {
  /** Opens a nested layer (one per VM frame); O(1). */
  checkpoint(): void;
  /** Merges the top layer into the one below; O(1). Closing the outermost layer ends the tx. */
  commit(): void;
  /** Undoes everything written since the matching checkpoint. */
  revert(): void;
  /** Open checkpoints; 0 between transactions. */
  readonly depth: number;

  putAccount(address: HexAddress, account: AccountRecord): void;
  deleteAccount(address: HexAddress): void;
  setTokenBalance(address: HexAddress, tokenId: string, amount: bigint): void;
  setCode(address: HexAddress, code: Uint8Array): void;
  putContract(address: HexAddress, meta: ContractMeta): void;
  deleteContract(address: HexAddress): void;
  setStorage(address: HexAddress, key: Hex, value: Uint8Array): void;
  putContractState(address: HexAddress, state: ContractStateRecord): void;
  putRecord(namespace: string, key: string, value: unknown): void;
}

/** Convenience accessors every caller needs; thin wrappers over `TronWorldState`. */
export function balanceOf(world: WorldStateReader, address: HexAddress): bigint {
  return world.getAccount(address)?.balance ?? 0n;
}

export function addBalance(world: TronWorldState, address: HexAddress, delta: bigint): void {
  const account = world.getAccount(address);
  if (account === undefined) {
    world.putAccount(address, { type: AccountType.Normal, balance: delta });
    return;
  }
  world.putAccount(address, { type: account.type, balance: account.balance + delta });
}

/** java-tron `createAccountIfNotExist` (allowTvmSolidity059): a value transfer creates a Normal account. */
export function ensureAccount(world: TronWorldState, address: HexAddress): void {
  if (world.getAccount(address) === undefined) world.putAccount(address, { type: AccountType.Normal, balance: 0n });
}
