import { bigintToLong } from '../../../src-core/proto/runtime';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import type { StateReader, StateView } from '../state/view';
import { RECORD } from '../state/records';

/**
 * Bancor exchanges between two tokens (java-tron ExchangeV2Store, ALLOW_SAME_TOKEN_NAME on): a
 * token is TRX (`_`) or a TRC-10 id as decimal text; ids count from 1 in creation order.
 */
export const TRX_SYMBOL = '_';

/** DynamicPropertiesStore EXCHANGE_BALANCE_LIMIT default. */
export const EXCHANGE_BALANCE_LIMIT = 1_000_000_000_000_000n;

export interface ExchangeRecord {
  readonly id: number;
  readonly creatorHex: string;
  readonly createTime: number;
  readonly firstTokenId: string;
  readonly firstTokenBalance: bigint;
  readonly secondTokenId: string;
  readonly secondTokenBalance: bigint;
}

export function getExchange(reader: StateReader, id: bigint | number | string): ExchangeRecord | undefined {
  return reader.getRecord(RECORD.exchange, String(id)) as ExchangeRecord | undefined;
}

export function putExchange(view: StateView, exchange: ExchangeRecord): void {
  view.putRecord(RECORD.exchange, String(exchange.id), exchange);
}

/** DynamicPropertiesStore.getLatestExchangeNum: exchanges are never removed, so their count. */
export function latestExchangeNum(reader: StateReader): number {
  let count = 0;
  for (const _key of reader.recordKeys(RECORD.exchange)) count++;
  return count;
}

export function exchangesById(reader: StateReader): ExchangeRecord[] {
  const out: ExchangeRecord[] = [];
  for (const key of reader.recordKeys(RECORD.exchange)) {
    const e = getExchange(reader, key);
    if (e) out.push(e);
  }
  return out.sort((a, b) => a.id - b.id);
}

/** The protobufjs message object of `protocol.Exchange` (defaults left out, as java-tron prints). */
export function exchangeToMessage(e: ExchangeRecord): Record<string, unknown> {
  const m: Record<string, unknown> = {
    exchange_id: bigintToLong(BigInt(e.id)),
    creator_address: hexToBytes(e.creatorHex),
    first_token_id: utf8ToBytes(e.firstTokenId),
    second_token_id: utf8ToBytes(e.secondTokenId),
  };
  if (e.createTime) m.create_time = bigintToLong(BigInt(e.createTime));
  if (e.firstTokenBalance) m.first_token_balance = bigintToLong(e.firstTokenBalance);
  if (e.secondTokenBalance) m.second_token_balance = bigintToLong(e.secondTokenBalance);
  return m;
}
