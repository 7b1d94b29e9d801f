import { toBase58Address } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { Block } from '../../../src-core/client/types';
import { summarizeTransaction } from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { EmitEvent, WalletLog } from '../context';
import type { ChainAccess } from '../node-host/chain-access';
import type { NetworkStores } from '../stores/network-stores';
import { TRC20_ABI } from '../../../src-core/tx/kinds/trc20-transfer';

/** Blocks one pass reads (one `getblockbylimitnext` call), so catching up never floods the node. */
export const INCOMING_BLOCKS_PER_PASS = 20;
/** Where a desk that never searched this network starts: an hour of 3 s blocks before the solid one. */
export const INCOMING_FIRST_LOOKBACK = 1200;

export interface IncomingTransfersOptions {
  readonly chain: Pick<ChainAccess, 'client' | 'stores' | 'head' | 'onBlock' | 'onNetworkChange'>;
  readonly accounts: { listAccounts(): readonly { readonly addressHex: string }[] };
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  readonly blocksPerPass?: number;
}

/**
 * Finds payments that others made to this wallet's accounts, so the history and its CSV hold both
 * sides of the books: TRX and TRC10 transfers, and TRC20 `transfer` calls on a watched token that
 * succeeded. A TRC20 call on any other contract is left out on purpose: anyone
 * can deploy a token named like a real one and "pay" with it, and such spam must not read as
 * income. Tokens that move inside another contract's call (a swap) are not seen either.
 *
 * Only solidified blocks are read, so every entry is final; a cursor per network
 * (`incoming-scan.json`) lets a desk that was closed resume where it stopped.
 */
export class IncomingTransfers {
  private scanning = false;
  private readonly stops: (() => void)[];

  constructor(private readonly options: IncomingTransfersOptions) {
    this.stops = [options.chain.onBlock(() => void this.scan())];
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** One pass; resolves with the number of payments added (a pass already running is not doubled). */
  async scan(): Promise<number> {
    const client = this.options.chain.client();
    const solid = this.options.chain.head()?.solidBlock;
    if (this.scanning || !client || solid === undefined) return 0;
    this.scanning = true;
    try {
      return await this.pass(client, this.options.chain.stores(), solid);
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      this.options.log.warn('Searching new blocks for payments to this wallet failed', { code: error.code });
      return 0;
    } finally {
      this.scanning = false;
    }
  }

  private async pass(client: TronNodeClient, stores: NetworkStores, solid: number): Promise<number> {
    if (stores.history.store.problem || stores.incomingScan.problem) return 0;
    const cursor = stores.incomingScan.read().scannedThrough;
    const from = cursor === null ? Math.max(1, solid - INCOMING_FIRST_LOOKBACK) : cursor + 1;
    const to = Math.min(solid, from + (this.options.blocksPerPass ?? INCOMING_BLOCKS_PER_PASS) - 1);
    if (from > to) return 0;
    const ours = new Set(this.options.accounts.listAccounts().map((a) => a.addressHex.toLowerCase()));
    const watched = new Set(stores.tokens.list().map((t) => t.address));
    let added = 0;
    if (ours.size > 0) {
      for (const block of await client.getBlockByLimitNext(from, to + 1)) {
        added += await this.collect(stores, block, ours, watched);
      }
    }
    await stores.incomingScan.update(() => ({ scannedThrough: to }));
    if (added > 0) this.options.emit('history:changed', { added });
    return added;
  }

  private async collect(
    stores: NetworkStores,
    block: Block,
    ours: ReadonlySet<string>,
    watchedTokens: ReadonlySet<string>,
  ): Promise<number> {
    const header = block.block_header.raw_data;
    let added = 0;
    for (const tx of block.transactions ?? []) {
      const payment = incomingPayment(tx, ours, watchedTokens);
      if (!payment) continue;
      const fresh = await stores.history.addIncoming({
        txid: tx.txID,
        type: payment.type,
        owner: payment.payer,
        blockNumber: header.number,
        blockTime: header.timestamp,
      });
      if (fresh) added += 1;
    }
    return added;
  }
}

/** The payment `tx` makes to one of `ours` from outside them, if it makes one. */
export function incomingPayment(
  tx: TransactionJson,
  ours: ReadonlySet<string>,
  watchedTokens: ReadonlySet<string>,
): { type: string; payer: string } | null {
  const type = tx.raw_data.contract[0]?.type ?? '';
  if (type !== 'TransferContract' && type !== 'TransferAssetContract' && type !== 'TriggerSmartContract') return null;
  // A call can fail inside a block; TRX and TRC10 transfers that fail never reach one.
  if (type === 'TriggerSmartContract' && tx.ret?.[0]?.contractRet !== 'SUCCESS') return null;
  let summary;
  try {
    summary = summarizeTransaction(tx, { abi: TRC20_ABI });
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    return null;
  }
  if (ours.has(summary.owner.toLowerCase())) return null;
  const lines = [...summary.amounts, ...(summary.call?.decoded?.effects ?? [])];
  const paid = lines.some((line) => {
    if (line.role !== 'send') return false;
    if (line.asset !== 'TRC20') return summary.recipients.some((r) => ours.has(r.toLowerCase()));
    return ours.has(line.to.toLowerCase()) && watchedTokens.has(toBase58Address(line.contract));
  });
  return paid ? { type, payer: toBase58Address(summary.owner) } : null;
}
