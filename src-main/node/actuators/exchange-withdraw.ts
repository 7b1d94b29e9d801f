import { bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from './actuator';
import { requireMessage } from './actuator';
import { putExchange, TRX_SYMBOL } from '../exchanges/store';
import {
  adjustToken,
  checkCreator,
  checkOpen,
  checkTokenId,
  exchangeOwner,
  existingExchange,
  sidesOf,
  tokenIdOf,
  withBalances,
} from '../exchanges/rules';
import { ContractValidateError } from '../errors';

/** ExchangeWithdrawContract (java-tron ExchangeWithdrawActuator): the creator takes one token out and the other in proportion. */
const TYPE_ERROR =
  'contract type error,expected type [ExchangeWithdrawContract],real type[class com.google.protobuf.Any]';

/**
 * The "Not precise enough" rule: the proportional amount rounded half-up to 4 decimals (BigDecimal),
 * as a double, may exceed the whole amount taken by at most 0.01 % of it.
 */
function preciseEnough(product: bigint, divisor: bigint, other: bigint): boolean {
  const scaled = (product * 10_000n * 2n + divisor) / (divisor * 2n);
  const fraction = (scaled % 10_000n).toString().padStart(4, '0');
  const rounded = Number(`${scaled / 10_000n}.${fraction}`);
  const remainder = rounded - Number(other);
  return !(remainder / Number(other) > 0.0001);
}

export const exchangeWithdrawActuator: Actuator<'ExchangeWithdrawContract'> = {
  typeName: 'ExchangeWithdrawContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const view = ctx.view;
    const account = exchangeOwner(view, m.owner_address);
    const exchange = existingExchange(view, longToBigint(m.exchange_id));
    checkCreator(account, exchange);
    const tokenId = tokenIdOf(m.token_id);
    const quant = longToBigint(m.quant);
    checkTokenId(view, m.token_id, 'token id is not a valid number');
    if (tokenId !== exchange.firstTokenId && tokenId !== exchange.secondTokenId)
      throw new ContractValidateError('token is not in exchange');
    if (quant <= 0n) throw new ContractValidateError('withdraw token quant must greater than zero');
    checkOpen(exchange);
    const side = sidesOf(exchange, tokenId);
    const product = side.otherBalance * quant;
    const other = product / side.balance;
    if (side.balance < quant || side.otherBalance < other)
      throw new ContractValidateError('exchange balance is not enough');
    if (other <= 0n) throw new ContractValidateError('withdraw another token quant must greater than zero');
    if (!preciseEnough(product, side.balance, other)) throw new ContractValidateError('Not precise enough');
  },
  execute(contract, ctx) {
    const m = contract.message!;
    const view = ctx.view;
    const exchange = existingExchange(view, longToBigint(m.exchange_id));
    const account = view.mutableAccount(exchange.creatorHex)!;
    const tokenId = tokenIdOf(m.token_id);
    const quant = longToBigint(m.quant);
    const side = sidesOf(exchange, tokenId);
    const other = (side.otherBalance * quant) / side.balance;
    putExchange(view, withBalances(exchange, side.first, -quant, -other));
    for (const [id, amount] of [
      [tokenId, quant],
      [side.otherId, other],
    ] as const) {
      if (id === TRX_SYMBOL) account.balance += amount;
      else adjustToken(account, id, amount);
    }
    return { fee: 0n, info: { exchange_withdraw_another_amount: bigintToLong(other) } };
  },
};
