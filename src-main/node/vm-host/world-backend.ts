import type { Hex, HexAddress } from '../../../src-core/brand';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import type { AccountRecord as NodeAccount } from '../state/account';
import { newAccount, permissionById } from '../state/account';
import type { StateView } from '../state/view';
import type { TxMutableProperties } from '../state/dynamic';
import type { WitnessRecord } from '../state/witness';
import { splitSlot } from '../state/records';
import { getAsset } from '../trc10/assets';
import { JournaledWorldState } from '../vm/journaled-world-state';
import type {
  AccountRecord,
  AccountTypeName,
  ContractMeta,
  ContractStateRecord,
  PermissionRecord,
  WorldStateBackend,
  WorldStateDiff,
} from '../vm/world-state';
import { AccountType } from '../vm/world-state';
import type { AbiMessage, ContractRecord } from './contract-records';
import { abiKey, codeKey, contractKey, stateKey, storageKey } from './contract-records';

/**
 * `WorldStateBackend` over a node `StateView` (vm/README.md "The world-state contract"): reads
 * see the view (head + pending + this block), `apply` writes a VM transaction's changes into the
 * view inside the transaction's journal, so a later refusal rolls them back with everything else.
 */
const TYPE_NAMES: readonly AccountTypeName[] = [AccountType.Normal, AccountType.AssetIssue, AccountType.Contract];
const TYPE_CODES: Record<AccountTypeName, number> = { Normal: 0, AssetIssue: 1, Contract: 2 };
const EMPTY_CODE = new Uint8Array(0);

/** Account.type code of a VM account type. */
export function typeCodeOf(type: AccountTypeName): number {
  return TYPE_CODES[type];
}

/** Staged staking effects (vm-host/world-staking.ts): the namespaces the VM world carries them in. */
const STAGED_ACCOUNT = 'acct';
const STAGED_RECORD = 'rec';
const STAGED_WITNESS = 'wit';
const STAGED_TOTALS = 'totals';

export interface WorldEnvironment {
  /** create_time of Normal accounts the VM creates (latest block header time). */
  readonly headTimestamp: number;
  /** Operations of the default active permission of new accounts. */
  readonly activeOperations: Uint8Array;
  readonly nowSlot: number;
}

/** TRC10 balances (`Account.assetV2`, token id → amount). */
export function tokenBalancesOf(account: NodeAccount | undefined): ReadonlyMap<string, bigint> {
  return account?.assetV2 ?? new Map();
}

export class ViewWorldBackend implements WorldStateBackend {
  constructor(
    readonly view: StateView,
    readonly env: WorldEnvironment,
  ) {}

  getAccount(address: HexAddress): AccountRecord | undefined {
    const account = this.view.getAccount(address);
    if (!account) return undefined;
    return { type: TYPE_NAMES[account.type] ?? AccountType.Normal, balance: account.balance };
  }

  getTokenBalance(address: HexAddress, tokenId: string): bigint {
    return this.view.getAccount(address)?.assetV2.get(tokenId) ?? 0n;
  }

  getTokenBalances(address: HexAddress): ReadonlyMap<string, bigint> {
    return tokenBalancesOf(this.view.getAccount(address));
  }

  assetExists(tokenId: string): boolean {
    return getAsset(this.view, tokenId) !== undefined;
  }

  getCode(address: HexAddress): Uint8Array {
    return (this.view.getExt(codeKey(address)) as Uint8Array | undefined) ?? EMPTY_CODE;
  }

  getContract(address: HexAddress): ContractMeta | undefined {
    return this.view.getExt(contractKey(address)) as ContractRecord | undefined;
  }

  getStorage(address: HexAddress, key: Hex): Uint8Array | undefined {
    return this.view.getExt(storageKey(address, key)) as Uint8Array | undefined;
  }

  getContractState(address: HexAddress): ContractStateRecord | undefined {
    return this.view.getExt(stateKey(address)) as ContractStateRecord | undefined;
  }

  getPermission(address: HexAddress, permissionId: number): PermissionRecord | undefined {
    const account = this.view.getAccount(address);
    if (!account) return undefined;
    const permission = permissionById(account, permissionId);
    if (!permission) return undefined;
    return {
      threshold: permission.threshold,
      keys: permission.keys.map((k) => ({ address: k.addressHex as HexAddress, weight: k.weight })),
    };
  }

