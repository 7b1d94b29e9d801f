import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { addressValid } from '../model/validation';
import { ContractValidateError } from '../errors';

/** AccountUpdateContract (java-tron UpdateAccountActuator): sets the account name once. */
const MAX_ACCOUNT_NAME_BYTES = 200;

export const accountUpdateActuator: Actuator<'AccountUpdateContract'> = {
  typeName: 'AccountUpdateContract',

  createsAccount() {
    return false;
  },

  validate(contract, ctx) {
    if (!contract.message)
      throw new ContractValidateError(
        'contract type error, expected type [AccountUpdateContract], real type[class com.google.protobuf.Any]',
      );
    const m = contract.message;
    const owner = m.owner_address;
    const name = m.account_name;
    if (name.length > MAX_ACCOUNT_NAME_BYTES) throw new ContractValidateError('Invalid accountName');
    if (!addressValid(owner)) throw new ContractValidateError('Invalid ownerAddress');
    const account = ctx.view.getAccount(bytesToHex(owner));
    if (!account) throw new ContractValidateError('Account does not exist');
    const allowUpdate = ctx.view.props.parameters.getAllowUpdateAccountName !== 0n;
    if (account.accountName.length > 0 && !allowUpdate)
      throw new ContractValidateError('This account name is already existed');
    if (name.length > 0 && ctx.view.nameOwner(bytesToHex(name)) !== undefined && !allowUpdate)
      throw new ContractValidateError('This name is existed');
  },

  execute(contract, ctx) {
    const m = contract.message!;
    const owner = ctx.view.mutableAccount(bytesToHex(m.owner_address))!;
    const name = Uint8Array.from(m.account_name);
    owner.accountName = name;
    if (name.length > 0) ctx.view.setName(bytesToHex(name), owner.addressHex);
    return 0n;
  },
};
