import type { HexAddress, TxId } from '../brand';
import { KeyError, PermissionError } from '../errors';
import { toBase58Address, toHexAddress } from '../address/address';
import { hexToBytes } from '../bytes/hex';
import { PROTOCOL_CONSTANTS } from '../chain/parameters';
import { recoverAddress, SIGNATURE_LENGTH } from '../keys/keys';
import { verifyTransactionIntegrity } from '../tx/codec';
import { CONTRACT_TYPE_IDS, isContractTypeName } from '../tx/contract-types';
import type { TransactionJson } from '../tx/types';
import {
  permissionFor,
  weightOf,
  WITNESS_PERMISSION_ID,
  type AccountPermissions,
  type Permission,
  type PermissionKey,
  type PermissionLookupOptions,
} from './model';
import { OPERATIONS_BYTES } from './operations';

/**
 * Signature weight of a (partially) signed transaction, mirroring java-tron's getsignweight
 * (TransactionUtil.getTransactionSignWeight) and the broadcast-time check
 * (TransactionCapsule.validateSignature/checkWeight). java-tron stops at the first problem;
 * this also reports every signature's fate so a UI can show who signed and what is still missing,
 * while `node` and `broadcast` hold exactly what a node would answer, for cross-checking.
 */

/** TransactionSignWeight.Result.response_code (api.proto). */
export const SIGN_WEIGHT_CODES = [
  'ENOUGH_PERMISSION',
  'NOT_ENOUGH_PERMISSION',
  'SIGNATURE_FORMAT_ERROR',
  'COMPUTE_ADDRESS_ERROR',
  'PERMISSION_ERROR',
  'OTHER_ERROR',
] as const;
export type SignWeightCode = (typeof SIGN_WEIGHT_CODES)[number];

export const SIGN_PROBLEM_CODES = {
  NO_CONTRACT: 'SIGN_NO_CONTRACT',
  ACCOUNT_NOT_FOUND: 'SIGN_ACCOUNT_NOT_FOUND',
  PERMISSION_NOT_FOUND: 'SIGN_PERMISSION_NOT_FOUND',
  WITNESS_PERMISSION: 'SIGN_WITNESS_PERMISSION',
  PERMISSION_NOT_ACTIVE: 'SIGN_PERMISSION_NOT_ACTIVE',
  OPERATIONS_SIZE: 'SIGN_OPERATIONS_SIZE',
  PERMISSION_DENIED: 'SIGN_PERMISSION_DENIED',
  PERMISSION_MISMATCH: 'SIGN_PERMISSION_MISMATCH',
  TOO_MANY_SIGNATURES: 'SIGN_TOO_MANY_SIGNATURES',
  ABOVE_TOTAL_SIGN_NUM: 'SIGN_ABOVE_TOTAL_SIGN_NUM',
  BAD_SIGNATURE_SIZE: 'SIGN_BAD_SIGNATURE_SIZE',
  UNRECOVERABLE: 'SIGN_UNRECOVERABLE',
  NOT_IN_PERMISSION: 'SIGN_NOT_IN_PERMISSION',
  SIGNED_TWICE: 'SIGN_SIGNED_TWICE',
} as const;
export type SignProblemCode = (typeof SIGN_PROBLEM_CODES)[keyof typeof SIGN_PROBLEM_CODES];

export interface SignProblem {
  readonly code: SignProblemCode;
  /** getsignweight's result.message for this problem (absent for wallet-only checks). */
  readonly nodeMessage: string | undefined;
  readonly message: string;
  /** Index into `signature` when the problem belongs to one signature. */
  readonly signatureIndex?: number;
}

export type SignatureStatus = 'counted' | 'signed-twice' | 'not-in-permission' | 'bad-size' | 'unrecoverable';

export interface SignatureCheck {
  readonly index: number;
  readonly signer: HexAddress | undefined;
  /** The weight this signature adds (0 unless counted). */
  readonly weight: bigint;
  readonly status: SignatureStatus;
}

