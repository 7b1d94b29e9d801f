import type Transport from '@ledgerhq/hw-transport';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { Base58Address, Hex, HexAddress, TxId } from '../../src-core/brand';
import { txIdOfRawBytes } from '../../src-core/tx/codec';
import { LedgerError, LedgerErrorCode } from '../../src-core/errors';
import { bytesToHex, hexToBytes } from '../../src-core/bytes/hex';
import { utf8ToBytes } from '../../src-core/bytes/utf8';
import { toBase58Address } from '../../src-core/address/address';
import { addressFromPublicKey } from '../../src-core/keys/keys';
import { hashMessageV2 } from '../../src-core/keys/message';
import { parseLedgerPath, type LedgerPath } from './paths';
import { verifiedDeviceSignature } from './signature-check';
import { LedgerOperation } from './status-words';
import { checkRawDataForDevice } from './transaction-fields';
import { toLedgerError } from './transport-errors';
import { trxAppClass, type TrxApp } from './trx-app';

/** An address of the device, checked: `base58` is what our own core derives from `publicKey`. */
export interface LedgerAddress {
  readonly path: LedgerPath;
  readonly base58: Base58Address;
  readonly hex: HexAddress;
  /** Uncompressed secp256k1 public key, 65 bytes. */
  readonly publicKey: Hex;
}

export interface LedgerSignature {
  /** r ‖ s ‖ v, 65 bytes, v = 27 or 28. */
  readonly signature: Hex;
  /** The device's address for the path, which the signature was checked against. */
  readonly signer: LedgerAddress;
}

export interface LedgerTransactionSignature extends LedgerSignature {
  /** sha256 of the raw data that was signed. */
  readonly txID: TxId;
}

/** The Tron app's version and its settings (app-tron `handleGetAppConfiguration`, settings.h). */
export interface LedgerAppConfiguration {
  readonly version: string;
  /** major × 10000 + minor × 100 + patch, as hw-app-trx computes it. */
  readonly versionNumber: number;
  readonly settings: {
    /** "Transactions data": transactions with a memo (raw_data.data). */
    readonly transactionsData: boolean;
    /** "Custom contracts": contract calls other than a known token's transfer/approve. */
    readonly customContracts: boolean;
    readonly truncateAddress: boolean;
    /** "Sign by Hash": txID-only signing and contracts the app cannot display. */
    readonly signByHash: boolean;
  };
}

/** The Tron app accepts at most two token descriptors (app-tron `handleSign`, `P1_TRC10_NAME`). */
export const MAX_TOKEN_DESCRIPTORS = 2;
/** One APDU carries at most 255 data bytes (the Lc byte; hw-transport `send`). */
const MAX_APDU_DATA = 255;

function invalid(message: string): LedgerError {
  return new LedgerError(LedgerErrorCode.INVALID_REQUEST, message);
}

function badResponse(message: string, details?: Record<string, unknown>): LedgerError {
  return new LedgerError(LedgerErrorCode.BAD_RESPONSE, message, details);
}

function uncompressedPublicKey(hex: string): Uint8Array {
  try {
    const bytes = hexToBytes(hex, 'public key');
    if (bytes.length === 65 && bytes[0] === 4) {
      secp256k1.Point.fromBytes(bytes).assertValidity();
      return bytes;
    }
  } catch {
    // Reported below with the wording for every malformed key.
  }
  throw badResponse(
    'The Ledger did not answer with a valid public key. Check that the Tron app, not another app, is open.',
  );
}

/** hw-app-trx's decoded answer to GET PUBLIC KEY, checked against our own derivation. */
function checkedAddress(path: LedgerPath, answer: { publicKey: string; address: string }): LedgerAddress {
  const publicKey = uncompressedPublicKey(answer.publicKey);
  const hex = addressFromPublicKey(publicKey);
  const base58 = toBase58Address(hex);
  if (answer.address !== base58) {
    throw badResponse(
      `The Ledger gave the address "${answer.address}", but its public key belongs to ${base58}. Check that the Tron app, not another app, is open; do not use this address.`,
      { reported: answer.address, derived: base58 },
    );
  }
  return { path, base58, hex, publicKey: bytesToHex(publicKey) };
}

function tokenDescriptorsHex(tokenInfo: readonly (string | Uint8Array)[]): string[] {
  if (!Array.isArray(tokenInfo) || tokenInfo.length > MAX_TOKEN_DESCRIPTORS) {
    throw invalid(`The Tron app takes at most ${MAX_TOKEN_DESCRIPTORS} token descriptors.`);
  }
  return tokenInfo.map((item, i) => {
    let bytes: Uint8Array;
    try {
      bytes = typeof item === 'string' ? hexToBytes(item, `token descriptor ${i + 1}`) : item;
    } catch {
      throw invalid(`Token descriptor ${i + 1} is not hex.`);
    }
    if (!(bytes instanceof Uint8Array) || bytes.length === 0 || bytes.length > MAX_APDU_DATA) {
      throw invalid(`Token descriptor ${i + 1} must be 1 to ${MAX_APDU_DATA} bytes.`);
    }
    return bytesToHex(bytes);
  });
}

function txIdBytes(txId: string): Uint8Array {
  let bytes: Uint8Array | undefined;
  try {
    bytes = typeof txId === 'string' ? hexToBytes(txId, 'txID') : undefined;
  } catch {
    bytes = undefined;
  }
  if (!bytes || bytes.length !== 32) throw invalid('A txID is 32 bytes written as 64 hex digits.');
  return bytes;
}

