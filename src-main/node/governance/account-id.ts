import { bytesToHex } from '../../../src-core/bytes/hex';
import type { StateReader, StateView } from '../state/view';
import { RECORD } from '../state/records';

/**
 * The account-id index (java-tron AccountIdIndexStore): ids are unique without regard to ASCII
 * case, so the index is keyed by the lower-case id.
 */
export function accountIdKey(id: Uint8Array): string {
  return bytesToHex(id.map((b) => (b >= 0x41 && b <= 0x5a ? b + 0x20 : b)));
}

export function accountIdOwner(reader: StateReader, id: Uint8Array): string | undefined {
  return reader.getRecord(RECORD.accountId, accountIdKey(id)) as string | undefined;
}

export function indexAccountId(view: StateView, id: Uint8Array, ownerHex: string): void {
  view.putRecord(RECORD.accountId, accountIdKey(id), ownerHex);
}