export interface SignWeightResult {
  readonly txId: TxId;
  readonly permissionId: number;
  /** The permission the signatures are weighed against; undefined when none applies. */
  readonly permission: Permission | undefined;
  readonly signatures: readonly SignatureCheck[];
  /** Distinct signers whose weight counts, in signature order. */
  readonly approved: readonly HexAddress[];
  readonly currentWeight: bigint;
  readonly threshold: bigint;
  readonly thresholdMet: boolean;
  /** Weight still needed (0 when met). */
  readonly remainingWeight: bigint;
  /** Keys of the permission that have not signed yet. */
  readonly missing: readonly PermissionKey[];
  /** Every problem found, in the order java-tron meets them. */
  readonly problems: readonly SignProblem[];
  /** What /wallet/getsignweight answers (zero weight and empty list are omitted there). */
  readonly node: {
    readonly code: SignWeightCode;
    readonly message: string | undefined;
    readonly currentWeight: bigint;
    readonly approvedList: readonly HexAddress[];
  };
  /** What broadcast would say about signatures: accepted, or SIGERROR with this message. */
  readonly broadcast: { readonly accepted: boolean; readonly message: string | undefined };
}

export type SignWeightSource =
  /** The account as read from the chain; `null` when it does not exist there. */
  | { readonly account: AccountPermissions | null }
  /** Weigh against this permission directly (e.g. the snapshot in an envelope). */
  | { readonly permission: Permission };

export interface SignWeightOptions extends PermissionLookupOptions {
  /** getTotalSignNum (default 5). */
  readonly totalSignNum?: number;
  /** Recovers a signer (default `recoverAddress`); a caller weighing many rows passes one that remembers. */
  readonly recover?: (digest: Uint8Array, signature: Uint8Array) => HexAddress;
}

interface Stop {
  code: SignWeightCode;
  message: string;
}

function ownerAddressOf(tx: TransactionJson): string | undefined {
  const value = tx.raw_data.contract[0]?.parameter?.value as Record<string, unknown> | undefined;
  return typeof value?.owner_address === 'string' ? value.owner_address : undefined;
}

function base58(address: HexAddress): string {
  return toBase58Address(address);
}

