import type { Base58Address, HexAddress } from '../../src-core/brand';
import { LedgerError, LedgerErrorCode, WalletError } from '../../src-core/errors';
import { hexToBytes } from '../../src-core/bytes/hex';
import { toBase58Address } from '../../src-core/address/address';
import { recoverAddress, recoveryIdFromV, SIGNATURE_LENGTH } from '../../src-core/keys/keys';

export interface ExpectedSigner {
  readonly hex: HexAddress;
  readonly base58: Base58Address;
}

function badSignature(message: string, details: Record<string, unknown> = {}): LedgerError {
  return new LedgerError(LedgerErrorCode.BAD_RESPONSE, `${message} The signature was discarded.`, details);
}

/**
 * Accepts a signature from the device only if it recovers, over `digest`, to the address the
 * device gave for the same path. The device sends r ‖ s ‖ v with v = 0 or 1 (app-tron
 * `signTransaction` in helpers.c); the result has v = 27 or 28, as TronWeb and src-core/keys emit.
 */
export function verifiedDeviceSignature(
  digest: Uint8Array,
  deviceAnswerHex: string,
  expected: ExpectedSigner,
): Uint8Array {
  let signature: Uint8Array;
  try {
    signature = hexToBytes(deviceAnswerHex, 'signature');
  } catch {
    throw badSignature('The Ledger answered with something that is not a signature.');
  }
  if (signature.length !== SIGNATURE_LENGTH) {
    throw badSignature(
      `The Ledger answered with ${signature.length} bytes instead of a ${SIGNATURE_LENGTH}-byte signature.`,
      { length: signature.length },
    );
  }
  let recovered: HexAddress;
  try {
    recovered = recoverAddress(digest, signature);
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    throw badSignature(`The Ledger's signature cannot be checked: ${error.message}.`);
  }
  if (recovered !== expected.hex) {
    throw new LedgerError(
      LedgerErrorCode.SIGNATURE_MISMATCH,
      `The Ledger returned a signature made by ${toBase58Address(recovered)}, not by ${expected.base58}, the address it gives for this path. The signature was discarded; do not use this device until the cause is known.`,
      { expected: expected.base58, recovered: toBase58Address(recovered) },
    );
  }
  const normalised = signature.slice();
  normalised[64] = recoveryIdFromV(signature[64]!) + 27;
  return normalised;
}
