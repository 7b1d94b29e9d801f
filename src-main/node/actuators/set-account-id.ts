import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { addressValid, requireMessage } from '../model/validation';
import { accountIdOwner, indexAccountId } from '../governance/account-id';
import { ContractValidateError } from '../errors';

/** SetAccountIdContract (java-tron SetAccountIdActuator): gives an account a unique id, once. */
const TYPE_ERROR = 'contract type error,expected type [SetAccountIdContract],real type[class com.google.protobuf.Any]';

/** TransactionUtil.validAccountId: 8 to 32 printable ASCII bytes without spaces. */
function validAccountId(id: Uint8Array): boolean {
  return id.length >= 8 && id.length <= 32 && id.every((b) => b >= 0x21 && b <= 0x7e);
}

/** The id an account already has (Account.account_id, kept with the fields the record does not model). */
export function accountIdOf(rest: Record<string, unknown>): Uint8Array | undefined {
  const id = rest.account_id;
  return id instanceof Uint8Array && id.length > 0 ? id : undefined;
}

export const setAccountIdActuator: Actuator<'SetAccountIdContract'> = {
  typeName: 'SetAccountIdContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    if (!validAccountId(m.account_id)) throw new ContractValidateError('Invalid accountId');
    if (!addressValid(m.owner_address)) throw new ContractValidateError('Invalid ownerAddress');
    const account = ctx.view.getAccount(bytesToHex(m.owner_address));
    if (!account) throw new ContractValidateError('Account has not existed');
    if (accountIdOf(account.rest)) throw new ContractValidateError('This account id already set');
    if (accountIdOwner(ctx.view, m.account_id) !== undefined) throw new ContractValidateError('This id has existed');
  },
  execute(contract, ctx) {
    const m = contract.message!;
    const account = ctx.view.mutableAccount(bytesToHex(m.owner_address))!;
    const id = Uint8Array.from(m.account_id);
    account.rest = { ...account.rest, account_id: id };
    indexAccountId(ctx.view, id, account.addressHex);
    return 0n;
  },
};
