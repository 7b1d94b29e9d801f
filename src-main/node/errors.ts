import { WalletError, registerErrorClass } from '../../src-core/errors';

/**
 * The node's error classes in one module that imports
 * nothing from the node, so any part may throw or catch them. The HTTP layer turns them into java-tron's answers:
 * `AdmissionError` into a broadcast's Return code and message, `JavaError` into `{"Error": "class … : …"}`,
 * `ReturnCodeError` into the `{"result":{"code",…}}` of the contract endpoints.
 */

/**
 * The chain cannot go on as asked: a data directory of another genesis, a block it does not hold, no key to produce
 * with.
 */
export class ChainError extends Error {}

// --- transactions: admission, signatures, bandwidth, actuators ------------------------------------

/** A broadcast refusal: java-tron's Return.response_code name and message. */
export const RESPONSE_CODE = {
  SUCCESS: 'SUCCESS',
  SIGERROR: 'SIGERROR',
  CONTRACT_VALIDATE_ERROR: 'CONTRACT_VALIDATE_ERROR',
  CONTRACT_EXE_ERROR: 'CONTRACT_EXE_ERROR',
  BANDWITH_ERROR: 'BANDWITH_ERROR',
  DUP_TRANSACTION_ERROR: 'DUP_TRANSACTION_ERROR',
  TAPOS_ERROR: 'TAPOS_ERROR',
  TOO_BIG_TRANSACTION_ERROR: 'TOO_BIG_TRANSACTION_ERROR',
  TRANSACTION_EXPIRATION_ERROR: 'TRANSACTION_EXPIRATION_ERROR',
  SERVER_BUSY: 'SERVER_BUSY',
  OTHER_ERROR: 'OTHER_ERROR',
} as const;

export type ResponseCode = (typeof RESPONSE_CODE)[keyof typeof RESPONSE_CODE];

/** The pool, a block or a dry run refused a transaction: java-tron's response code and message. */
export class AdmissionError extends Error {
  constructor(
    readonly code: ResponseCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why a transaction's signatures fail java-tron's check against its permission
 * (TransactionCapsule: SignatureFormatException, SignatureException, PermissionException,
 * ValidateSignatureException); getsignweight and getapprovedlist print it as their result code.
 */
export type SignatureFailureKind = 'format' | 'compute' | 'permission' | 'other';

/**
 * A transaction's signatures do not satisfy its permission, with java-tron's message. (Not the
 * wallet's `SignatureCheckError` of src-core, which reports a node's failed getsignweight answer.)
 */
export class TransactionSignatureError extends Error {
  constructor(
    readonly kind: SignatureFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** The owner cannot pay for the transaction's bandwidth (java-tron AccountResourceInsufficientException). */
export class BandwidthInsufficient extends Error {}

/** A TRC-10 transfer names a token that was never issued (java-tron: ContractValidateException). */
export class UnknownAssetForBandwidth extends Error {}

/** An actuator's `validate` refuses the contract, with java-tron's text (ContractValidateException). */
export class ContractValidateError extends Error {}

/** An actuator's `execute` fails, with java-tron's text (ContractExeException). */
export class ContractExeError extends Error {}

// --- the VM ----------------------------------------------------------------------------------------

/**
 * A transaction the VM refuses before running it (java-tron `ContractValidateException`). The
 * `message` is java-tron's exact text, because the HTTP API prints it verbatim
 * (`Contract validate error : <message>`).
 */
export class VmValidationError extends WalletError {
  override name = 'VmValidationError';
}
registerErrorClass('VmValidationError', VmValidationError);

/** Misuse of the world-state journal or impossible state (a bug in the caller, not bad input). */
export class VmStateError extends WalletError {
  override name = 'VmStateError';
}
registerErrorClass('VmStateError', VmStateError);

/** Inputs to the energy/billing functions that cannot occur (negative amounts, percent > 100). */
export class VmEnergyError extends WalletError {
  override name = 'VmEnergyError';
}
registerErrorClass('VmEnergyError', VmEnergyError);

// --- the HTTP API ----------------------------------------------------------------------------------

/**
 * java-tron answers failures with HTTP 200 and `{"Error": "<exception class> : <message>"}`
 * (Util.printErrorMsg). `JavaError` carries the class name to print; `bare` prints the message alone.
 */
export class JavaError extends Error {
  constructor(
    readonly className: string,
    message: string,
    readonly bare = false,
  ) {
    super(message);
  }
}

/**
 * A failure of triggersmartcontract, triggerconstantcontract or estimateenergy, which answer with
 * java-tron's Return message: `{"result":{"code":…,"message":…}}`.
 */
export class ReturnCodeError extends Error {
  constructor(
    readonly code: 'CONTRACT_VALIDATE_ERROR' | 'CONTRACT_EXE_ERROR' | 'OTHER_ERROR',
    message: string,
  ) {
    super(message);
  }
}

// --- storage and start-up --------------------------------------------------------------------------

/** A record kept beside accounts whose kind no feature registered a codec for (state/ext.ts). */
export class ExtCodecError extends Error {}

/** The configured mnemonic is not a valid BIP39 English phrase. */
export class MnemonicError extends Error {}

/** Work that was under way when the node stopped (a constant call ends at its next pause). */
export class NodeStoppingError extends Error {
  constructor() {
    super('The node is stopping.');
  }
}

/** A flag the node cannot take; the CLI prints it with the help text and exits with 2. */
export class CliUsageError extends Error {}

// --- fork mode -------------------------------------------------------------------------------------

/**
 * A fork could not read an item of state from its upstream node (after its retries): the message
 * names the item and the cause. Nothing of the item was cached, so the next read asks again.
 */
export class ForkUpstreamError extends Error {
  constructor(
    readonly item: string,
    readonly cause_: string,
  ) {
    super(
      `Fork: could not read ${item} from the upstream node (${cause_}); nothing was cached, retry when it answers.`,
    );
  }
}

/** A data directory opened in the wrong mode: a fork's without --fork-url, or a plain chain's with it. */
export class ForkDataError extends Error {}