export function signWeight(
  tx: TransactionJson,
  source: SignWeightSource,
  options: SignWeightOptions = {},
): SignWeightResult {
  const txId = verifyTransactionIntegrity(tx);
  const contract = tx.raw_data.contract[0];
  const permissionId = contract?.Permission_id ?? 0;
  const signatures = tx.signature ?? [];
  const problems: SignProblem[] = [];
  let nodeStop: Stop | undefined;
  let broadcastStop: string | undefined;
  const stopNode = (code: SignWeightCode, message: string) => {
    nodeStop ??= { code, message };
  };
  const stopBroadcast = (message: string) => {
    broadcastStop ??= message;
  };

  if (!contract) {
    problems.push({
      code: SIGN_PROBLEM_CODES.NO_CONTRACT,
      nodeMessage: 'Invalid transaction: no valid contract',
      message: 'The transaction has no contract to sign for.',
    });
    stopNode('OTHER_ERROR', 'Invalid transaction: no valid contract');
    stopBroadcast('miss sig or contract');
  }
  if (signatures.length === 0) stopBroadcast('miss sig or contract');
  const totalSignNum = options.totalSignNum ?? PROTOCOL_CONSTANTS.TOTAL_SIGN_NUM;
  if (signatures.length > totalSignNum) {
    problems.push({
      code: SIGN_PROBLEM_CODES.ABOVE_TOTAL_SIGN_NUM,
      nodeMessage: undefined,
      message: `The transaction carries ${signatures.length} signatures; the chain accepts at most ${totalSignNum}.`,
    });
    stopBroadcast('too many signatures');
  }

  // Which permission applies (TransactionCapsule.validateSignature for broadcast,
  // TransactionUtil.getTransactionSignWeight for getsignweight).
  let permission: Permission | undefined;
  if (contract) {
    if ('permission' in source) {
      permission = source.permission;
      if (permission.id !== permissionId) {
        problems.push({
          code: SIGN_PROBLEM_CODES.PERMISSION_MISMATCH,
          nodeMessage: undefined,
          message:
            `The transaction names Permission_id ${permissionId}, but the permission given has id ` +
            `${permission.id}.`,
        });
      }
    } else if (source.account === null) {
      const ownerAddress = ownerAddressOf(tx);
      problems.push({
        code: SIGN_PROBLEM_CODES.ACCOUNT_NOT_FOUND,
        nodeMessage: 'Account does not exist!',
        message: 'The sending account does not exist on chain yet; it must receive TRX first.',
      });
      stopNode('PERMISSION_ERROR', 'Account does not exist!');
      permission =
        ownerAddress === undefined
          ? undefined
          : permissionFor(null, permissionId, { ...options, ownerAddress: toHexAddress(ownerAddress) });
    } else {
      permission = permissionFor(source.account, permissionId, options);
    }
    if (!permission) {
      if (permissionId === WITNESS_PERMISSION_ID) {
        problems.push({
          code: SIGN_PROBLEM_CODES.WITNESS_PERMISSION,
          nodeMessage: 'Permission for this, does not exist!',
          message:
            'Permission_id 1 is the witness permission, which only signs blocks; use the owner (0) or an ' +
            'active permission (2+).',
        });
      } else {
        problems.push({
          code: SIGN_PROBLEM_CODES.PERMISSION_NOT_FOUND,
          nodeMessage: 'Permission for this, does not exist!',
          message:
            `The account has no permission with id ${permissionId}; rebuild the transaction with an existing ` +
            'Permission_id.',
        });
      }
      stopNode('PERMISSION_ERROR', 'Permission for this, does not exist!');
      stopBroadcast("permission isn't exit");
    } else if (permissionId !== 0) {
      if (permission.type !== 'Active') {
        const witness = permissionId === WITNESS_PERMISSION_ID;
        problems.push({
          code: witness ? SIGN_PROBLEM_CODES.WITNESS_PERMISSION : SIGN_PROBLEM_CODES.PERMISSION_NOT_ACTIVE,
          nodeMessage: 'Permission type is wrong!',
          message: witness
            ? 'Permission_id 1 is the witness permission, which only signs blocks; use the owner (0) or an ' +
              'active permission (2+).'
            : `Permission ${permissionId} is not an active permission, so it cannot sign transactions.`,
        });
        stopNode('PERMISSION_ERROR', 'Permission type is wrong!');
        stopBroadcast('Permission type is error');
      } else {
        const operations = permission.operations === undefined ? new Uint8Array() : hexToBytes(permission.operations);
        const type = isContractTypeName(contract.type) ? CONTRACT_TYPE_IDS[contract.type] : -1;
        if (operations.length !== OPERATIONS_BYTES) {
          const message = `operations size must 32, actual: ${operations.length}`;
          problems.push({
            code: SIGN_PROBLEM_CODES.OPERATIONS_SIZE,
            nodeMessage: message,
            message:
              `The operations of permission ${permissionId} are ${operations.length} bytes instead of 32, so ` +
              'it cannot authorise anything.',
          });
          stopNode('PERMISSION_ERROR', message);
          stopBroadcast(message);
        } else if (type < 0 || (operations[type >> 3]! & (1 << (type & 7))) === 0) {
          problems.push({
            code: SIGN_PROBLEM_CODES.PERMISSION_DENIED,
            nodeMessage: 'Permission denied!',
            message:
              `Permission ${permissionId} ("${permission.name}") is not allowed to make a ${contract.type}; ` +
              'choose a permission that allows it.',
          });
          stopNode('PERMISSION_ERROR', 'Permission denied!');
          stopBroadcast('Permission denied');
        }
      }
    }
  }

  // checkWeight: signature count, then each signature in order.
  const checks: SignatureCheck[] = [];
  const approved: HexAddress[] = [];
  let currentWeight = 0n;
  const keyCount = permission?.keys.length ?? 0;
  if (permission && signatures.length > keyCount) {
    const message = `Signature count is ${signatures.length} more than key counts of permission : ${keyCount}`;
    problems.push({
      code: SIGN_PROBLEM_CODES.TOO_MANY_SIGNATURES,
      nodeMessage: message,
      message:
        `There are ${signatures.length} signatures but the permission has only ${keyCount} keys; remove the ` +
        'extra signatures.',
    });
    stopNode('PERMISSION_ERROR', message);
    stopBroadcast(message);
  }
  const digest = hexToBytes(txId);
  signatures.forEach((signatureHex, index) => {
    let bytes: Uint8Array;
    try {
      bytes = hexToBytes(signatureHex, `signature[${index}]`);
    } catch {
      bytes = new Uint8Array();
    }
    if (bytes.length < SIGNATURE_LENGTH) {
      const message = `Signature size is ${bytes.length}`;
      problems.push({
        code: SIGN_PROBLEM_CODES.BAD_SIGNATURE_SIZE,
        nodeMessage: message,
        message:
          `Signature ${index + 1} is ${bytes.length} bytes; a signature is 65 bytes. Ask its signer to sign ` +
          'again.',
        signatureIndex: index,
      });
      stopNode('SIGNATURE_FORMAT_ERROR', message);
      stopBroadcast(message);
      checks.push({ index, signer: undefined, weight: 0n, status: 'bad-size' });
      return;
    }
    let signer: HexAddress;
    try {
      signer = (options.recover ?? recoverAddress)(digest, bytes);
    } catch (error) {
      const message = error instanceof KeyError ? error.message : 'Could not recover public key from signature';
      problems.push({
        code: SIGN_PROBLEM_CODES.UNRECOVERABLE,
        nodeMessage: message,
        message: `Signature ${index + 1} is damaged: no signer can be recovered from it.`,
        signatureIndex: index,
      });
      stopNode('COMPUTE_ADDRESS_ERROR', message);
      stopBroadcast(message);
      checks.push({ index, signer: undefined, weight: 0n, status: 'unrecoverable' });
      return;
    }
    const weight = permission ? weightOf(permission, signer) : 0n;
    if (weight === 0n) {
      // java-tron names the transaction hash here, not the signature (TransactionCapsule.checkWeight).
      const message = `${txId} is signed by ${base58(signer)} but it is not contained of permission.`;
      if (permission) {
        problems.push({
          code: SIGN_PROBLEM_CODES.NOT_IN_PERMISSION,
          nodeMessage: message,
          message: `${base58(signer)} signed, but is not a key of this permission; remove that signature.`,
          signatureIndex: index,
        });
        stopNode('PERMISSION_ERROR', message);
        stopBroadcast(message);
      }
      checks.push({ index, signer, weight: 0n, status: 'not-in-permission' });
      return;
    }
    if (approved.includes(signer)) {
      const message = `${base58(signer)} has signed twice!`;
      problems.push({
        code: SIGN_PROBLEM_CODES.SIGNED_TWICE,
        nodeMessage: message,
        message: `${base58(signer)} signed more than once; keep a single signature from it.`,
        signatureIndex: index,
      });
      stopNode('PERMISSION_ERROR', message);
      stopBroadcast(message);
      checks.push({ index, signer, weight: 0n, status: 'signed-twice' });
      return;
    }
    approved.push(signer);
    currentWeight += weight;
    checks.push({ index, signer, weight, status: 'counted' });
  });

  const threshold = permission?.threshold ?? 0n;
  const usable =
    permission !== undefined &&
    !problems.some(
      (p) =>
        p.code === SIGN_PROBLEM_CODES.PERMISSION_DENIED ||
        p.code === SIGN_PROBLEM_CODES.PERMISSION_NOT_ACTIVE ||
        p.code === SIGN_PROBLEM_CODES.WITNESS_PERMISSION ||
        p.code === SIGN_PROBLEM_CODES.OPERATIONS_SIZE,
    );
  const thresholdMet = usable && currentWeight >= threshold && threshold > 0n;
  const nodeWeight = nodeStop ? 0n : currentWeight;
  const node = nodeStop
    ? { code: nodeStop.code, message: nodeStop.message, currentWeight: 0n, approvedList: [] as HexAddress[] }
    : {
        code: (nodeWeight >= threshold ? 'ENOUGH_PERMISSION' : 'NOT_ENOUGH_PERMISSION') as SignWeightCode,
        message: undefined,
        currentWeight: nodeWeight,
        approvedList: approved,
      };
  if (!broadcastStop && currentWeight < threshold) broadcastStop = 'sig error';
  return {
    txId,
    permissionId,
    permission,
    signatures: checks,
    approved,
    currentWeight,
    threshold,
    thresholdMet,
    remainingWeight: thresholdMet || threshold <= currentWeight ? 0n : threshold - currentWeight,
    missing: permission ? permission.keys.filter((k) => !approved.includes(k.address)) : [],
    problems,
    node,
    broadcast: broadcastStop
      ? { accepted: false, message: `Validate signature error: ${broadcastStop}` }
      : { accepted: true, message: undefined },
  };
}

/** Throws unless the signatures are acceptable and reach the threshold. */
export function assertEnoughWeight(result: SignWeightResult): void {
  const [first] = result.problems;
  if (first)
    throw new PermissionError(first.code, first.message, {
      ...(first.nodeMessage !== undefined ? { nodeMessage: first.nodeMessage } : {}),
    });
  if (!result.thresholdMet) {
    throw new PermissionError(
      'SIGN_NOT_ENOUGH_WEIGHT',
      `The signatures weigh ${result.currentWeight} of the ${result.threshold} needed; ` +
        `${result.missing.length} more key holder(s) can still sign.`,
      {
        currentWeight: result.currentWeight,
        threshold: result.threshold,
      },
    );
  }
}