  /** Staged staking effects exist only in the VM world's overlay (vm-host/world-staking.ts). */
  getRecord(): unknown {
    return undefined;
  }

  apply(diff: WorldStateDiff): void {
    const view = this.view;
    this.applyStaged(diff);
    for (const [address, record] of diff.accounts) {
      if (record === null) {
        view.deleteAccount(address);
        continue;
      }
      const account = view.mutableAccount(address);
      if (account) {
        account.balance = record.balance;
        account.type = TYPE_CODES[record.type];
      } else {
        view.putNewAccount(this.createAccount(address, record, diff.contracts.get(address)));
      }
    }
    for (const [key, amount] of diff.tokens) {
      const split = key.indexOf(':');
      const account = view.mutableAccount(key.slice(0, split));
      if (!account) continue;
      // assetV2 is shared with the committed record: replace it, never write into it.
      account.assetV2 = new Map(account.assetV2).set(key.slice(split + 1), amount);
    }
    for (const [address, code] of diff.code) view.putExt(codeKey(address), code);
    for (const [address, meta] of diff.contracts) {
      if (meta === null) {
        view.putExt(contractKey(address), null);
        view.putExt(abiKey(address), null);
        continue;
      }
      const previous = view.getExt(contractKey(address)) as ContractRecord | undefined;
      const { abi, ...rest } = meta;
      const record: ContractRecord = { ...previous, ...rest, address };
      view.putExt(contractKey(address), record);
      if (abi !== undefined) view.putExt(abiKey(address), abi as AbiMessage);
    }
    for (const [key, value] of diff.storage) view.putExt(`S${key}`, value);
    for (const [address, state] of diff.contractStates) view.putExt(stateKey(address), state);
  }

  /**
   * Staking effects the hooks staged (whole accounts, keyed records, witnesses, stake totals). They
   * go in first: the VM's own account, balance and token changes of the same transaction follow.
   */
  private applyStaged(diff: WorldStateDiff): void {
    const view = this.view;
    for (const [key, value] of diff.records) {
      if (value === null) continue;
      const at = key.indexOf(':');
      const namespace = key.slice(0, at);
      const id = key.slice(at + 1);
      if (namespace === STAGED_ACCOUNT) {
        const staged = value as NodeAccount;
        const account = view.mutableAccount(id);
        if (account) Object.assign(account, staged);
        else view.putNewAccount({ ...staged });
      } else if (namespace === STAGED_RECORD) {
        const [recordNamespace, recordKey] = splitSlot(id);
        view.putRecord(recordNamespace, recordKey, (value as { v: unknown }).v ?? undefined);
      } else if (namespace === STAGED_WITNESS) {
        view.putWitness(value as WitnessRecord);
      } else if (namespace === STAGED_TOTALS) {
        Object.assign(view.mutable, value as TxMutableProperties);
      } else {
        throw new Error(`The VM wrote a record the node does not know: ${namespace}.`);
      }
    }
  }

  /**
   * A contract account as java-tron's `createAccount(address, name, Contract)` makes it (address,
   * name, type; no permissions), or a Normal account as `createNormalAccount` does.
   */
  private createAccount(
    address: HexAddress,
    record: AccountRecord,
    contract: ContractMeta | null | undefined,
  ): NodeAccount {
    const bytes = hexToBytes(address);
    if (record.type === AccountType.Contract) {
      const account = newAccount(bytes, {
        createTime: 0,
        activeOperations: this.env.activeOperations,
        type: TYPE_CODES.Contract,
      });
      return {
        ...account,
        accountName: utf8ToBytes(contract?.name ?? ''),
        ownerPermission: undefined,
        activePermissions: [],
        balance: record.balance,
      };
    }
    const account = newAccount(bytes, {
      createTime: this.env.headTimestamp,
      activeOperations: this.env.activeOperations,
      type: TYPE_CODES[record.type],
    });
    return { ...account, balance: record.balance };
  }
}

/** Worlds handed to the VM, mapped back to their backend (the staking adapter reads the view). */
const backends = new WeakMap<object, ViewWorldBackend>();

export function worldOver(
  view: StateView,
  env: WorldEnvironment,
): { world: JournaledWorldState; backend: ViewWorldBackend } {
  const backend = new ViewWorldBackend(view, env);
  const world = new JournaledWorldState(backend);
  backends.set(world, backend);
  return { world, backend };
}

export function backendOf(world: object): ViewWorldBackend | undefined {
  return backends.get(world);
}
