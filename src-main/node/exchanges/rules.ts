import { bytesToHex } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import { addressValid } from '../model/validation';
import type { AccountRecord } from '../state/account';
import type { StateView } from '../state/view';
import { assetBalance } from '../trc10/assets';
import type { ExchangeRecord } from './store';
import { getExchange, TRX_SYMBOL } from './store';
import { ContractValidateError } from '../errors';

/** The checks and balance moves the four exchange actuators share (java-tron Exchange*Actuator). */

/** TransactionUtil.isNumber: decimal digits without a leading zero. */
export function isTokenNumber(id: Uint8Array): boolean {
  if (id.length === 0 || !id.every((b) => b >= 0x30 && b <= 0x39)) return false;
  return !(id.length > 1 && id[0] === 0x30);
}

const latin1 = new TextDecoder('latin1');

/** A token id as the exchange record keeps it; bytes that are neither `_` nor digits never match one. */
export function tokenIdOf(id: Uint8Array): string {
  return latin1.decode(id);
}

/** With ALLOW_SAME_TOKEN_NAME a token is TRX (`_`) or a numeric id. */
export function checkTokenId(view: StateView, id: Uint8Array, message: string): void {
  if (view.props.parameters.getAllowSameTokenName === 1n && tokenIdOf(id) !== TRX_SYMBOL && !isTokenNumber(id))
    throw new ContractValidateError(message);
}

/** The owner: a valid address with an account (java-tron's lower-case `account[…] not exists`). */
export function exchangeOwner(view: StateView, owner: Uint8Array): AccountRecord {
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const hex = bytesToHex(owner);
  const account = view.getAccount(hex);
  if (!account) throw new ContractValidateError(`account[${hex}] not exists`);
  return account;
}

export function existingExchange(view: StateView, id: bigint): ExchangeRecord {
  const exchange = getExchange(view, id);
  if (!exchange) throw new ContractValidateError(`Exchange[${id}] not exists`);
  return exchange;
}

/** The owner is the exchange's creator (inject and withdraw). */
export function checkCreator(account: AccountRecord, exchange: ExchangeRecord): void {
  if (account.addressHex !== exchange.creatorHex)
    throw new ContractValidateError(`account[${account.addressHex}] is not creator`);
}

export function checkOpen(exchange: ExchangeRecord): void {
  if (exchange.firstTokenBalance === 0n || exchange.secondTokenBalance === 0n)
    throw new ContractValidateError('Token balance in exchange is equal with 0,the exchange has been closed');
}

/** AccountCapsule.assetBalanceEnoughV2. */
export function tokenBalanceEnough(account: AccountRecord, tokenId: string, amount: bigint): boolean {
  return amount > 0n && account.assetV2.has(tokenId) && amount <= assetBalance(account, tokenId);
}

/** Adds `delta` (negative: takes) of a TRC-10 token to the account's assetV2. */
export function adjustToken(account: AccountRecord, tokenId: string, delta: bigint): void {
  account.assetV2 = new Map(account.assetV2).set(tokenId, assetBalance(account, tokenId) + delta);
}

/** The side of the exchange `tokenId` names, and the other side. */
export function sidesOf(
  exchange: ExchangeRecord,
  tokenId: string,
): { first: boolean; balance: bigint; otherId: string; otherBalance: bigint } {
  const first = tokenId === exchange.firstTokenId;
  return first
    ? {
        first,
        balance: exchange.firstTokenBalance,
        otherId: exchange.secondTokenId,
        otherBalance: exchange.secondTokenBalance,
      }
    : {
        first,
        balance: exchange.secondTokenBalance,
        otherId: exchange.firstTokenId,
        otherBalance: exchange.firstTokenBalance,
      };
}

/** The exchange with its two balances changed by these amounts, on the sides `first` names. */
export function withBalances(
  exchange: ExchangeRecord,
  first: boolean,
  tokenDelta: bigint,
  otherDelta: bigint,
): ExchangeRecord {
  return first
    ? {
        ...exchange,
        firstTokenBalance: exchange.firstTokenBalance + tokenDelta,
        secondTokenBalance: exchange.secondTokenBalance + otherDelta,
      }
    : {
        ...exchange,
        firstTokenBalance: exchange.firstTokenBalance + otherDelta,
        secondTokenBalance: exchange.secondTokenBalance + tokenDelta,
      };
}

/** The fields ExchangeInject, ExchangeWithdraw and ExchangeTransaction share. */
export interface ExchangeMove {
  readonly owner_address: Uint8Array;
  readonly exchange_id: unknown;
  readonly token_id: Uint8Array;
  readonly quant: unknown;
}

/** What a move names: its owner's account, the exchange, the token (as the record keeps it) and quantity. */
export interface ExchangeRequest {
  readonly account: AccountRecord;
  readonly exchange: ExchangeRecord;
  readonly tokenId: string;
  readonly quant: bigint;
}

/**
 * The checks that open every move, in java-tron's order: a valid owner with an account, an
 * existing exchange, the creator when `creatorOnly`, a numeric token id that is one of the pair's
 * (`notInExchange` is each actuator's own wording).
 */
export function exchangeRequest(
  view: StateView,
  m: ExchangeMove,
  creatorOnly: boolean,
  notInExchange: string,
): ExchangeRequest {
  const account = exchangeOwner(view, m.owner_address);
  const exchange = existingExchange(view, longToBigint(m.exchange_id as never));
  if (creatorOnly) checkCreator(account, exchange);
  const tokenId = tokenIdOf(m.token_id);
  checkTokenId(view, m.token_id, 'token id is not a valid number');
  if (tokenId !== exchange.firstTokenId && tokenId !== exchange.secondTokenId)
    throw new ContractValidateError(notInExchange);
  return { account, exchange, tokenId, quant: longToBigint(m.quant as never) };
}

/** Moves `amount` of a token (TRX or TRC-10) into (positive) or out of (negative) the account. */
export function adjustHolding(account: AccountRecord, tokenId: string, amount: bigint): void {
  if (tokenId === TRX_SYMBOL) account.balance += amount;
  else adjustToken(account, tokenId, amount);
}
