import { CONTRACT_TYPE_IDS } from '../../../src-core/tx/contract-types';
import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import type { Actuator, ActuatorContext, ActuatorResult } from '../model/execution';
import type { ContractOf, ParsedContract } from '../model/parsed-contract';
import { isContractOf } from '../model/parsed-contract';
import { transferActuator } from './transfer';
import { accountCreateActuator } from './account-create';
import { accountUpdateActuator } from './account-update';
import { accountPermissionUpdateActuator } from './account-permission-update';
import { freezeBalanceV2Actuator } from './freeze-balance-v2';
import { unfreezeBalanceV2Actuator } from './unfreeze-balance-v2';
import { withdrawExpireUnfreezeActuator } from './withdraw-expire-unfreeze';
import { cancelAllUnfreezeV2Actuator } from './cancel-all-unfreeze-v2';
import { delegateResourceActuator } from './delegate-resource';
import { unDelegateResourceActuator } from './undelegate-resource';
import { voteWitnessActuator } from './vote-witness';
import { withdrawBalanceActuator } from './withdraw-balance';
import { witnessCreateActuator } from './witness-create';
import { witnessUpdateActuator } from './witness-update';
import { updateBrokerageActuator } from './update-brokerage';
import { assetIssueActuator } from './asset-issue';
import { transferAssetActuator } from './transfer-asset';
import { participateAssetIssueActuator } from './participate-asset-issue';
import { createSmartContractActuator } from './create-smart-contract';
import { triggerSmartContractActuator } from './trigger-smart-contract';
import { updateSettingActuator } from './update-setting';
import { updateEnergyLimitActuator } from './update-energy-limit';
import { clearAbiActuator } from './clear-abi';
import { proposalCreateActuator } from './proposal-create';
import { proposalApproveActuator } from './proposal-approve';
import { proposalDeleteActuator } from './proposal-delete';
import { exchangeCreateActuator } from './exchange-create';
import { exchangeInjectActuator } from './exchange-inject';
import { exchangeWithdrawActuator } from './exchange-withdraw';
import { exchangeTransactionActuator } from './exchange-transaction';
import { setAccountIdActuator } from './set-account-id';
import { updateAssetActuator } from './update-asset';
import { unfreezeAssetActuator } from './unfreeze-asset';
import { freezeBalanceActuator } from './freeze-balance';
import { unfreezeBalanceActuator } from './unfreeze-balance';
import type { ContractRuntime } from '../vm-host/runtime';

/**
 * Contract type id → actuator. Types without an entry are refused at admission instead of being
 * half-executed.
 */
/** What transaction processing calls: an actuator taking any parsed contract, checked to be of its type first. */
export interface RegisteredActuator {
  readonly typeName: ContractTypeName;
  createsAccount(contract: ParsedContract, ctx: ActuatorContext): boolean;
  validate(contract: ParsedContract, ctx: ActuatorContext): void;
  execute(contract: ParsedContract, ctx: ActuatorContext): bigint | ActuatorResult | Promise<ActuatorResult>;
}

function registered<K extends ContractTypeName>(actuator: Actuator<K>): RegisteredActuator {
  const own = (contract: ParsedContract): ContractOf<K> => {
    if (!isContractOf(contract, actuator.typeName))
      throw new Error(`The ${actuator.typeName} actuator was given a ${contract.typeName ?? contract.type} contract.`);
    return contract;
  };
  return {
    typeName: actuator.typeName,
    createsAccount: (contract, ctx) => actuator.createsAccount(own(contract), ctx),
    validate: (contract, ctx) => actuator.validate(own(contract), ctx),
    execute: (contract, ctx) => actuator.execute(own(contract), ctx),
  };
}

export class ActuatorRegistry {
  private readonly byType = new Map<number, RegisteredActuator>();

  register<K extends ContractTypeName>(actuator: Actuator<K>): void {
    this.byType.set(CONTRACT_TYPE_IDS[actuator.typeName], registered(actuator));
  }

  get(type: number): RegisteredActuator | undefined {
    return this.byType.get(type);
  }

  types(): string[] {
    return [...this.byType.values()].map((a) => a.typeName);
  }

  /** Registers each of `actuators` whose type has no actuator yet (a caller's own choice wins). */
  registerMissing(actuators: readonly Actuator[]): void {
    const registered = new Set(this.types());
    for (const actuator of actuators) if (!registered.has(actuator.typeName)) this.register(actuator);
  }
}

export function defaultActuators(): ActuatorRegistry {
  const registry = new ActuatorRegistry();
  for (const a of [transferActuator, accountCreateActuator, accountUpdateActuator, accountPermissionUpdateActuator])
    registry.register(a);
  // Stake 2.0, votes, rewards, representatives and TRC-10.
  for (const a of [
    freezeBalanceV2Actuator,
    unfreezeBalanceV2Actuator,
    withdrawExpireUnfreezeActuator,
    cancelAllUnfreezeV2Actuator,
    delegateResourceActuator,
    unDelegateResourceActuator,
    voteWitnessActuator,
    withdrawBalanceActuator,
    witnessCreateActuator,
    witnessUpdateActuator,
    updateBrokerageActuator,
    assetIssueActuator,
    transferAssetActuator,
    participateAssetIssueActuator,
  ]) {
    registry.register(a);
  }
  // The contract origin's settings; the VM's own two need the node's VM host (vmActuators).
  for (const a of [updateSettingActuator, updateEnergyLimitActuator, clearAbiActuator]) registry.register(a);
  // Governance: proposals decided at maintenance.
  for (const a of [proposalCreateActuator, proposalApproveActuator, proposalDeleteActuator]) registry.register(a);
  // Bancor exchanges.
  for (const a of [
    exchangeCreateActuator,
    exchangeInjectActuator,
    exchangeWithdrawActuator,
    exchangeTransactionActuator,
  ])
    registry.register(a);
  // Account ids, TRC-10 upkeep, and Stake 1.0's refusals.
  for (const a of [
    setAccountIdActuator,
    updateAssetActuator,
    unfreezeAssetActuator,
    freezeBalanceActuator,
    unfreezeBalanceActuator,
  ])
    registry.register(a);
  return registry;
}

/** CreateSmartContract and TriggerSmartContract, which run the VM hosted by `runtime`. */
export function vmActuators(runtime: ContractRuntime): Actuator[] {
  return [createSmartContractActuator(runtime), triggerSmartContractActuator(runtime)];
}
