import { toBase58Address } from '../address/address';
import type { ProofOfControl } from './document';

/**
 * The text each key signs with TRON signMessageV2 (TIP-191 prefix), which the vault and the
 * Ledger's Tron app show as it is. It names the account, the permission, and the pinned block by
 * number and id, so a signature made for one proof cannot be moved to another account, another
 * permission or another block. The challenge comes last: the lines before it have fixed places,
 * so whatever the challenge holds (newlines included) cannot pose as one of them.
 */
export function controlSigningMessage(
  proof: Pick<ProofOfControl, 'account' | 'challenge' | 'block' | 'permission'>,
): string {
  return [
    'TRON proof of control',
    `Account: ${toBase58Address(proof.account)}`,
    `Permission: ${proof.permission.id}`,
    `Block: ${proof.block.number}`,
    `Block id: ${proof.block.id}`,
    'Challenge:',
    proof.challenge,
  ].join('\n');
}
