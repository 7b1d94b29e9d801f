import { toBase58Address } from '../../../src-core/address/address';
import { controlPermissionHeading, controlSigningMessage, type ProofOfControl } from '../../../src-core/control';
import type { ProofView } from '../../../src-core/ipc/channels/control';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { verifyMessageV2 } from '../../../src-core/keys/message';

/** The signers a proof's signatures recover to (Base58); a damaged one names no one and is left out. */
export function proofSigners(proof: ProofOfControl): Set<string> {
  const message = controlSigningMessage(proof);
  const out = new Set<string>();
  for (const signature of proof.signatures) {
    try {
      out.add(toBase58Address(verifyMessageV2(message, signature)));
    } catch {
      // A damaged signature is verification's to report; the view only shows who signed.
    }
  }
  return out;
}

/** The proof as the page shows it: each key of the permission, whether it signed and which account here holds it. */
export function proofView(
  id: string,
  proof: ProofOfControl,
  accounts: readonly VaultAccount[],
  fileDialogs: ProofView['fileDialogs'],
): ProofView {
  const signers = proofSigners(proof);
  let weight = 0n;
  const keys = proof.permission.keys.map((key) => {
    const signed = signers.has(key.address);
    if (signed) weight += key.weight;
    const account = accounts.find((a) => a.address === key.address && (a.canSign || a.custody === 'ledger'));
    return {
      address: key.address,
      weight: key.weight.toString(),
      signed,
      accountId: account?.id ?? null,
      label: account?.label ?? null,
    };
  });
  return {
    id,
    account: proof.account,
    challenge: proof.challenge,
    block: { ...proof.block },
    permission: controlPermissionHeading(proof.permission),
    permissionId: proof.permission.id,
    threshold: proof.permission.threshold.toString(),
    keys,
    weight: weight.toString(),
    balances: {
      trxSun: proof.balances.trx.toString(),
      trc10: proof.balances.trc10.map((t) => ({ id: t.id, amount: t.amount.toString() })),
      trc20: proof.balances.trc20.map((t) => ({ contract: t.contract, amount: t.amount.toString() })),
    },
    message: controlSigningMessage(proof),
    fileDialogs,
  };
}
