import { bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { EXCHANGE_BALANCE_LIMIT, putExchange, TRX_SYMBOL } from '../exchanges/store';
import {
  adjustHolding,
  checkOpen,
  exchangeRequest,
  sidesOf,
  tokenBalanceEnough,
  withBalances,
} from '../exchanges/rules';
import { bancorExchange } from '../exchanges/bancor';
import { ContractValidateError } from '../errors';

/**
 * ExchangeTransactionContract (java-tron ExchangeTransactionActuator): sells one token of the pair for the other at the
 * Bancor price.
 */
const TYPE_ERROR =
  'contract type error,expected type [ExchangeTransactionContract],real type[class com.google.protobuf.Any]';

export const exchangeTransactionActuator: Actuator<'ExchangeTransactionContract'> = {
  typeName: 'ExchangeTransactionContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const { account, exchange, tokenId, quant } = exchangeRequest(ctx.view, m, false, 'token is not in exchange');
    const expected = longToBigint(m.expected);
    if (quant <= 0n) throw new ContractValidateError('token quant must greater than zero');
    if (expected <= 0n) throw new ContractValidateError('token expected must greater than zero');
    checkOpen(exchange);
    const side = sidesOf(exchange, tokenId);
    if (side.balance + quant > EXCHANGE_BALANCE_LIMIT)
      throw new ContractValidateError(`token balance must less than ${EXCHANGE_BALANCE_LIMIT}`);
    if (tokenId === TRX_SYMBOL) {
      if (account.balance < quant) throw new ContractValidateError('balance is not enough');
    } else if (!tokenBalanceEnough(account, tokenId, quant)) {
      throw new ContractValidateError('token balance is not enough');
    }
    if (bancorExchange(side.balance, side.otherBalance, quant) < expected)
      throw new ContractValidateError('token required must greater than expected');
  },
  execute(contract, ctx) {
    const { account, exchange, tokenId, quant } = exchangeRequest(ctx.view, contract.message!, false, '');
    const owner = ctx.view.mutableAccount(account.addressHex)!;
    const side = sidesOf(exchange, tokenId);
    const bought = bancorExchange(side.balance, side.otherBalance, quant);
    putExchange(ctx.view, withBalances(exchange, side.first, quant, -bought));
    adjustHolding(owner, tokenId, -quant);
    adjustHolding(owner, side.otherId, bought);
    return { fee: 0n, info: { exchange_received_amount: bigintToLong(bought) } };
  },
};
