import { toHexAddress } from '../../../src-core/address/address';
import { PermissionError } from '../../../src-core/errors';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { PHRASE_NOT_CHECKED_CODE, phraseNotCheckedSentence } from '../../../src-core/ipc/phrase-check';
import { effectivePermissions, type AccountPermissions } from '../../../src-core/permission';

/**
 * Refuses a structure that brings in, as a new key, the address of a recovery phrase the vault
 * made and nobody has checked: a phrase that was never written down would make a treasury key that
 * is lost with this computer. Keys the account already has are left alone (refusing them would
 * block every other change), and so are keys whose phrase the vault did not make.
 */
export function refuseUncheckedPhrases(
  current: AccountPermissions | null,
  after: AccountPermissions,
  accounts: readonly VaultAccount[],
): void {
  const keysOf = (structure: AccountPermissions | null) =>
    new Set(effectivePermissions(structure).flatMap((p) => p.keys.map((k) => toHexAddress(k.address))));
  const before = keysOf(current);
  const added = [...keysOf(after)].filter((address) => !before.has(address));
  for (const address of added) {
    const account = accounts.find((a) => a.backupChecked === false && toHexAddress(a.address) === address);
    if (!account) continue;
    throw new PermissionError(PHRASE_NOT_CHECKED_CODE, phraseNotCheckedSentence(account.label || account.address), {
      code: PHRASE_NOT_CHECKED_CODE,
      accountId: account.id,
      address: account.address,
    });
  }
}
