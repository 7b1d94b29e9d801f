import type { HexAddress } from '../brand';
import { bytesToHex } from '../bytes/hex';
import { recoverAddress } from '../keys/keys';

/** The address that made `signature` over the 32-byte `digest` (throws on a damaged signature). */
export type RecoverSigner = (digest: Uint8Array, signature: Uint8Array) => HexAddress;

/**
 * Remembers each signature's recovered signer, keyed by the exact digest and signature bytes, so
 * the steps of one bundle's signing (its progress, the vault's already-signed check, the check of
 * each added signature) recover a signature once between them. Recovery is a curve
 * multiplication, a few milliseconds of main's thread each; the key holds both byte strings, so a
 * remembered answer is the one recovery would give. A refusal is not remembered: it throws again.
 */
export class SignerMemo {
  private readonly known = new Map<string, HexAddress>();

  constructor(private readonly recoverOnce: RecoverSigner = recoverAddress) {}

  readonly recover: RecoverSigner = (digest, signature) => {
    const key = `${bytesToHex(digest)}:${bytesToHex(signature)}`;
    const known = this.known.get(key);
    if (known !== undefined) return known;
    const signer = this.recoverOnce(digest, signature);
    this.known.set(key, signer);
    return signer;
  };
}
