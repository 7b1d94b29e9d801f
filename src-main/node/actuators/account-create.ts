import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { newAccount } from '../state/account';
import type { Actuator } from '../model/execution';
import { addressValid, insufficientBalance } from '../model/validation';
import { ContractValidateError } from '../errors';

/** AccountCreateContract (java-tron CreateAccountActuator): activates an address for a fixed fee. */
export const accountCreateActuator: Actuator<'AccountCreateContract'> = {
  typeName: 'AccountCreateContract',

  createsAccount() {
    return true;
  },

  validate(contract, ctx) {
    if (!contract.message)
      throw new ContractValidateError(
        'contract type error,expected type [AccountCreateContract],real type[class com.google.protobuf.Any]',
      );
    const m = contract.message;
    const owner = m.owner_address;
    if (!addressValid(owner)) throw new ContractValidateError('Invalid ownerAddress');
    const ownerAccount = ctx.view.getAccount(bytesToHex(owner));
    if (!ownerAccount) throw new ContractValidateError(`Account[${bytesToHex(owner)}] not exists`);
    if (ownerAccount.balance < ctx.view.props.parameters.getCreateNewAccountFeeInSystemContract) {
      throw new ContractValidateError('Validate CreateAccountActuator error, insufficient fee.');
    }
    const account = m.account_address;
    if (!addressValid(account)) throw new ContractValidateError('Invalid account address');
    if (ctx.view.getAccount(bytesToHex(account))) throw new ContractValidateError('Account has existed');
  },

  execute(contract, ctx) {
    const m = contract.message!;
    const view = ctx.view;
    const fee = view.props.parameters.getCreateNewAccountFeeInSystemContract;
    const address = m.account_address;
    view.putNewAccount(
      newAccount(Uint8Array.from(address), {
        createTime: ctx.headTimestamp,
        activeOperations: hexToBytes(view.props.activeDefaultOperations),
        type: m.type,
      }),
    );
    const owner = view.mutableAccount(bytesToHex(m.owner_address))!;
    if (owner.balance < fee) throw insufficientBalance(owner.addressHex, owner.balance, fee);
    owner.balance -= fee;
    view.mutable.burnedSun += fee;
    return fee;
  },
};
