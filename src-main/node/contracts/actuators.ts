import type { HexAddress } from '../../../src-core/brand';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator, ActuatorContext, ActuatorResult } from '../actuators/actuator';
import { addressValid, ContractValidateError } from '../actuators/actuator';
import type { ParsedContract } from '../chain/tx';
import type { StateView } from '../state/view';
import { VmValidationError } from '../vm/errors';
import { internalTransactionsToSave } from '../vm/internal-transactions';
import type { VmTransactionResult } from '../vm/requests';
import type { ContractMeta } from '../vm/world-state';
import { consumeStakedEnergy, payEnergyBill } from '../resources/energy';
import { headSlotOf } from '../resources/account-usage';
import { vmActuatorResult } from './receipt';
import type { ContractRecord } from './records';
import { abiKey, addressHexOf, contractKey, stateKey, storagePrefix } from './records';
import type { ContractRuntime } from './runtime';

/**
 * The smart-contract actuators: CreateSmartContract and TriggerSmartContract run the VM (java-tron
 * VMActuator + TransactionTrace.pay, vm/README.md "Integrating into the node" step 4), and the
 * three owner settings UpdateSetting, UpdateEnergyLimit and ClearABI (java-tron-http.md §5).
 */
type Msg = Record<string, unknown>;

const EMPTY = new Uint8Array(0);

function hex(bytes: unknown): HexAddress {
  return addressHexOf(bytes as Uint8Array | undefined);
}

function int64(value: unknown): bigint {
  return longToBigint(value as never);
}

function vmIsOn(ctx: ActuatorContext): void {
  if (ctx.view.props.parameters.getAllowCreationOfContracts !== 1n)
    throw new ContractValidateError('VM work is off, need to be opened by the committee');
}

function messageOf(contract: ParsedContract, type: string): Msg {
  if (!contract.message)
    throw new ContractValidateError(
      `contract type error, expected type [${type}], real type[class com.google.protobuf.Any]`,
    );
  return contract.message;
}

/** A self-destructed contract leaves no rows, state or ABI behind (a CREATE2 address may be reused). */
function dropContractRecords(view: StateView, address: string): void {
  for (const key of [...view.extKeys(storagePrefix(address))]) view.putExt(key, null);
  view.putExt(stateKey(address), null);
  view.putExt(abiKey(address), null);
}

/**
 * After execution (java-tron TransactionTrace.pay → ReceiptCapsule.payEnergyBill), through the
 * node's energy processor: the origin's share from its stake only, the caller's part from stake
 * first and the rest burned from its balance. The stake left is the one measured before the run,
 * as java-tron does; the VM's bill (the receipt) is computed from the same figures.
 */
function payEnergy(ctx: ActuatorContext, result: VmTransactionResult, owner: HexAddress): void {
  const { view } = ctx;
  const clock = { nowSlot: headSlotOf(view.props), headTimestamp: view.props.headTimestamp };
  const { bill, limit } = result;
  if (bill.originEnergyUsage > 0n && limit.origin !== undefined)
    consumeStakedEnergy(view, limit.origin, bill.originEnergyUsage, { available: limit.originEnergyLeft, clock });
  const callerPart = bill.energyUsageTotal - bill.originEnergyUsage;
  if (callerPart > 0n) payEnergyBill(view, owner, callerPart, { available: limit.callerEnergyLeft, clock });
}

function settle(
  runtime: ContractRuntime,
  ctx: ActuatorContext,
  result: VmTransactionResult,
  owner: HexAddress,
): ActuatorResult {
  for (const address of result.deletedContracts) dropContractRecords(ctx.view, address);
  payEnergy(ctx, result, owner);
  const settings = runtime.settings;
  const outcome = vmActuatorResult(result, {
    internalTransactions: internalTransactionsToSave(result.internalTransactions, settings),
    blockTimestamp: ctx.block?.timestamp,
  });
  runtime.executions.set(outcome, result);
  return outcome;
}

async function runVm<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof VmValidationError) throw new ContractValidateError(error.message);
    throw error;
  }
}

function executionBlock(runtime: ContractRuntime, ctx: ActuatorContext) {
  return runtime.blockContext(ctx.block ?? runtime.pool.nextBlock());
}

function transactionOf(ctx: ActuatorContext) {
  if (!ctx.tx) throw new Error('A VM contract executes only as part of a transaction.');
  return ctx.tx;
}

export function createSmartContractActuator(runtime: ContractRuntime): Actuator {
  return {
    typeName: 'CreateSmartContract',
    createsAccount: () => false,
    validate(contract, ctx) {
      vmIsOn(ctx);
      messageOf(contract, 'CreateSmartContract');
    },
    async execute(contract, ctx) {
      const m = messageOf(contract, 'CreateSmartContract');
      const spec = (m.new_contract as Msg | undefined) ?? {};
      const tx = transactionOf(ctx);
      const owner = hex(m.owner_address);
      const bytecode = (spec.bytecode as Uint8Array | undefined) ?? EMPTY;
      const callValue = int64(spec.call_value);
      const vm = await runtime.machine(ctx.view.props.parameters);
      const { world } = runtime.world(ctx.view);
      const result = await runVm(() =>
        vm.runCreate({
          world,
          block: executionBlock(runtime, ctx),
          txId: tx.id,
          owner,
          originAddress: hex(spec.origin_address),
          feeLimit: int64(tx.raw.fee_limit),
          bytecode,
          consumeUserResourcePercent: int64(spec.consume_user_resource_percent),
          originEnergyLimit: int64(spec.origin_energy_limit),
          callValue,
          tokenValue: int64(m.call_token_value),
          tokenId: int64(m.token_id),
          name: (spec.name as string | undefined) ?? '',
          abi: spec.abi ?? {},
        }),
      );
      if (result.result === 'SUCCESS') {
        // ContractStore keeps the deploy transaction's own bytecode and call value.
        const meta = world.getContract(result.contractAddress);
        if (meta) world.putContract(result.contractAddress, { ...meta, bytecode, callValue } as ContractMeta);
      }
      world.flush();
      return settle(runtime, ctx, result, owner);
    },
  };
}

