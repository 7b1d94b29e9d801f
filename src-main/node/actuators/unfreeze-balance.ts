import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { addressValid, requireMessage } from '../model/validation';
import { stakeOneUnsupported } from './stake-one';
import { ContractValidateError } from '../errors';

/**
 * UnfreezeBalanceContract (java-tron UnfreezeBalanceActuator), Stake 1.0: the node never holds
 * Stake 1.0 stake or delegations, so java-tron's checks end in its refusal for an account without
 * them ("no frozenBalance(BANDWIDTH)", "delegated Resource does not exist", …).
 */
const TYPE_ERROR =
  'contract type error, expected type [UnfreezeBalanceContract], real type[class com.google.protobuf.Any]';
const INVALID_RESOURCE_CODE = 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]';

export const unfreezeBalanceActuator: Actuator<'UnfreezeBalanceContract'> = {
  typeName: 'UnfreezeBalanceContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const p = ctx.view.props.parameters;
    if (!addressValid(m.owner_address)) throw new ContractValidateError('Invalid address');
    const ownerHex = bytesToHex(m.owner_address);
    if (!ctx.view.getAccount(ownerHex)) throw new ContractValidateError(`Account[${ownerHex}] does not exist`);
    const receiver = m.receiver_address;
    if (receiver.length > 0 && p.getAllowDelegateResource === 1n) {
      const receiverHex = bytesToHex(receiver);
      if (receiverHex === ownerHex)
        throw new ContractValidateError('receiverAddress must not be the same as ownerAddress');
      if (!addressValid(receiver)) throw new ContractValidateError('Invalid receiverAddress');
      if (p.getAllowTvmConstantinople === 0n && !ctx.view.getAccount(receiverHex))
        throw new ContractValidateError(`Receiver Account[${receiverHex}] does not exist`);
      throw new ContractValidateError('delegated Resource does not exist');
    }
    const newModel = p.getAllowNewResourceModel === 1n;
    switch (m.resource) {
      case 0:
        throw new ContractValidateError('no frozenBalance(BANDWIDTH)');
      case 1:
        throw new ContractValidateError('no frozenBalance(Energy)');
      case 2:
        throw new ContractValidateError(newModel ? 'no frozenBalance(TronPower)' : INVALID_RESOURCE_CODE);
      default:
        throw new ContractValidateError(
          newModel ? 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]' : INVALID_RESOURCE_CODE,
        );
    }
  },
  execute() {
    throw stakeOneUnsupported('UnfreezeBalanceContract');
  },
};
