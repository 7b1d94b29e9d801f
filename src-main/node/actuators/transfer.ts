import { longToBigint } from '../../../src-core/proto/runtime';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { newAccount } from '../state/account';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { Actuator, ActuatorContext } from '../model/execution';
import { addressValid, INT64_MAX } from '../model/validation';
import type { ContractOf } from '../model/parsed-contract';
import { ContractValidateError } from '../errors';

/** TransferContract (java-tron TransferActuator): moves TRX, activating the receiver if needed. */
interface Transfer {
  owner?: Uint8Array;
  to?: Uint8Array;
  amount: bigint;
}

function read(contract: ContractOf<'TransferContract'>): Transfer {
  const m = contract.message;
  return { owner: m?.owner_address, to: m?.to_address, amount: longToBigint(m?.amount) };
}

export const transferActuator: Actuator<'TransferContract'> = {
  typeName: 'TransferContract',

  createsAccount(contract, ctx) {
    const { to } = read(contract);
    return !!to && to.length > 0 && !ctx.view.getAccount(bytesToHex(to));
  },

  validate(contract, ctx: ActuatorContext) {
    if (!contract.message)
      throw new ContractValidateError(
        'contract type error, expected type [TransferContract], real type [class com.google.protobuf.Any]',
      );
    const { owner, to, amount } = read(contract);
    const p = ctx.view.props.parameters;
    if (!addressValid(owner)) throw new ContractValidateError('Invalid ownerAddress!');
    if (!addressValid(to)) throw new ContractValidateError('Invalid toAddress!');
    const ownerHex = bytesToHex(owner);
    const toHex = bytesToHex(to);
    if (ownerHex === toHex) throw new ContractValidateError('Cannot transfer TRX to yourself.');
    const ownerAccount = ctx.view.getAccount(ownerHex);
    if (!ownerAccount) throw new ContractValidateError('Validate TransferContract error, no OwnerAccount.');
    if (amount <= 0n) throw new ContractValidateError('Amount must be greater than 0.');
    const toAccount = ctx.view.getAccount(toHex);
    let fee = 0n;
    if (!toAccount) fee += p.getCreateNewAccountFeeInSystemContract;
    if (p.getForbidTransferToContract === 1n && toAccount?.type === 2)
      throw new ContractValidateError('Cannot transfer TRX to a smartContract.');
    if (amount + fee > INT64_MAX) throw new ContractValidateError('long overflow');
    if (ownerAccount.balance < amount + fee)
      throw new ContractValidateError('Validate TransferContract error, balance is not sufficient.');
    if (toAccount && toAccount.balance + amount > INT64_MAX) throw new ContractValidateError('long overflow');
  },

  execute(contract, ctx) {
    const { to, amount } = read(contract);
    const view = ctx.view;
    const toHex = bytesToHex(to!);
    let fee = 0n;
    let toAccount = view.mutableAccount(toHex);
    if (!toAccount) {
      toAccount = newAccount(hexToBytes(toHex), {
        createTime: ctx.headTimestamp,
        activeOperations: hexToBytes(view.props.activeDefaultOperations),
      });
      view.putNewAccount(toAccount);
      fee += view.props.parameters.getCreateNewAccountFeeInSystemContract;
    }
    const ownerAccount = view.mutableAccount(contract.ownerHex)!;
    ownerAccount.balance -= amount + fee;
    view.mutable.burnedSun += fee;
    toAccount.balance += amount;
    return fee;
  },
};
