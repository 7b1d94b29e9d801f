import type { Hex, HexAddress } from '../../../src-core/brand';
import { JournaledWorldState } from './journaled-world-state';
import type {
  AccountRecord,
  ContractMeta,
  ContractStateRecord,
  PermissionRecord,
  WorldStateBackend,
  WorldStateDiff,
} from './world-state';

const EMPTY_CODE = new Uint8Array(0);

/**
 * A `WorldStateBackend` held in plain maps: what tests and the bench run against, and a reference
 * for the node's implementation over its store.
 */
export class MemoryWorldStateBackend implements WorldStateBackend {
  readonly accounts = new Map<string, AccountRecord>();
  readonly tokens = new Map<string, Map<string, bigint>>();
  readonly assets = new Set<string>();
  readonly code = new Map<string, Uint8Array>();
  readonly contracts = new Map<string, ContractMeta>();
  readonly storage = new Map<string, Uint8Array>();
  readonly contractStates = new Map<string, ContractStateRecord>();
  readonly permissions = new Map<string, PermissionRecord>();
  readonly records = new Map<string, unknown>();

  getAccount(address: HexAddress): AccountRecord | undefined {
    return this.accounts.get(address);
  }

  getTokenBalance(address: HexAddress, tokenId: string): bigint {
    return this.tokens.get(address)?.get(tokenId) ?? 0n;
  }

  getTokenBalances(address: HexAddress): ReadonlyMap<string, bigint> {
    return this.tokens.get(address) ?? new Map();
  }

  assetExists(tokenId: string): boolean {
    return this.assets.has(tokenId);
  }

  getCode(address: HexAddress): Uint8Array {
    return this.code.get(address) ?? EMPTY_CODE;
  }

  getContract(address: HexAddress): ContractMeta | undefined {
    return this.contracts.get(address);
  }

  getStorage(address: HexAddress, key: Hex): Uint8Array | undefined {
    return this.storage.get(address + key);
  }

  getContractState(address: HexAddress): ContractStateRecord | undefined {
    return this.contractStates.get(address);
  }

  /** Stored permissions by `address:id`; id 0 falls back to java-tron's default owner (self, weight 1). */
  getPermission(address: HexAddress, permissionId: number): PermissionRecord | undefined {
    const stored = this.permissions.get(`${address}:${permissionId}`);
    if (stored !== undefined) return stored;
    if (permissionId === 0 && this.accounts.has(address)) return { threshold: 1n, keys: [{ address, weight: 1n }] };
    return undefined;
  }

  getRecord(namespace: string, key: string): unknown {
    return this.records.get(`${namespace}:${key}`);
  }

  apply(diff: WorldStateDiff): void {
    applyTo(this.accounts, diff.accounts);
    applyTo(this.code, diff.code);
    applyTo(this.contracts, diff.contracts);
    applyTo(this.storage, diff.storage);
    applyTo(this.contractStates, diff.contractStates);
    applyTo(this.records, diff.records);
    for (const [key, amount] of diff.tokens) {
      const split = key.indexOf(':');
      const address = key.slice(0, split);
      let balances = this.tokens.get(address);
      if (balances === undefined) {
        balances = new Map();
        this.tokens.set(address, balances);
      }
      balances.set(key.slice(split + 1), amount);
    }
  }
}

function applyTo<V>(target: Map<string, V>, changes: ReadonlyMap<string, V | null>): void {
  for (const [key, value] of changes) {
    if (value === null) target.delete(key);
    else target.set(key, value);
  }
}

/** An in-memory world: a journaled overlay over a fresh `MemoryWorldStateBackend`. */
export function createMemoryWorldState(): { world: JournaledWorldState; backend: MemoryWorldStateBackend } {
  const backend = new MemoryWorldStateBackend();
  return { world: new JournaledWorldState(backend), backend };
}
