import { parseAbi } from '../../../src-core/abi';
import type { Abi } from '../../../src-core/abi';

import { messageToJson } from '../../../src-core/proto/json-codec';
import { transactionJson, splitBlock } from '../http/format';
import { transactionInfoJson } from '../java-json/transaction-info-json';
import type { NodeServices } from '../http/services';
import { abiKey } from '../vm-host/contract-records';
import type { AbiMessage } from '../vm-host/contract-records';
import type { NodeReads } from '../jsonrpc/node-reads';

/**
 * What the event API reads of the node besides JSON-RPC's `NodeReads` (blocks, infos, constant
 * calls): a contract's ABI as it is now, and a packed transaction and its info in java-tron's JSON
 * (`/wallet/gettransactionbyid`, `/wallet/gettransactioninfobyid`) for the account history.
 */
export interface EventReads {
  readonly node: NodeReads;
  /** The contract's ABI; undefined when it has none (never set, or cleared with ClearABI). */
  abi(contractHex: string): Abi | undefined;
  /** The transaction at `index` of block `number` and its info, as java-tron prints them with visible=false. */
  transactionJson(
    number: number,
    index: number,
  ): Promise<{ transaction: Record<string, unknown>; info: Record<string, unknown> } | undefined>;
}

export function eventReads(services: NodeServices, node: NodeReads): EventReads {
  const parsed = new WeakMap<AbiMessage, Abi | null>();
  const abiOf = (message: AbiMessage): Abi | null => {
    try {
      return parseAbi(messageToJson('protocol.SmartContract.ABI', message));
    } catch {
      // An ABI the parser refuses (java-tron stores what it was given) decodes nothing.
      return null;
    }
  };
  return {
    node,
    abi(contractHex) {
      const message = services.pool.view.getExt(abiKey(contractHex)) as AbiMessage | undefined;
      if (!message) return undefined;
      let abi = parsed.get(message);
      if (abi === undefined) parsed.set(message, (abi = abiOf(message)));
      return abi ?? undefined;
    },
    async transactionJson(number, index) {
      const bytes = await services.chain.blockBytes(number);
      const txBytes = bytes && splitBlock(bytes).transactions[index];
      if (!txBytes) return undefined;
      const transaction = transactionJson(txBytes, false);
      const infoBytes = await services.chain.transactionInfo(transaction.txID as string);
      return { transaction, info: infoBytes ? transactionInfoJson(infoBytes, false) : {} };
    },
  };
}
