import { bigintToLong } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { EXCHANGE_BALANCE_LIMIT, putExchange, TRX_SYMBOL } from '../exchanges/store';
import type { ExchangeRecord } from '../exchanges/store';
import {
  adjustHolding,
  checkOpen,
  exchangeRequest,
  sidesOf,
  tokenBalanceEnough,
  withBalances,
} from '../exchanges/rules';
import { ContractValidateError } from '../errors';

/**
 * ExchangeInjectContract (java-tron ExchangeInjectActuator): the creator adds one token and the other in proportion.
 */
const TYPE_ERROR =
  'contract type error,expected type [ExchangeInjectContract],real type[class com.google.protobuf.Any]';

/** The other token's amount the injection takes, in proportion to the exchange's balances (rounded down). */
function otherQuant(exchange: ExchangeRecord, tokenId: string, quant: bigint): bigint {
  const side = sidesOf(exchange, tokenId);
  return (side.otherBalance * quant) / side.balance;
}

export const exchangeInjectActuator: Actuator<'ExchangeInjectContract'> = {
  typeName: 'ExchangeInjectContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const { account, exchange, tokenId, quant } = exchangeRequest(ctx.view, m, true, 'token id is not in exchange');
    checkOpen(exchange);
    if (quant <= 0n) throw new ContractValidateError('injected token quant must greater than zero');
    const side = sidesOf(exchange, tokenId);
    const other = otherQuant(exchange, tokenId, quant);
    if (other <= 0n) throw new ContractValidateError('the calculated token quant  must be greater than 0');
    if (side.balance + quant > EXCHANGE_BALANCE_LIMIT || side.otherBalance + other > EXCHANGE_BALANCE_LIMIT)
      throw new ContractValidateError(`token balance must less than ${EXCHANGE_BALANCE_LIMIT}`);
    if (tokenId === TRX_SYMBOL) {
      if (account.balance < quant) throw new ContractValidateError('balance is not enough');
    } else if (!tokenBalanceEnough(account, tokenId, quant)) {
      throw new ContractValidateError('token balance is not enough');
    }
    if (side.otherId === TRX_SYMBOL) {
      if (account.balance < other) throw new ContractValidateError('balance is not enough');
    } else if (!tokenBalanceEnough(account, side.otherId, other)) {
      throw new ContractValidateError('another token balance is not enough');
    }
  },
  execute(contract, ctx) {
    const { account, exchange, tokenId, quant } = exchangeRequest(ctx.view, contract.message!, true, '');
    const owner = ctx.view.mutableAccount(account.addressHex)!;
    const side = sidesOf(exchange, tokenId);
    const other = otherQuant(exchange, tokenId, quant);
    putExchange(ctx.view, withBalances(exchange, side.first, quant, other));
    adjustHolding(owner, tokenId, -quant);
    adjustHolding(owner, side.otherId, -other);
    return { fee: 0n, info: { exchange_inject_another_amount: bigintToLong(other) } };
  },
};