export function triggerSmartContractActuator(runtime: ContractRuntime): Actuator {
  return {
    typeName: 'TriggerSmartContract',
    createsAccount: () => false,
    validate(contract, ctx) {
      vmIsOn(ctx);
      messageOf(contract, 'TriggerSmartContract');
    },
    async execute(contract, ctx) {
      const m = messageOf(contract, 'TriggerSmartContract');
      const tx = transactionOf(ctx);
      const owner = hex(m.owner_address);
      const vm = await runtime.machine(ctx.view.props.parameters);
      const { world } = runtime.world(ctx.view);
      const result = await runVm(() =>
        vm.runTrigger({
          world,
          block: executionBlock(runtime, ctx),
          txId: tx.id,
          owner,
          contractAddress: hex(m.contract_address),
          data: (m.data as Uint8Array | undefined) ?? EMPTY,
          feeLimit: int64(tx.raw.fee_limit),
          callValue: int64(m.call_value),
          tokenValue: int64(m.call_token_value),
          tokenId: int64(m.token_id),
        }),
      );
      world.flush();
      return settle(runtime, ctx, result, owner);
    },
  };
}

// --- owner settings ------------------------------------------------------------------------------

interface OwnedContract {
  readonly owner: string;
  readonly address: string;
  readonly record: ContractRecord;
}

/** The checks the three setting actuators share, with each one's wording. */
function ownedContract(
  contract: ParsedContract,
  ctx: ActuatorContext,
  type: string,
  texts: { noAccount: string; noContract: string },
  extra?: (m: Msg) => void,
): OwnedContract {
  const m = messageOf(contract, type);
  const owner = m.owner_address as Uint8Array | undefined;
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const ownerHex = addressHexOf(owner);
  if (!ctx.view.getAccount(ownerHex)) throw new ContractValidateError(`Account[${ownerHex}] ${texts.noAccount}`);
  extra?.(m);
  const address = hex(m.contract_address);
  const record = ctx.view.getExt(contractKey(address)) as ContractRecord | undefined;
  if (!record) throw new ContractValidateError(texts.noContract);
  if (record.originAddress !== ownerHex)
    throw new ContractValidateError(`Account[${ownerHex}] is not the owner of the contract`);
  return { owner: ownerHex, address, record };
}

export const updateSettingActuator: Actuator = {
  typeName: 'UpdateSettingContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    ownedContract(
      contract,
      ctx,
      'UpdateSettingContract',
      { noAccount: 'does not exist', noContract: 'Contract does not exist' },
      (m) => {
        const percent = int64(m.consume_user_resource_percent);
        if (percent > 100n || percent < 0n) throw new ContractValidateError('percent not in [0, 100]');
      },
    );
  },
  execute(contract, ctx) {
    const { address, record } = ownedContract(contract, ctx, 'UpdateSettingContract', {
      noAccount: 'does not exist',
      noContract: 'Contract does not exist',
    });
    ctx.view.putExt(contractKey(address), {
      ...record,
      consumeUserResourcePercent: int64(contract.message!.consume_user_resource_percent),
    });
    return 0n;
  },
};

export const updateEnergyLimitActuator: Actuator = {
  typeName: 'UpdateEnergyLimitContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    ownedContract(
      contract,
      ctx,
      'UpdateEnergyLimitContract',
      { noAccount: 'does not exist', noContract: 'Contract does not exist' },
      (m) => {
        if (int64(m.origin_energy_limit) <= 0n) throw new ContractValidateError('origin energy limit must be > 0');
      },
    );
  },
  execute(contract, ctx) {
    const { address, record } = ownedContract(contract, ctx, 'UpdateEnergyLimitContract', {
      noAccount: 'does not exist',
      noContract: 'Contract does not exist',
    });
    ctx.view.putExt(contractKey(address), {
      ...record,
      originEnergyLimit: int64(contract.message!.origin_energy_limit),
    });
    return 0n;
  },
};

export const clearAbiActuator: Actuator = {
  typeName: 'ClearABIContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    if (ctx.view.props.parameters.getAllowTvmConstantinople !== 1n)
      throw new ContractValidateError('contract type error,unexpected type [ClearABIContract]');
    ownedContract(contract, ctx, 'ClearABIContract', { noAccount: 'not exists', noContract: 'Contract not exists' });
  },
  execute(contract, ctx) {
    const { address } = ownedContract(contract, ctx, 'ClearABIContract', {
      noAccount: 'not exists',
      noContract: 'Contract not exists',
    });
    // AbiStore keeps an empty ABI: getcontract then prints "abi":{}.
    ctx.view.putExt(abiKey(address), {});
    return 0n;
  },
};

export function contractActuators(runtime: ContractRuntime): Actuator[] {
  return [
    createSmartContractActuator(runtime),
    triggerSmartContractActuator(runtime),
    updateSettingActuator,
    updateEnergyLimitActuator,
    clearAbiActuator,
  ];
}
