import { bytesToHex } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { addressValid, requireMessage } from '../model/validation';
import { stakeOneUnsupported } from './stake-one';
import { ContractValidateError } from '../errors';

/**
 * FreezeBalanceContract (java-tron FreezeBalanceActuator), Stake 1.0: every check in java-tron's
 * order, ending in "freeze v2 is open, old freeze is closed" while Stake 2.0 is on
 * (getUnfreezeDelayDays > 0). Stake 1.0 itself is not modelled: with Stake 2.0 off the contract is
 * refused as unsupported.
 */
const TYPE_ERROR = 'contract type error,expected type [FreezeBalanceContract],real type[class com.google.protobuf.Any]';
const TRX = 1_000_000n;
/** DynamicPropertiesStore MIN_FROZEN_TIME / MAX_FROZEN_TIME defaults (days). */
const FROZEN_DAYS = 3n;

export const freezeBalanceActuator: Actuator<'FreezeBalanceContract'> = {
  typeName: 'FreezeBalanceContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const p = ctx.view.props.parameters;
    if (!addressValid(m.owner_address)) throw new ContractValidateError('Invalid address');
    const ownerHex = bytesToHex(m.owner_address);
    const account = ctx.view.getAccount(ownerHex);
    if (!account) throw new ContractValidateError(`Account[${ownerHex}] not exists`);
    const amount = longToBigint(m.frozen_balance);
    if (amount <= 0n) throw new ContractValidateError('frozenBalance must be positive');
    if (amount < TRX) throw new ContractValidateError('frozenBalance must be greater than or equal to 1 TRX');
    // The node never creates Stake 1.0 entries, so the account's frozen count is 0.
    if (amount > account.balance)
      throw new ContractValidateError('frozenBalance must be less than or equal to accountBalance');
    const duration = longToBigint(m.frozen_duration);
    if (duration < FROZEN_DAYS || duration > FROZEN_DAYS)
      throw new ContractValidateError(
        `frozenDuration must be less than ${FROZEN_DAYS} days and more than ${FROZEN_DAYS} days`,
      );
    const newModel = p.getAllowNewResourceModel === 1n;
    const receiver = m.receiver_address;
    if (m.resource === 2) {
      if (!newModel) throw new ContractValidateError('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
      if (receiver.length > 0)
        throw new ContractValidateError('TRON_POWER is not allowed to delegate to other accounts.');
    } else if (m.resource !== 0 && m.resource !== 1) {
      throw new ContractValidateError(
        newModel
          ? 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]'
          : 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]',
      );
    }
    if (receiver.length > 0 && p.getAllowDelegateResource === 1n) {
      const receiverHex = bytesToHex(receiver);
      if (receiverHex === ownerHex)
        throw new ContractValidateError('receiverAddress must not be the same as ownerAddress');
      if (!addressValid(receiver)) throw new ContractValidateError('Invalid receiverAddress');
      const target = ctx.view.getAccount(receiverHex);
      if (!target) throw new ContractValidateError(`Account[${receiverHex}] not exists`);
      if (p.getAllowTvmConstantinople === 1n && target.type === 2)
        throw new ContractValidateError('Do not allow delegate resources to contract addresses');
    }
    if (p.getUnfreezeDelayDays > 0n) throw new ContractValidateError('freeze v2 is open, old freeze is closed');
    throw stakeOneUnsupported('FreezeBalanceContract');
  },
  execute() {
    throw stakeOneUnsupported('FreezeBalanceContract');
  },
};
