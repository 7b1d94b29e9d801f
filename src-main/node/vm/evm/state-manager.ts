import type { StateManagerInterface } from '@ethereumjs/common';
import { Account, KECCAK256_NULL, KECCAK256_RLP, type Address } from '@ethereumjs/util';
import type { AccountFields } from '@ethereumjs/common';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { Hex } from '../../../../src-core/brand';
import { bytesToHex } from '../../../../src-core/bytes/hex';
import { AccountType, type TronWorldState } from '../world-state';
import { hexAddressOf } from './addresses';
import { VmStateError } from '../../errors';

/** Stands in for a code hash on contract accounts: ethereumjs only uses it to detect CREATE collisions. */
const CONTRACT_MARKER = new Uint8Array(32).fill(1);
const EMPTY = new Uint8Array(0);

function toWord(value: Uint8Array): Uint8Array {
  if (value.length === 32) return value;
  const out = new Uint8Array(32);
  out.set(value, 32 - value.length);
  return out;
}

/**
 * @ethereumjs/evm's `StateManagerInterface` over a `TronWorldState`. TRON accounts have no nonce
 * and no state root; an account exists in TRON terms only when the world says so, so a zero-value
 * "touch" from ethereumjs does not create one (TVM creates accounts only for value transfers,
 * `createAccountIfNotExist`). Checkpoints map 1:1 onto the world's journal.
 */
export class TronStateManager implements StateManagerInterface {
  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => this.getStorage(address, key),
    clear: (): void => {},
  };

  /** The world of the running transaction; `TronVm` points it at each request's world. */
  constructor(public world: TronWorldState) {}

  async getAccount(address: Address): Promise<Account | undefined> {
    const hex = hexAddressOf(address);
    const account = this.world.getAccount(hex);
    if (account === undefined) return undefined;
    const codeHash = account.type === AccountType.Contract ? CONTRACT_MARKER : KECCAK256_NULL;
    return new Account(0n, account.balance, KECCAK256_RLP, codeHash);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    const hex = hexAddressOf(address);
    const existing = this.world.getAccount(hex);
    if (account === undefined) {
      if (existing !== undefined) this.world.deleteAccount(hex);
      return;
    }
    if (existing === undefined) {
      if (account.balance > 0n) this.world.putAccount(hex, { type: AccountType.Normal, balance: account.balance });
      return;
    }
    if (existing.balance !== account.balance)
      this.world.putAccount(hex, { type: existing.type, balance: account.balance });
  }

  async deleteAccount(address: Address): Promise<void> {
    this.world.deleteAccount(hexAddressOf(address));
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    if (fields.balance === undefined) return;
    const hex = hexAddressOf(address);
    const existing = this.world.getAccount(hex);
    this.world.putAccount(hex, { type: existing?.type ?? AccountType.Normal, balance: fields.balance });
  }

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    const hex = hexAddressOf(address);
    this.world.setCode(hex, value);
    const meta = this.world.getContract(hex);
    if (meta !== undefined) this.world.putContract(hex, { ...meta, codeHash: keccak_256(value) });
  }

  async getCode(address: Address): Promise<Uint8Array> {
    return this.world.getCode(hexAddressOf(address));
  }

  async getCodeSize(address: Address): Promise<number> {
    return this.world.getCode(hexAddressOf(address)).length;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    return this.world.getStorage(hexAddressOf(address), bytesToHex(key) as string as Hex) ?? EMPTY;
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.world.setStorage(hexAddressOf(address), bytesToHex(key) as string as Hex, toWord(value));
  }

  /** Storage of a new contract address starts empty in TRON anyway; nothing to clear. */
  async clearStorage(): Promise<void> {}

  async checkpoint(): Promise<void> {
    this.world.checkpoint();
  }

  async commit(): Promise<void> {
    this.world.commit();
  }

  async revert(): Promise<void> {
    this.world.revert();
  }

  async getStateRoot(): Promise<Uint8Array> {
    return new Uint8Array(32);
  }

  async setStateRoot(): Promise<void> {
    throw new VmStateError('NO_STATE_ROOT', 'TRON state has no state root to switch to.');
  }

  async hasStateRoot(): Promise<boolean> {
    return false;
  }

  clearCaches(): void {}

  shallowCopy(): StateManagerInterface {
    throw new VmStateError(
      'NO_SHALLOW_COPY',
      'The TRON state manager cannot be copied; create a new world state instead.',
    );
  }
}
