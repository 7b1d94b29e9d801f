import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import type { protocol } from '../../../src-core/proto/runtime';
import { messageToJson } from '../../../src-core/proto/json-codec';
import { validatePermissionUpdate } from '../../../src-core/permission/validate';
import { operationBits } from '../../../src-core/permission/operations';
import type { PermissionRecord } from '../state/account';
import { permissionFromMessage } from '../state/account';
import type { Actuator } from '../model/execution';
import { addressValid, insufficientBalance, requireMessage } from '../model/validation';
import { ContractValidateError } from '../errors';

/**
 * AccountPermissionUpdateContract (java-tron
 * AccountPermissionUpdateActuator): replaces owner, witness and every active permission; the fee is charged in execute,
 * so an account that cannot pay fails with CONTRACT_EXE_ERROR at broadcast. The structure rules are
 * src-core/permission's, which carry java-tron's messages.
 */
const TYPE_ERROR =
  'contract type error,expected type [AccountPermissionUpdateContract],real type[class com.google.protobuf.Any]';

export const accountPermissionUpdateActuator: Actuator<'AccountPermissionUpdateContract'> = {
  typeName: 'AccountPermissionUpdateContract',

  createsAccount() {
    return false;
  },

  validate(contract, ctx) {
    const props = ctx.view.props;
    if (props.parameters.getAllowMultiSign !== 1n)
      throw new ContractValidateError('multi sign is not allowed, need to be opened by the committee');
    const m = requireMessage(contract, TYPE_ERROR);
    const owner = m.owner_address;
    const account = addressValid(owner) ? ctx.view.getAccount(bytesToHex(owner)) : undefined;
    const update = messageToJson('protocol.AccountPermissionUpdateContract', m, { visible: false });
    const issues = validatePermissionUpdate(update, {
      isWitness: account?.isWitness === true,
      accountExists: account !== undefined,
      chainParameters: props.parameters,
      totalSignNum: props.totalSignNum,
      availableContractTypes: operationBits(hexToBytes(props.availableContractType)),
      nameLength: 'java-chars',
    });
    const first = issues.find((issue) => issue.nodeMessage !== undefined);
    if (first) throw new ContractValidateError(first.nodeMessage!);
  },

  execute(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const view = ctx.view;
    const fee = view.props.parameters.getUpdateAccountPermissionFee;
    const account = view.mutableAccount(bytesToHex(m.owner_address))!;
    const withId = (p: protocol.Permission.$Properties, id: number): PermissionRecord => ({
      ...permissionFromMessage(p),
      id,
    });
    // validate() refused an update without an owner permission.
    account.ownerPermission = withId(m.owner!, 0);
    if (m.witness && account.isWitness) account.witnessPermission = withId(m.witness, 1);
    account.activePermissions = m.actives.map((p, i) => withId(p, i + 2));
    if (account.balance < fee) throw insufficientBalance(account.addressHex, account.balance, fee);
    account.balance -= fee;
    view.mutable.burnedSun += fee;
    return fee;
  },
};
