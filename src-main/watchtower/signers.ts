import type { HexAddress } from '../../src-core/brand';
import { hexToBytes } from '../../src-core/bytes/hex';
import { WalletError } from '../../src-core/errors';
import { recoverAddress } from '../../src-core/keys/keys';
import type { TransactionJson } from '../../src-core/tx/types';

export interface RecoveredSigners {
  /** Addresses recovered from the signatures over the txID, in signature order. */
  readonly signers: readonly HexAddress[];
  /** Signatures no key can be recovered from (the chain would have refused them). */
  readonly unreadable: number;
}

/** Who signed: java-tron recovers each signer from the 65-byte r‖s‖v signature over the txID. */
export function recoverSigners(tx: TransactionJson): RecoveredSigners {
  const digest = hexToBytes(tx.txID);
  const signers: HexAddress[] = [];
  let unreadable = 0;
  for (const signature of tx.signature ?? []) {
    try {
      signers.push(recoverAddress(digest, hexToBytes(signature)));
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      unreadable++;
    }
  }
  return { signers, unreadable };
}
