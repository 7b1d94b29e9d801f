import { bigintToLong } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { putExchange } from '../exchanges/store';
import { adjustHolding, checkOpen, exchangeRequest, sidesOf, withBalances } from '../exchanges/rules';
import { ContractValidateError } from '../errors';

/**
 * ExchangeWithdrawContract (java-tron ExchangeWithdrawActuator): the creator takes one token out and the other in
 * proportion.
 */
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
    const { exchange, tokenId, quant } = exchangeRequest(ctx.view, m, true, 'token is not in exchange');
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
    const { account, exchange, tokenId, quant } = exchangeRequest(ctx.view, contract.message!, true, '');
    const owner = ctx.view.mutableAccount(account.addressHex)!;
    const side = sidesOf(exchange, tokenId);
    const other = (side.otherBalance * quant) / side.balance;
    putExchange(ctx.view, withBalances(exchange, side.first, -quant, -other));
    adjustHolding(owner, tokenId, quant);
    adjustHolding(owner, side.otherId, other);
    return { fee: 0n, info: { exchange_withdraw_another_amount: bigintToLong(other) } };
  },
};
