import { bytesToHex } from '../../../../src-core/bytes/hex';
import { encodeWithResult } from '../../model/tx';
import { transactionJson } from '../format';
import type { ApiRequest } from '../request';
import { requestMessage } from '../request';
import { RawReply } from '../server';
import type { NodeServices } from '../services';

type Json = Record<string, unknown>;

/**
 * The pending pool's reads (java-tron Manager.getPendingSize, getTxFromPending, getTxListFromPending):
 * transactions accepted by broadcast and not yet in a block.
 */

/** GetPendingSizeServlet: `{"pendingSize": N}`, printed by hand with a space after the colon. */
export const getPendingSize = (s: NodeServices) => (): RawReply => new RawReply(`{"pendingSize": ${s.pool.size}}\n`);

/**
 * GetTransactionFromPendingServlet: a GET compares the `value` text as given with the lowercase
 * transaction ids; a POST reads a BytesMessage. The transaction prints as gettransactionbyid
 * prints a pending one; `{}` when the pool does not hold it.
 */
export const getTransactionFromPending =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    let id: string;
    if (req.method === 'GET') id = req.query.get('value') ?? '';
    else {
      const value = requestMessage(req, 'protocol.BytesMessage').value as Uint8Array | undefined;
      id = value ? bytesToHex(value) : '';
    }
    const pending = s.pool.get(id);
    return pending ? transactionJson(encodeWithResult(pending, 1), req.visible()) : {};
  };

/** GetTransactionListFromPendingServlet: TransactionIdList `{"txId":[…]}`, `{}` when the pool is empty. */
export const getTransactionListFromPending = (s: NodeServices) => (): Json => {
  const ids = s.pool.pendingState().transactions.map((tx) => tx.idHex);
  return ids.length ? { txId: ids } : {};
};
