import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { addressValid, requireMessage } from '../model/validation';
import { assetBalance, tokenIdText } from '../trc10/assets';
import { ContractValidateError } from '../errors';

/**
 * UnfreezeAssetContract (java-tron UnfreezeAssetActuator): the issuer takes back the frozen supply whose time has come.
 */
const TYPE_ERROR =
  'contract type error, expected type [UnfreezeAssetContract], real type[class com.google.protobuf.Any]';

export const unfreezeAssetActuator: Actuator<'UnfreezeAssetContract'> = {
  typeName: 'UnfreezeAssetContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    if (!addressValid(m.owner_address)) throw new ContractValidateError('Invalid address');
    const hex = bytesToHex(m.owner_address);
    const account = ctx.view.getAccount(hex);
    if (!account) throw new ContractValidateError(`Account[${hex}] does not exist`);
    if (account.frozenSupply.length === 0) throw new ContractValidateError('no frozen supply balance');
    if (account.assetIssuedId.length === 0) throw new ContractValidateError('this account has not issued any asset');
    if (!account.frozenSupply.some((f) => f.expireTime <= ctx.headTimestamp))
      throw new ContractValidateError("It's not time to unfreeze asset supply");
  },
  execute(contract, ctx) {
    const account = ctx.view.mutableAccount(bytesToHex(contract.message!.owner_address))!;
    const now = ctx.headTimestamp;
    const released = account.frozenSupply.filter((f) => f.expireTime <= now).reduce((sum, f) => sum + f.amount, 0n);
    account.frozenSupply = account.frozenSupply.filter((f) => f.expireTime > now);
    const id = tokenIdText(account.assetIssuedId);
    account.assetV2 = new Map(account.assetV2).set(id, assetBalance(account, id) + released);
    return 0n;
  },
};
