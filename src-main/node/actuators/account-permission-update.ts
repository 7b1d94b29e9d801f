import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { messageToJson } from '../../../src-core/proto/json-codec';
import { validatePermissionUpdate } from '../../../src-core/permission/validate';
import { operationBits } from '../../../src-core/permission/operations';
import type { PermissionRecord } from '../state/account';
import { permissionFromMessage } from '../state/account';
import type { Actuator } from './actuator';
import { addressValid, insufficientBalance } from './actuator';
import { ContractValidateError } from '../errors';

/**
 * AccountPermissionUpdateContract (java-tron AccountPermissionUpdateActuator, java-tron-http.md
 * §5): replaces owner, witness and every active permission; the fee is charged in execute, so an
 * account that cannot pay fails with CONTRACT_EXE_ERROR at broadcast. The structure rules are
 * src-core/permission's, which carry java-tron's messages.
 */
type Msg = Record<string, unknown>;

export const accountPermissionUpdateActuator: Actuator = {
  typeName: 'AccountPermissionUpdateContract',

  createsAccount() {
    return false;
  },

  validate(contract, ctx) {
    const props = ctx.view.props;
    if (props.parameters.getAllowMultiSign !== 1n)
      throw new ContractValidateError('multi sign is not allowed, need to be opened by the committee');
    if (!contract.message)
      throw new ContractValidateError(
        'contract type error,expected type [AccountPermissionUpdateContract],real type[class com.google.protobuf.Any]',
      );
    const m = contract.message;
    const owner = m.owner_address as Uint8Array | undefined;
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
    const m = contract.message!;
    const view = ctx.view;
    const fee = view.props.parameters.getUpdateAccountPermissionFee;
    const account = view.mutableAccount(bytesToHex(m.owner_address as Uint8Array))!;
    const withId = (p: Msg, id: number): PermissionRecord => ({ ...permissionFromMessage(p), id });
    account.ownerPermission = withId(m.owner as Msg, 0);
    if (m.witness && account.isWitness) account.witnessPermission = withId(m.witness as Msg, 1);
    account.activePermissions = ((m.actives as Msg[] | undefined) ?? []).map((p, i) => withId(p, i + 2));
    if (account.balance < fee) throw insufficientBalance(account.addressHex, account.balance, fee);
    account.balance -= fee;
    view.mutable.burnedSun += fee;
    return fee;
  },
};
