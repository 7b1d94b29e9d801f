import { randomBytes } from 'node:crypto';
import type { Base58Address, HexAddress } from '../../src-core/brand';
import { toBase58Address, toHexAddress } from '../../src-core/address/address';
import { VaultError } from '../../src-core/errors';
import { tronPath } from './hd';
import { accountLabelProblem } from '../../src-core/ipc/channels/vault';
import type { StoredAccount, StoredCustody } from './metadata';
import type { AccountCustody, LedgerAccountFacts } from '../../src-core/ipc/account-custody';

export const AccountKind = { mnemonic: 'mnemonic', privateKey: 'privateKey', watch: 'watch' } as const;
export type AccountKind = (typeof AccountKind)[keyof typeof AccountKind];

/** What the vault tells callers about an account: public facts only. */
export interface AccountInfo {
  readonly id: string;
  readonly kind: AccountKind;
  readonly label: string;
  readonly address: Base58Address;
  readonly addressHex: HexAddress;
  /** False for watch-only accounts. */
  readonly canSign: boolean;
  readonly createdAt: number;
  /** Accounts derived from the same recovery phrase share this opaque id. */
  readonly secretId?: string;
  readonly index?: number;
  readonly path?: string;
  /** For a recovery phrase: false until the person typed words of a phrase the vault made back to it. */
  readonly backupChecked?: boolean;
  readonly custody: AccountCustody;
  readonly ledger?: LedgerAccountFacts;
}

export function accountInfo(account: StoredAccount): AccountInfo {
  const base = {
    id: account.id,
    kind: account.kind,
    label: account.label,
    address: toBase58Address(account.address),
    addressHex: account.address as HexAddress,
    canSign: account.kind !== AccountKind.watch,
    createdAt: account.createdAt,
  };
  if (account.kind === AccountKind.mnemonic)
    return {
      ...base,
      custody: 'vault',
      secretId: account.secretId,
      index: account.index,
      path: tronPath(account.index),
      backupChecked: account.phraseUnchecked !== true,
    };
  if (account.kind === AccountKind.privateKey) return { ...base, custody: 'vault', secretId: account.secretId };
  const custody = account.custody;
  if (custody?.kind === 'ledger') {
    const { kind, ...ledger } = custody;
    return { ...base, custody: kind, ledger };
  }
  return { ...base, custody: custody?.kind ?? 'watch' };
}

/** The label of an account added without one, by where its key lives. */
export function defaultLabel(custody: StoredCustody | undefined): string {
  if (custody?.kind === 'ledger') return 'Ledger';
  if (custody?.kind === 'offline') return 'Offline signer';
  return 'Watch-only';
}

export function newId(prefix: 'acc' | 'sec' | 'vlt'): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

export function checkLabel(label: unknown): string {
  if (typeof label !== 'string') throw new VaultError('VAULT_INVALID_LABEL', 'An account label must be text.');
  const trimmed = label.trim();
  // The rule lives in the IPC contract so the renderer checks labels exactly as the vault does.
  const problem = accountLabelProblem(trimmed);
  if (problem !== null) throw new VaultError('VAULT_INVALID_LABEL', problem, { length: trimmed.length });
  return trimmed;
}

/** Parses a watch-only address without echoing the input: people paste keys into the wrong box. */
export function checkWatchAddress(input: unknown): HexAddress {
  try {
    if (typeof input !== 'string') throw new Error('not text');
    return toHexAddress(input.trim());
  } catch {
    throw new VaultError('VAULT_INVALID_ADDRESS', 'That is not a valid TRON address (T… in Base58 or 41… in hex).');
  }
}
