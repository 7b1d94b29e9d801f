import { bytesToHex } from '../bytes/hex';
import { signMessageV2 } from '../keys/message';
import type { ProofOfControl } from './document';
import { controlSigningMessage } from './message';

/** One key's signature over the proof's text (the vault and the Ledger sign the same message). */
export function signProofOfControl(proof: ProofOfControl, privateKey: Uint8Array): string {
  return bytesToHex(signMessageV2(controlSigningMessage(proof), privateKey));
}

/** The proof with one more signature, lowercase hex without 0x as the file holds it. */
export function withControlSignature(proof: ProofOfControl, signature: string): ProofOfControl {
  return { ...proof, signatures: [...proof.signatures, signature.toLowerCase().replace(/^0x/, '')] };
}
