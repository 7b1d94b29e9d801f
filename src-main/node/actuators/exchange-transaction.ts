import { bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from './actuator';
import { requireMessage } from './actuator';
import { EXCHANGE_BALANCE_LIMIT, putExchange, TRX_SYMBOL } from '../exchanges/store';
import {
  adjustToken,
  checkOpen,
  checkTokenId,
  exchangeOwner,
  existingExchange,
  sidesOf,
  tokenBalanceEnough,
  tokenIdOf,
  withBalances,
} from '../exchanges/rules';
import { bancorExchange } from '../exchanges/bancor';
import { ContractValidateError } from '../errors';

/** ExchangeTransactionContract (java-tron ExchangeTransactionActuator): sells one token of the pair for the other at the Bancor price. */
const TYPE_ERROR =
  'contract type error,expected type [ExchangeTransactionContract],real type[class com.google.protobuf.Any]';

export const exchangeTransactionActuator: Actuator<'ExchangeTransactionContract'> = {
  typeName: 'ExchangeTransactionContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const view = ctx.view;
    const account = exchangeOwner(view, m.owner_address);
    const exchange = existingExchange(view, longToBigint(m.exchange_id));
    const tokenId = tokenIdOf(m.token_id);
    const quant = longToBigint(m.quant);
    const expected = longToBigint(m.expected);
    checkTokenId(view, m.token_id, 'token id is not a valid number');
    if (tokenId !== exchange.firstTokenId && tokenId !== exchange.secondTokenId)
      throw new ContractValidateError('token is not in exchange');
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
    const m = contract.message!;
    const view = ctx.view;
    const exchange = existingExchange(view, longToBigint(m.exchange_id));
    const account = view.mutableAccount(exchangeOwner(view, m.owner_address).addressHex)!;
    const tokenId = tokenIdOf(m.token_id);
    const quant = longToBigint(m.quant);
    const side = sidesOf(exchange, tokenId);
    const bought = bancorExchange(side.balance, side.otherBalance, quant);
    putExchange(view, withBalances(exchange, side.first, quant, -bought));
    if (tokenId === TRX_SYMBOL) account.balance -= quant;
    else adjustToken(account, tokenId, -quant);
    if (side.otherId === TRX_SYMBOL) account.balance += bought;
    else adjustToken(account, side.otherId, bought);
    return { fee: 0n, info: { exchange_received_amount: bigintToLong(bought) } };
  },
};
