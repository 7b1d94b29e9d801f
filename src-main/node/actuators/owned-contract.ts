import type { ActuatorContext } from '../model/execution';
import { addressValid } from '../model/validation';
import type { ContractRecord } from '../vm-host/contract-records';
import { addressHexOf, contractRecordOf } from '../vm-host/contract-records';
import { ContractValidateError } from '../errors';

/**
 * The checks UpdateSetting, UpdateEnergyLimit and ClearABI share (java-tron UpdateSettingContractActuator,
 * UpdateEnergyLimitContractActuator, ClearABIContractActuator): a valid owner that exists, a
 * contract that exists, and the owner is its origin. Each actuator words the missing cases its own way.
 */
export interface OwnedContract {
  readonly owner: string;
  readonly address: string;
  readonly record: ContractRecord;
}

export interface OwnedContractTexts {
  /** After `Account[<owner>] ` when the owner account is missing. */
  readonly noAccount: string;
  readonly noContract: string;
}

/** The two fields the three contracts share. */
export interface OwnerAndContract {
  readonly owner_address: Uint8Array;
  readonly contract_address: Uint8Array;
}

export function ownedContract(
  ctx: ActuatorContext,
  message: OwnerAndContract,
  texts: OwnedContractTexts,
  checkFields?: () => void,
): OwnedContract {
  const owner = message.owner_address;
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const ownerHex = addressHexOf(owner);
  if (!ctx.view.getAccount(ownerHex)) throw new ContractValidateError(`Account[${ownerHex}] ${texts.noAccount}`);
  checkFields?.();
  const address = addressHexOf(message.contract_address);
  const record = contractRecordOf(ctx.view, address);
  if (!record) throw new ContractValidateError(texts.noContract);
  if (record.originAddress !== ownerHex)
    throw new ContractValidateError(`Account[${ownerHex}] is not the owner of the contract`);
  return { owner: ownerHex, address, record };
}
