import { encodeBase58Check } from '../../../src-core/bytes/base58';
import { bytesToHex } from '../../../src-core/bytes/hex';
import type { AccountRecord, PermissionRecord } from '../state/account';
import { defaultActivePermission, defaultOwnerPermission, PERMISSION_TYPE, permissionById } from '../state/account';
import type { AccountReader } from '../state/view';
import { JavaError, TransactionSignatureError } from '../errors';
import { failsPointDecompression, INVALID_POINT_COMPRESSION } from './point-decompression';

/**
 * Signature and permission checks of java-tron TransactionCapsule (validateSignature, checkWeight, checkPermission),
 * over signer addresses recovered beforehand (in worker threads, once per transaction).
 * It throws at the first failure with java-tron's text, over the node's account records; the wallet's
 * src-core/permission/sign-weight.ts weighs the same rules but reports every signature's fate.
 */
export type RecoveredSignature =
  | { readonly ok: true; readonly address: Uint8Array; readonly addressHex: string }
  | { readonly ok: false; readonly kind: 'format' | 'compute'; readonly message: string };

export interface ContractRef {
  readonly type: number;
  readonly permissionId: number;
  /** Owner address from the contract (empty when the parameter cannot be unpacked). */
  readonly owner: Uint8Array;
  readonly ownerHex: string;
}

/** Bit `type` of the 32-byte operations mask (java-tron checkPermissionOperations). */
export function operationsAllow(permission: PermissionRecord, type: number): boolean {
  if (permission.operations.length !== 32) {
    throw new TransactionSignatureError(
      'permission',
      `operations size must 32, actual: ${permission.operations.length}`,
    );
  }
  return (permission.operations[type >> 3]! & (1 << (type & 7))) !== 0;
}

/**
 * The failure java-tron's recovery of `signature` ends in: a SignatureException (getsignweight's
 * COMPUTE_ADDRESS_ERROR, broadcast's SIGERROR), or the IllegalArgumentException of a point that
 * does not decompress, which nothing catches (broadcast: OTHER_ERROR "Error: …").
 */
export function recoveryFailure(signature: Uint8Array, recovered: RecoveredSignature & { ok: false }): Error {
  if (recovered.kind === 'compute' && failsPointDecompression(signature))
    return new JavaError('java.lang.IllegalArgumentException', INVALID_POINT_COMPRESSION);
  return new TransactionSignatureError(recovered.kind, recovered.message);
}

function weightOf(permission: PermissionRecord, addressHex: string): bigint {
  for (const key of permission.keys) if (key.addressHex === addressHex) return key.weight;
  return 0n;
}

/**
 * The first check of java-tron's `TransactionCapsule.checkWeight`: no more signatures than the
 * permission has keys. It needs no recovery, so callers run it before recovering anything.
 */
export function checkSignatureCount(keyCount: number, signatureCount: number): void {
  if (signatureCount > keyCount) {
    throw new TransactionSignatureError(
      'permission',
      `Signature count is ${signatureCount} more than key counts of permission : ${keyCount}`,
    );
  }
}

/**
 * java-tron checkWeight: count bound, then per signature in order: size, recovery, membership,
 * duplicate (keyed by the signature itself, as java-tron does), summing weights.
 */
export function checkWeight(
  permission: PermissionRecord,
  signatures: readonly Uint8Array[],
  recovered: readonly RecoveredSignature[],
  approved?: Uint8Array[],
): bigint {
  checkSignatureCount(permission.keys.length, signatures.length);
  const seen = new Set<string>();
  let total = 0n;
  for (let i = 0; i < signatures.length; i++) {
    const signature = signatures[i]!;
    if (signature.length < 65) throw new TransactionSignatureError('format', `Signature size is ${signature.length}`);
    const r = recovered[i]!;
    if (!r.ok) throw recoveryFailure(signature, r);
    const weight = weightOf(permission, r.addressHex);
    if (weight === 0n) {
      throw new TransactionSignatureError(
        'permission',
        `${bytesToHex(signature)} is signed by ${encodeBase58Check(r.address)} but it is not contained of permission.`,
      );
    }
    // A lone signature cannot repeat: the key of the duplicate check is built only when there are more.
    if (signatures.length > 1) {
      const v = signature[64]! < 27 ? signature[64]! + 27 : signature[64]!;
      const key = bytesToHex(signature.subarray(0, 64)) + v.toString(16);
      if (seen.has(key))
        throw new TransactionSignatureError('permission', `${encodeBase58Check(r.address)} has signed twice!`);
      seen.add(key);
    }
    approved?.push(r.address);
    total += weight;
  }
  return total;
}

/** The permission a transaction signs with, as validateSignature resolves it (null = missing). */
export function resolvePermission(
  account: AccountRecord | undefined,
  contract: ContractRef,
  activeDefaultOperations: Uint8Array,
): PermissionRecord | undefined {
  if (!account) {
    if (contract.permissionId === 0) return defaultOwnerPermission(contract.owner);
    if (contract.permissionId === 2) return defaultActivePermission(contract.owner, activeDefaultOperations);
    return undefined;
  }
  return permissionById(account, contract.permissionId);
}

export interface SignatureCheckInput {
  readonly reader: AccountReader;
  readonly contractCount: number;
  readonly contract?: ContractRef;
  readonly signatures: readonly Uint8Array[];
  readonly recovered: readonly RecoveredSignature[];
  readonly totalSignNum: number;
  readonly activeDefaultOperations: Uint8Array;
}

/** validatePubSignature: throws TransactionSignatureError with the text that follows "Validate signature error: ". */
export function validateSignatures(input: SignatureCheckInput): void {
  if (input.signatures.length === 0 || input.contractCount === 0 || !input.contract)
    throw new TransactionSignatureError('other', 'miss sig or contract');
  if (input.signatures.length > input.totalSignNum) throw new TransactionSignatureError('other', 'too many signatures');
  const contract = input.contract;
  const account = contract.owner.length ? input.reader.getAccount(contract.ownerHex) : undefined;
  const permission = resolvePermission(account, contract, input.activeDefaultOperations);
  if (!permission) throw new TransactionSignatureError('permission', "permission isn't exit");
  if (contract.permissionId !== 0) {
    if (permission.type !== PERMISSION_TYPE.Active)
      throw new TransactionSignatureError('permission', 'Permission type is error');
    if (!operationsAllow(permission, contract.type))
      throw new TransactionSignatureError('permission', 'Permission denied');
  }
  const weight = checkWeight(permission, input.signatures, input.recovered);
  if (weight < permission.threshold) throw new TransactionSignatureError('other', 'sig error');
}
