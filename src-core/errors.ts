/**
 * One base error class with a stable machine-readable `code` and a human sentence as `message`.
 * Subclasses register themselves so that an error can cross IPC (or any JSON boundary) and come
 * back as the same class with the same code.
 */
export class WalletError extends Error {
  // Set explicitly, not from the constructor name: minifiers rename classes.
  override name = 'WalletError';
  readonly code: string;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: string, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

export interface SerializedError {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

type ErrorClass = new (code: string, message: string, details?: Record<string, unknown>) => WalletError;

const registry = new Map<string, ErrorClass>();

/** Makes `deserializeError` rebuild instances of this class by its name. */
export function registerErrorClass(name: string, ctor: ErrorClass): void {
  registry.set(name, ctor);
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof WalletError) {
    return {
      name: error.name,
      code: error.code,
      message: error.message,
      ...(error.details ? { details: jsonSafe(error.details) } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { name: 'WalletError', code: 'INTERNAL', message };
}

export function deserializeError(data: SerializedError): WalletError {
  const ctor = registry.get(data.name) ?? WalletError;
  const error = new ctor(data.code, data.message, data.details ? { ...data.details } : undefined);
  if (!registry.has(data.name)) error.name = data.name;
  return error;
}

/** bigint and byte arrays do not survive structured JSON; turn them into strings. */
function jsonSafe(details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    out[key] = typeof value === 'bigint' ? value.toString() : value;
  }
  return out;
}

/** Malformed hex, base58, UTF-8 or byte lengths. */
export class EncodingError extends WalletError {
  override name = 'EncodingError';
}
registerErrorClass('EncodingError', EncodingError);

/** A TRON address that is not 21 bytes with the 0x41 prefix, or has a bad checksum. */
export class AddressError extends WalletError {
  override name = 'AddressError';
}
registerErrorClass('AddressError', AddressError);

/** Private keys, signatures and signer recovery. */
export class KeyError extends WalletError {
  override name = 'KeyError';
}
registerErrorClass('KeyError', KeyError);

/** Transaction JSON that cannot be encoded, or a transaction whose parts disagree. */
export class TransactionError extends WalletError {
  override name = 'TransactionError';
}
registerErrorClass('TransactionError', TransactionError);

/** ABI types, values and encoded data. */
export class AbiError extends WalletError {
  override name = 'AbiError';
}
registerErrorClass('AbiError', AbiError);

/** Permission structures that java-tron would refuse, and signature weight problems. */
export class PermissionError extends WalletError {
  override name = 'PermissionError';
}
registerErrorClass('PermissionError', PermissionError);

/** Fee and resource computations with impossible inputs. */
export class FeeError extends WalletError {
  override name = 'FeeError';
}
registerErrorClass('FeeError', FeeError);

/** Co-signing envelopes that are malformed, tampered or do not belong together. */
export class EnvelopeError extends WalletError {
  override name = 'EnvelopeError';
}
registerErrorClass('EnvelopeError', EnvelopeError);

/** Amount text that is not a valid TRX or token amount. */
export class AmountError extends WalletError {
  override name = 'AmountError';
}
registerErrorClass('AmountError', AmountError);

/** Arguments that fail a schema (IPC, forms). */
export class ValidationError extends WalletError {
  override name = 'ValidationError';
}
registerErrorClass('ValidationError', ValidationError);

/**
 * A TRON node answered with an error (java-tron error shapes). The node's own words stay in
 * `details` so they survive IPC: `nodeCode` (java-tron response code), `javaClass` and
 * `nodeMessage` (the text after `class X : `, or a decoded hex message).
 */
export class NodeApiError extends WalletError {
  override name = 'NodeApiError';

  /** java-tron's response code (`SIGERROR`, `CONTRACT_VALIDATE_ERROR`, `PERMISSION_ERROR`, …), if any. */
  get nodeCode(): string | undefined {
    return detailString(this.details, 'nodeCode');
  }

  /** The Java exception class of an `{"Error": "class X : …"}` body, if the node named one. */
  get javaClass(): string | undefined {
    return detailString(this.details, 'javaClass');
  }

  /** The node's message as plain text. */
  get nodeMessage(): string | undefined {
    return detailString(this.details, 'nodeMessage');
  }
}
registerErrorClass('NodeApiError', NodeApiError);

/** The node refused a signed transaction (broadcasttransaction / broadcasthex); `nodeCode` says why. */
export class BroadcastError extends NodeApiError {
  override name = 'BroadcastError';

  get txid(): string | undefined {
    return detailString(this.details, 'txid');
  }
}
registerErrorClass('BroadcastError', BroadcastError);

/** triggersmartcontract / triggerconstantcontract / estimateenergy answered with a failed `result`. */
export class ContractCallError extends NodeApiError {
  override name = 'ContractCallError';
}
registerErrorClass('ContractCallError', ContractCallError);

/** getsignweight / getapprovedlist could not check the signatures (PERMISSION_ERROR and the like). */
export class SignatureCheckError extends NodeApiError {
  override name = 'SignatureCheckError';
}
registerErrorClass('SignatureCheckError', SignatureCheckError);

function detailString(details: Readonly<Record<string, unknown>> | undefined, key: string): string | undefined {
  const value = details?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** A TRON node could not be reached or answered with something that is not JSON. */
export class NetworkError extends WalletError {
  override name = 'NetworkError';
}
registerErrorClass('NetworkError', NetworkError);

/**
 * Codes used by the node client (`src-core/client`). Each is thrown with one sentence that says
 * what happened and what to try; the node's own code and message go in `details`.
 */
export const NodeClientErrorCode = {
  /** NodeApiError: the node answered `{"Error": "class X : message"}` (or a bare `{"Error": "…"}`). */
  NODE_ERROR: 'NODE_ERROR',
  /** NodeApiError: valid JSON, but not the shape java-tron gives for this endpoint. */
  NODE_BAD_RESPONSE: 'NODE_BAD_RESPONSE',
  /** BroadcastError: `{code, txid, message}` instead of `{result: true, txid}`. */
  BROADCAST_FAILED: 'BROADCAST_FAILED',
  /** ContractCallError: `result.code` CONTRACT_VALIDATE_ERROR, CONTRACT_EXE_ERROR, OTHER_ERROR, … */
  CONTRACT_CALL_FAILED: 'CONTRACT_CALL_FAILED',
  /**
   * SignatureCheckError from getsignweight: PERMISSION_ERROR, SIGNATURE_FORMAT_ERROR,
   * COMPUTE_ADDRESS_ERROR, OTHER_ERROR.
   */
  SIGN_WEIGHT_FAILED: 'SIGN_WEIGHT_FAILED',
  /** SignatureCheckError from getapprovedlist: SIGNATURE_FORMAT_ERROR, COMPUTE_ADDRESS_ERROR, OTHER_ERROR. */
  APPROVED_LIST_FAILED: 'APPROVED_LIST_FAILED',
  /** NetworkError: the node answered with an HTTP status outside 200–299. */
  NETWORK_HTTP_STATUS: 'NETWORK_HTTP_STATUS',
  /** NetworkError: the body is empty or not JSON. */
  NETWORK_NOT_JSON: 'NETWORK_NOT_JSON',
  /** NetworkError: no complete answer within the configured time. */
  NETWORK_TIMEOUT: 'NETWORK_TIMEOUT',
  /** NetworkError: the request could not be sent (DNS, refused connection, TLS, offline). */
  NETWORK_UNREACHABLE: 'NETWORK_UNREACHABLE',
  /** ValidationError: the client configuration is unusable (URL, fetch, timeout). */
  CLIENT_BAD_CONFIG: 'CLIENT_BAD_CONFIG',
  /** ValidationError: a request argument is out of range or of the wrong type. */
  CLIENT_BAD_ARGUMENT: 'CLIENT_BAD_ARGUMENT',
} as const;
export type NodeClientErrorCode = (typeof NodeClientErrorCode)[keyof typeof NodeClientErrorCode];

/**
 * The key vault (src-main/vault): passwords, keystore and metadata files, the OS keychain,
 * accounts and signing. `details` never carries key material; file errors name the file.
 */
export class VaultError extends WalletError {
  override name = 'VaultError';
}
registerErrorClass('VaultError', VaultError);

/**
 * Main's confirmation before a signature or a vault setting (src-main/wallet/consent): the person
 * declined, the window could not be shown, or another confirmation is still open.
 */
export class ConsentError extends WalletError {
  override name = 'ConsentError';
}
registerErrorClass('ConsentError', ConsentError);

/**
 * The app's JSON stores (src-main/wallet/stores): a file that does not parse, fails its schema or
 * comes from a newer version is reported with its name and kept as it is; writes that failed.
 */
export class StoreError extends WalletError {
  override name = 'StoreError';
}
registerErrorClass('StoreError', StoreError);

/**
 * The node host (src-main/wallet): the embedded node could not start or stop, a setting is
 * unusable, a reset was not confirmed, or a remote network is unreachable or not the one chosen.
 */
export class NodeHostError extends WalletError {
  override name = 'NodeHostError';
}
registerErrorClass('NodeHostError', NodeHostError);

/**
 * CSV text that cannot be read (an unterminated quote, a stray quote) or rows that do not fit
 * what is imported; `details.line` names the line a person should look at.
 */
export class CsvError extends WalletError {
  override name = 'CsvError';
}
registerErrorClass('CsvError', CsvError);

/**
 * A Ledger hardware wallet running the Tron app (src-main/ledger): the device is locked,
 * unplugged, showing another app, refused on its screen, needs a setting enabled, or answered
 * something that does not check out. `details.statusWord` carries the device's status word as
 * hex when it sent one; `details.setting` names the Tron app setting to enable.
 */
export class LedgerError extends WalletError {
  override name = 'LedgerError';
}
registerErrorClass('LedgerError', LedgerError);

/** Stable codes of `LedgerError`; each is thrown with a sentence that says what to do on the device. */
export const LedgerErrorCode = {
  /** The USB HID module could not be loaded on this system (native build missing, libraries absent). */
  UNAVAILABLE: 'LEDGER_UNAVAILABLE',
  /** No Ledger is connected (or none could be opened). */
  NOT_FOUND: 'LEDGER_NOT_FOUND',
  /** The device went away during an exchange. */
  DISCONNECTED: 'LEDGER_DISCONNECTED',
  /** The device is locked (PIN screen or screen saver). */
  LOCKED: 'LEDGER_LOCKED',
  /** The Tron app is not the app in front: the dashboard or another app answered. */
  WRONG_APP: 'LEDGER_WRONG_APP',
  /** The person refused on the device's screen. */
  DECLINED: 'LEDGER_DECLINED',
  /** A Tron app setting must be enabled first; `details.setting` names it. */
  SETTING_REQUIRED: 'LEDGER_SETTING_REQUIRED',
  /** Another request is still waiting on the device. */
  BUSY: 'LEDGER_BUSY',
  /** The Tron app could not read the transaction (unsupported contract, malformed bytes). */
  TRANSACTION_REJECTED: 'LEDGER_TRANSACTION_REJECTED',
  /** A single protobuf field of the transaction is larger than one APDU can carry. */
  TRANSACTION_TOO_LARGE: 'LEDGER_TRANSACTION_TOO_LARGE',
  /** A derivation path, txID, message or token descriptor given to the signer is unusable. */
  INVALID_REQUEST: 'LEDGER_INVALID_REQUEST',
  /** The device's answer does not have the Tron app's shape, or its address does not match its key. */
  BAD_RESPONSE: 'LEDGER_BAD_RESPONSE',
  /** A signature from the device does not recover to the device's own address for that path. */
  SIGNATURE_MISMATCH: 'LEDGER_SIGNATURE_MISMATCH',
  /** A status word this wallet does not interpret; `details.statusWord` has it in hex. */
  UNKNOWN_STATUS: 'LEDGER_UNKNOWN_STATUS',
  /** Any other transport failure (USB error, timeout). */
  TRANSPORT_FAILED: 'LEDGER_TRANSPORT_FAILED',
  /** The connected Ledger's address at the account's path is not the account's: another device or seed. */
  WRONG_DEVICE: 'LEDGER_WRONG_DEVICE',
} as const;
export type LedgerErrorCode = (typeof LedgerErrorCode)[keyof typeof LedgerErrorCode];

/**
 * The watchtower (src-main/watchtower): a watch configuration that cannot be used, a state file
 * that does not read back, a node on another chain than the one being watched, or a webhook that
 * cannot be reached. `details.field` names the configuration entry to fix.
 */
export class WatchError extends WalletError {
  override name = 'WatchError';
}
registerErrorClass('WatchError', WatchError);

/**
 * Fork mode in the app (src-main/wallet/fork): the network cannot be forked (the dev chain, no
 * custom node saved), the upstream node did not answer or could not serve an item (the message
 * names it), or impersonation was asked of a node that is not a fork.
 */
export class ForkError extends WalletError {
  override name = 'ForkError';
}
registerErrorClass('ForkError', ForkError);
