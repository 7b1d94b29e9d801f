import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { PermissionRecord } from '../state/account';
import { PERMISSION_TYPE, permissionFromMessage } from '../state/account';
import type { Actuator, ActuatorContext } from './actuator';
import { addressValid, ContractValidateError, INT64_MAX, insufficientBalance } from './actuator';

/**
 * AccountPermissionUpdateContract (java-tron AccountPermissionUpdateActuator, java-tron-http.md
 * §5): replaces owner, witness and every active permission; the fee is charged in execute, so an
 * account that cannot pay fails with CONTRACT_EXE_ERROR at broadcast.
 * NOTE: permission structure rules will also live in src-core/permission; de-duplicate then.
 */
type Msg = Record<string, unknown>;

const TYPE_NAMES = ['Owner', 'Witness', 'Active'];

function typeName(type: number): string {
  return TYPE_NAMES[type] ?? String(type);
}

function checkPermission(p: Msg, ctx: ActuatorContext): void {
  const props = ctx.view.props;
  const keys = (p.keys as Msg[] | undefined) ?? [];
  const type = (p.type as number | undefined) ?? 0;
  const threshold = longToBigint(p.threshold as never);
  if (keys.length > props.totalSignNum) throw new ContractValidateError(`number of keys in permission should not be greater than ${props.totalSignNum}`);
  if (keys.length === 0) throw new ContractValidateError("key's count should be greater than 0");
  if (type === PERMISSION_TYPE.Witness && keys.length !== 1) throw new ContractValidateError("Witness permission's key count should be 1");
  if (threshold <= 0n) throw new ContractValidateError("permission's threshold should be greater than 0");
  const name = (p.permission_name as string | undefined) ?? '';
  if (name.length > 32) throw new ContractValidateError("permission's name is too long");
  if (((p.parent_id as number | undefined) ?? 0) !== 0) throw new ContractValidateError("permission's parent should be owner");
  const distinct = new Set(keys.map((k) => bytesToHex((k.address as Uint8Array | undefined) ?? new Uint8Array())));
  if (distinct.size !== keys.length) throw new ContractValidateError(`address should be distinct in permission ${typeName(type)}`);
  let sum = 0n;
  for (const key of keys) {
    if (!addressValid(key.address as Uint8Array | undefined)) throw new ContractValidateError('key is not a validate address');
    const weight = longToBigint(key.weight as never);
    if (weight <= 0n) throw new ContractValidateError("key's weight should be greater than 0");
    sum += weight;
    if (sum > INT64_MAX) throw new ContractValidateError('long overflow');
  }
  if (sum < threshold) throw new ContractValidateError(`sum of all key's weight should not be less than threshold in permission ${typeName(type)}`);
  const operations = (p.operations as Uint8Array | undefined) ?? new Uint8Array();
  if (type !== PERMISSION_TYPE.Active) {
    if (operations.length > 0) throw new ContractValidateError(`${typeName(type)} permission needn't operations`);
    return;
  }
  if (operations.length !== 32) throw new ContractValidateError('operations size must 32');
  const available = hexToBytes(props.availableContractType);
  for (let i = 0; i < 256; i++) {
    const wanted = (operations[i >> 3]! & (1 << (i & 7))) !== 0;
    const allowed = (available[i >> 3]! & (1 << (i & 7))) !== 0;
    if (wanted && !allowed) throw new ContractValidateError(`${i} isn't a validate ContractType`);
  }
}

export const accountPermissionUpdateActuator: Actuator = {
  typeName: 'AccountPermissionUpdateContract',

  createsAccount() {
    return false;
  },

  validate(contract, ctx) {
    const props = ctx.view.props;
    if (props.parameters.getAllowMultiSign !== 1n) throw new ContractValidateError('multi sign is not allowed, need to be opened by the committee');
    if (!contract.message) throw new ContractValidateError('contract type error,expected type [AccountPermissionUpdateContract],real type[class com.google.protobuf.Any]');
    const m = contract.message;
    const owner = m.owner_address as Uint8Array | undefined;
    if (!addressValid(owner)) throw new ContractValidateError('invalidate ownerAddress');
    const account = ctx.view.getAccount(bytesToHex(owner));
    if (!account) throw new ContractValidateError('ownerAddress account does not exist');
    const ownerPermission = m.owner as Msg | null | undefined;
    const witness = m.witness as Msg | null | undefined;
    const actives = (m.actives as Msg[] | undefined) ?? [];
    if (!ownerPermission) throw new ContractValidateError('owner permission is missed');
    if (account.isWitness) {
      if (!witness) throw new ContractValidateError('witness permission is missed');
    } else if (witness) {
      throw new ContractValidateError("account isn't witness can't set witness permission");
    }
    if (actives.length === 0) throw new ContractValidateError('active permission is missed');
    if (actives.length > 8) throw new ContractValidateError('active permission is too many');
    if (((ownerPermission.type as number | undefined) ?? 0) !== PERMISSION_TYPE.Owner) throw new ContractValidateError('owner permission type is error');
    checkPermission(ownerPermission, ctx);
    if (account.isWitness) {
      if (((witness!.type as number | undefined) ?? 0) !== PERMISSION_TYPE.Witness) throw new ContractValidateError('witness permission type is error');
      checkPermission(witness!, ctx);
    }
    for (const active of actives) {
      if (((active.type as number | undefined) ?? 0) !== PERMISSION_TYPE.Active) throw new ContractValidateError('active permission type is error');
      checkPermission(active, ctx);
    }
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