function messageBytes(message: string | Uint8Array): Uint8Array {
  if (typeof message === 'string') return utf8ToBytes(message);
  if (message instanceof Uint8Array) return message;
  throw invalid('The message to sign must be text or bytes.');
}

/**
 * The Tron app on one Ledger, over an injected hw-transport `Transport` (USB HID in the app, a
 * replayer or the software device in tests). Requests run one at a time. Every signature is
 * checked by recovering its signer with src-core/keys and comparing it with the device's own
 * address for that path; one that does not match is an error, never a result.
 */
export class LedgerDevice {
  readonly #app: TrxApp;
  readonly #addresses = new Map<LedgerPath, LedgerAddress>();
  #tail: Promise<unknown> = Promise.resolve();

  constructor(transport: Transport) {
    const Trx = trxAppClass();
    this.#app = new Trx(transport);
  }

  /** Reads the address at `path`; with `display` the device shows it and waits for approval. */
  async getAddress(path: string, options: { display?: boolean } = {}): Promise<LedgerAddress> {
    const canonical = parseLedgerPath(path);
    return this.#exclusive(() => this.#readAddress(canonical, options.display === true));
  }

  /**
   * Signs the full raw data (protobuf `Transaction.raw`) so the device can show what it signs:
   * owner, recipient, amount, Permission_id, the memo warning, TRC-20 transfers. `tokenInfo` holds
   * Ledger-signed token descriptors for TRC10 transfers and exchanges, passed through unchanged.
   */
  async signTransaction(
    path: string,
    rawData: Uint8Array,
    tokenInfo: readonly (string | Uint8Array)[] = [],
  ): Promise<LedgerTransactionSignature> {
    const canonical = parseLedgerPath(path);
    checkRawDataForDevice(rawData);
    const tokens = tokenDescriptorsHex(tokenInfo);
    const txID = txIdOfRawBytes(rawData);
    const signed = await this.#signChecked(canonical, LedgerOperation.transaction, hexToBytes(txID), () =>
      this.#app.signTransaction(canonical, bytesToHex(rawData), tokens),
    );
    return { ...signed, txID };
  }

  /** Signs a txID alone (blind signing); needs "Sign by Hash" enabled in the Tron app. */
  async signTransactionHash(path: string, txId: string): Promise<LedgerSignature> {
    const canonical = parseLedgerPath(path);
    const digest = txIdBytes(txId);
    return this.#signChecked(canonical, LedgerOperation.hash, digest, () =>
      this.#app.signTransactionHash(canonical, bytesToHex(digest)),
    );
  }

  /**
   * Signs a message the TronWeb signMessageV2 way: keccak256("\x19TRON Signed Message:\n" + byte
   * length + message), the hash the Tron app computes (app-tron `handleSignPersonalMessage`).
   */
  async signPersonalMessage(path: string, message: string | Uint8Array): Promise<LedgerSignature> {
    const canonical = parseLedgerPath(path);
    const bytes = messageBytes(message);
    return this.#signChecked(canonical, LedgerOperation.message, hashMessageV2(bytes), () =>
      this.#app.signPersonalMessage(canonical, bytesToHex(bytes)),
    );
  }

  async getAppConfiguration(): Promise<LedgerAppConfiguration> {
    return this.#exclusive(async () => {
      const answer = await this.#request(LedgerOperation.configuration, () => this.#app.getAppConfiguration());
      if (!/^\d+\.\d+\.\d+$/.test(answer.version))
        throw badResponse('The Ledger did not answer with a Tron app version. Check that the Tron app is open.');
      return {
        version: answer.version,
        versionNumber: answer.versionN,
        settings: {
          transactionsData: answer.allowData,
          customContracts: answer.allowContract,
          truncateAddress: answer.truncateAddress,
          signByHash: answer.signByHash,
        },
      };
    });
  }

  async #readAddress(path: LedgerPath, display: boolean): Promise<LedgerAddress> {
    const answer = await this.#request(LedgerOperation.address, () => this.#app.getAddress(path, display));
    const address = checkedAddress(path, answer);
    this.#addresses.set(path, address);
    return address;
  }

  /** Sends a signing request and returns its signature only once it recovers, over `digest`, to the path's address. */
  async #signChecked(
    path: LedgerPath,
    operation: LedgerOperation,
    digest: Uint8Array,
    send: () => Promise<string>,
  ): Promise<LedgerSignature> {
    return this.#exclusive(async () => {
      const signer = await this.#signerOf(path);
      const answer = await this.#request(operation, send);
      return { signature: bytesToHex(verifiedDeviceSignature(digest, answer, signer)), signer };
    });
  }

  /** The address signatures at `path` must recover to; read from the device once per path. */
  async #signerOf(path: LedgerPath): Promise<LedgerAddress> {
    return this.#addresses.get(path) ?? this.#readAddress(path, false);
  }

  async #request<T>(operation: LedgerOperation, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw toLedgerError(error, operation);
    }
  }

  /** hw-transport refuses a second app call while one is pending; queue them instead. */
  #exclusive<T>(job: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(job, job);
    this.#tail = run.catch(() => undefined);
    return run;
  }
}
