import { bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { EXCHANGE_BALANCE_LIMIT, latestExchangeNum, putExchange, TRX_SYMBOL } from '../exchanges/store';
import { adjustHolding, exchangeOwner, isTokenNumber, tokenBalanceEnough, tokenIdOf } from '../exchanges/rules';
import { ContractValidateError } from '../errors';

/**
 * ExchangeCreateContract (java-tron ExchangeCreateActuator): opens a Bancor pair with both balances, for
 * getExchangeCreateFee (burned).
 */
const TYPE_ERROR =
  'contract type error,expected type [ExchangeCreateContract],real type[class com.google.protobuf.Any]';

export const exchangeCreateActuator: Actuator<'ExchangeCreateContract'> = {
  typeName: 'ExchangeCreateContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const view = ctx.view;
    const account = exchangeOwner(view, m.owner_address);
    const fee = view.props.parameters.getExchangeCreateFee;
    if (account.balance < fee) throw new ContractValidateError('No enough balance for exchange create fee!');
    const [firstId, secondId] = [tokenIdOf(m.first_token_id), tokenIdOf(m.second_token_id)];
    const [firstBalance, secondBalance] = [longToBigint(m.first_token_balance), longToBigint(m.second_token_balance)];
    if (view.props.parameters.getAllowSameTokenName === 1n) {
      if (firstId !== TRX_SYMBOL && !isTokenNumber(m.first_token_id))
        throw new ContractValidateError('first token id is not a valid number');
      if (secondId !== TRX_SYMBOL && !isTokenNumber(m.second_token_id))
        throw new ContractValidateError('second token id is not a valid number');
    }
    if (firstId === secondId) throw new ContractValidateError('cannot exchange same tokens');
    if (firstBalance <= 0n || secondBalance <= 0n)
      throw new ContractValidateError('token balance must greater than zero');
    if (firstBalance > EXCHANGE_BALANCE_LIMIT || secondBalance > EXCHANGE_BALANCE_LIMIT)
      throw new ContractValidateError(`token balance must less than ${EXCHANGE_BALANCE_LIMIT}`);
    for (const [id, amount, which] of [
      [firstId, firstBalance, 'first'],
      [secondId, secondBalance, 'second'],
    ] as const) {
      if (id === TRX_SYMBOL) {
        if (account.balance < amount + fee) throw new ContractValidateError('balance is not enough');
      } else if (!tokenBalanceEnough(account, id, amount)) {
        throw new ContractValidateError(`${which} token balance is not enough`);
      }
    }
  },
  execute(contract, ctx) {
    const m = contract.message!;
    const view = ctx.view;
    const fee = view.props.parameters.getExchangeCreateFee;
    const account = view.mutableAccount(exchangeOwner(view, m.owner_address).addressHex)!;
    const firstId = tokenIdOf(m.first_token_id);
    const secondId = tokenIdOf(m.second_token_id);
    const firstTokenBalance = longToBigint(m.first_token_balance);
    const secondTokenBalance = longToBigint(m.second_token_balance);
    account.balance -= fee;
    adjustHolding(account, firstId, -firstTokenBalance);
    adjustHolding(account, secondId, -secondTokenBalance);
    const id = latestExchangeNum(view) + 1;
    putExchange(view, {
      id,
      creatorHex: account.addressHex,
      createTime: ctx.headTimestamp,
      firstTokenId: firstId,
      firstTokenBalance,
      secondTokenId: secondId,
      secondTokenBalance,
    });
    view.mutable.burnedSun += fee;
    return { fee, info: { exchange_id: bigintToLong(BigInt(id)) } };
  },
};
