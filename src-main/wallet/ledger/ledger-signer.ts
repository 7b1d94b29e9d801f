import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { LedgerError, LedgerErrorCode } from '../../../src-core/errors';
import { addSignature, recoverSigners } from '../../../src-core/tx/sign';
import type { TransactionJson } from '../../../src-core/tx/types';
import { withLedger, type LedgerTransports } from './ledger-connection';

/**
 * Signs a transaction on the Ledger that holds a `ledger` account: the full raw data goes to the
 * device (never the txID alone), so the Tron app decodes and shows what it signs, Permission_id,
 * TRC-20 calls and the memo warning among it. The device must be the one the account was added
 * from: its address at the account's path must be the account's address. A refusal of any kind
 * throws a LedgerError before anything is added, so the caller's envelope stays as it was.
 */
export class LedgerSigner {
  constructor(private readonly transports: LedgerTransports) {}

  async sign(transaction: TransactionJson, account: VaultAccount): Promise<TransactionJson> {
    const path = account.ledger?.path;
    if (account.custody !== 'ledger' || !path) {
      throw new LedgerError(LedgerErrorCode.INVALID_REQUEST, `${account.label} is not an account of a Ledger.`);
    }
    if (recoverSigners(transaction).includes(account.addressHex as never)) {
      throw new LedgerError(
        LedgerErrorCode.INVALID_REQUEST,
        `${account.label} has already signed this transaction; nothing was sent to the Ledger.`,
      );
    }
    return withLedger(this.transports, async (device) => {
      const held = await device.getAddress(path);
      if (held.hex !== account.addressHex) {
        throw new LedgerError(
          LedgerErrorCode.WRONG_DEVICE,
          `This Ledger is not the one that holds ${account.label}: at m/${path} it has ${held.base58}, not ${account.address}. Connect the Ledger (or recovery phrase) this account was added from. Nothing was signed.`,
          { path, expected: account.address, found: held.base58 },
        );
      }
      const signed = await device.signTransaction(path, hexToBytes(transaction.raw_data_hex, 'raw_data_hex'));
      if (signed.txID !== transaction.txID) {
        throw new LedgerError(
          LedgerErrorCode.BAD_RESPONSE,
          'The Ledger signed bytes whose hash is not this transaction id. Nothing was added.',
        );
      }
      return addSignature(transaction, signed.signature);
    });
  }
}
