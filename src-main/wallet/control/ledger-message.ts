import { LedgerError, LedgerErrorCode } from '../../../src-core/errors';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { withLedger, type LedgerTransports } from '../ledger/ledger-connection';

/**
 * A signMessageV2 signature from the Ledger that holds a `ledger` account, once main's window has
 * approved it. The device must hold the account's address at its path: another Ledger (or
 * recovery phrase) is refused before anything is signed.
 */
export async function signMessageOnLedger(
  transports: LedgerTransports,
  account: VaultAccount,
  message: string,
): Promise<string> {
  const path = account.ledger?.path;
  if (account.custody !== 'ledger' || !path) {
    throw new LedgerError(LedgerErrorCode.INVALID_REQUEST, `${account.label} is not an account of a Ledger.`);
  }
  return withLedger(transports, async (device) => {
    const held = await device.getAddress(path);
    if (held.hex !== account.addressHex) {
      throw new LedgerError(
        LedgerErrorCode.WRONG_DEVICE,
        `This Ledger is not the one that holds ${account.label}: at m/${path} it has ${held.base58}, not ` +
          `${account.address}. Connect the Ledger (or recovery phrase) this account was added from. Nothing was signed.`,
        { path, expected: account.address, found: held.base58 },
      );
    }
    return (await device.signPersonalMessage(path, message)).signature;
  });
}
