import { bytesToHex } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { addressValid, requireMessage } from '../model/validation';
import { getAsset, putAsset, tokenIdText } from '../trc10/assets';
import { ONE_DAY_NET_LIMIT } from '../trc10/rules';
import { validUrl } from '../staking/witness';
import { ContractValidateError } from '../errors';

/**
 * UpdateAssetContract (java-tron UpdateAssetActuator, ALLOW_SAME_TOKEN_NAME on): the issuer changes its token's url,
 * description and free bandwidth limits.
 */
const TYPE_ERROR = 'contract type error, expected type [UpdateAssetContract],real type[class com.google.protobuf.Any]';
/** TransactionUtil MAX_ASSET_DESCRIPTION_LEN */
const MAX_DESCRIPTION = 200;

export const updateAssetActuator: Actuator<'UpdateAssetContract'> = {
  typeName: 'UpdateAssetContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    if (!addressValid(m.owner_address)) throw new ContractValidateError('Invalid ownerAddress');
    const account = ctx.view.getAccount(bytesToHex(m.owner_address));
    if (!account) throw new ContractValidateError('Account does not exist');
    if (account.assetIssuedId.length === 0) throw new ContractValidateError('Account has not issued any asset');
    if (!getAsset(ctx.view, tokenIdText(account.assetIssuedId)))
      throw new ContractValidateError('Asset is not existed in AssetIssueV2Store');
    if (!validUrl(m.url)) throw new ContractValidateError('Invalid url');
    if (m.description.length > MAX_DESCRIPTION) throw new ContractValidateError('Invalid description');
    const newLimit = longToBigint(m.new_limit);
    if (newLimit < 0n || newLimit >= ONE_DAY_NET_LIMIT) throw new ContractValidateError('Invalid FreeAssetNetLimit');
    const newPublicLimit = longToBigint(m.new_public_limit);
    if (newPublicLimit < 0n || newPublicLimit >= ONE_DAY_NET_LIMIT)
      throw new ContractValidateError('Invalid PublicFreeAssetNetLimit');
  },
  execute(contract, ctx) {
    const m = contract.message!;
    const account = ctx.view.getAccount(bytesToHex(m.owner_address))!;
    const asset = getAsset(ctx.view, tokenIdText(account.assetIssuedId))!;
    putAsset(ctx.view, {
      ...asset,
      freeAssetNetLimit: longToBigint(m.new_limit),
      publicFreeAssetNetLimit: longToBigint(m.new_public_limit),
      url: Uint8Array.from(m.url),
      description: Uint8Array.from(m.description),
    });
    return 0n;
  },
};
